#!/usr/bin/env python3
"""Executions and time to the first bug for each search strategy (issue 14; the shape of the
dissertation's Table 8.2) on the programs in bench/bugs/.

    bench/bug_hunt.py --bporcheck build/tools/bporcheck/bporcheck [--time-limit 20] [--seeds 5]

Columns: depth-first DPOR (--por=dpor), optimal DPOR, BPOR with --iterate up to 16 preemptions
and up to 16 context switches, best-first BPOR (fewest preemptions first; what --find-bug
runs), best-first guided by DPOR within 3 preemptions (BF(Dpor, Pb)), best-first in random
order (BF(Random)) and PCT with depth 3, the last two as the median over --seeds seeds with
the number of seeds that found the bug. Programs that spin get --fair=2 in the bounded and
best-first searches (depth-first DPOR and optimal DPOR have no fair bound: a spin that never
ends is cut at the depth limit). A cell is "executions / milliseconds of search" up to and
including the first error; "-" if the search ended or stopped without one.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SPINNING = {"fair_spin_handoff.c", "ticket_lock_nonatomic.c"}


def run(bporcheck, program, args, time_limit):
    command = [bporcheck, "--json", "--no-progress", f"--time-limit={time_limit}"] + args + [program]
    proc = subprocess.run(command, capture_output=True, text=True, timeout=time_limit * 3 + 60)
    if proc.returncode not in (0, 1, 3):
        raise RuntimeError(f"{' '.join(command)} exited {proc.returncode}: {proc.stderr.strip()}")
    result = json.loads(proc.stdout)
    found = result["verdict"] == "error" and result["error"]["kind"] != "depth limit"
    return found, result["executions"], result["time_s"] * 1000, result


def cell(found, executions, ms):
    return f"{executions:,} / {ms:.1f}" if found else "-"


def random_cell(bporcheck, program, args, time_limit, seeds):
    hits = []
    for seed in range(1, seeds + 1):
        found, executions, ms, _ = run(bporcheck, program, args + [f"--seed={seed}"], time_limit)
        if found:
            hits.append((executions, ms))
    if not hits:
        return f"- (0/{seeds})"
    return (f"{statistics.median(h[0] for h in hits):,.0f} / "
            f"{statistics.median(h[1] for h in hits):.1f} ({len(hits)}/{seeds})")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bporcheck", required=True)
    parser.add_argument("--time-limit", type=float, default=20.0)
    parser.add_argument("--seeds", type=int, default=5)
    options = parser.parse_args()
    columns = ["DFS DPOR", "optimal DPOR", "BPOR Pb --iterate", "BPOR Cb --iterate",
               "best-first BPOR", "BF(Dpor, Pb<=3)", "BF(Random)", "PCT d=3"]
    print("| program | first error | " + " | ".join(columns) + " |")
    print("|---|---|" + "---|" * len(columns))
    for name in sorted(os.listdir(os.path.join(HERE, "bugs"))):
        if not name.endswith(".c"):
            continue
        program = os.path.join(HERE, "bugs", name)
        fair = ["--fair=2"] if name in SPINNING else []
        row = []
        kind = None
        for args in (["--por=dpor"], ["--por=optimal"],
                     ["--por=bpor", "--iterate", "--preemptions=16"] + fair,
                     ["--por=bpor", "--iterate", "--contexts=16"] + fair,
                     ["--strategy=best-first"] + fair,
                     ["--strategy=best-first", "--best-first-priority=dpor",
                      "--preemptions=3"] + fair):
            found, executions, ms, result = run(options.bporcheck, program, args,
                                                options.time_limit)
            if found and kind is None:
                kind = result["error"]["kind"]
            row.append(cell(found, executions, ms))
        row.append(random_cell(options.bporcheck, program,
                               ["--strategy=best-first", "--best-first-priority=random"] + fair,
                               options.time_limit, options.seeds))
        row.append(random_cell(options.bporcheck, program,
                               ["--por=pct", "--pct-depth=3", "--max-executions=100000"],
                               options.time_limit, options.seeds))
        label = name + (" (fair bound 2)" if fair else "")
        print(f"| {label} | {kind or 'none'} | " + " | ".join(row) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
