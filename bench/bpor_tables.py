#!/usr/bin/env python3
"""The BPOR tables of docs/results.md, in the shape of the dissertation's chapter 8, as markdown.

  python3 bench/bpor_tables.py --bporcheck build/tools/bporcheck/bporcheck
        [--time-limit 30] [--max-bound 16] [--only coverage|dpor|optimizations|bugs]
        [--programs a,b]

1. Coverage per bound (8.4-8.6): for each program in bench/bpor/ and each relevant bound, c
   from 0 up to saturation (the first c whose search completes with `bound_pruned` false) or
   until the search hits --time-limit: executions and unique local states (--hash-states) for
   plain bounded search (--por=none), BPOR with every optimization off, and BPOR with all of
   them (the default switches).
   Plain bounded search and BPOR must reach the same unique local states at every c (both
   cover exactly the local states reachable within the bound): any difference is a soundness
   bug, printed as MISMATCH in the table and on stderr with the commands, and the script exits 1.
2. BPOR (all optimizations) at the saturating bound against DPOR (--por=dpor): executions,
   their ratio, and the unique local states (which must be equal too).
3. Executions of BPOR with each optimization of chapter 6 alone (Figures 8.9-8.10), at one
   bound value per bound function, against none and all of them.
4. Time and executions to the first bug (Table 8.2) for the programs in bench/bugs/: DPOR,
   plain bounded search with --iterate and BPOR with --iterate, for the preemption and context
   bounds (combined with fair bound 2 for programs that spin).

Record the output with the command line in docs/results.md.
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

NO_OPTIMIZATIONS = ["--no-transitive-reduction", "--no-release-optimization",
                    "--no-thread-start-optimization", "--no-bound-optimization",
                    "--no-sleep-sets", "--no-alternative-thread"]

# The three searches of the coverage tables: (column title, bporcheck arguments).
SEARCHES = [
    ("plain bounded", ["--por=none"]),
    ("BPOR, no optimization", ["--por=bpor"] + NO_OPTIMIZATIONS),
    ("BPOR, all optimizations", ["--por=bpor"]),
]

# Program -> the bounds its coverage table covers: (title, option, extra arguments). A spin
# loop makes every bound but the fair bound infinite, so the spin test is searched under the
# fair bound alone and under fair bound 2 combined with the preemption bound (6.6).
COVERAGE = {
    "reset_event.c": [("preemption", "--preemptions", []), ("context", "--contexts", []),
                      ("delta", "--delta", []), ("local context", "--local-context", [])],
    "fft.c": [("preemption", "--preemptions", []), ("context", "--contexts", []),
              ("delta", "--delta", [])],
    "mailbox.c": [("preemption", "--preemptions", []), ("context", "--contexts", []),
                  ("delta", "--delta", [])],
    "fair_spin.c": [("fair", "--fair", []),
                    ("preemption (with fair bound 2)", "--preemptions", ["--fair=2"])],
}

# Programs that spin: their bug searches combine the bound with fair bound 2.
SPINNING = {"fair_spin.c", "fair_spin_handoff.c", "ticket_lock_nonatomic.c"}


class Runner:
    def __init__(self, bporcheck, time_limit):
        self.bporcheck = bporcheck
        self.time_limit = time_limit
        self.mismatches = []

    def command(self, program, args, hash_states=True):
        extra = ["--hash-states"] if hash_states else []
        return ([self.bporcheck, "--json", "--no-progress", f"--time-limit={self.time_limit}"] +
                extra + args + [program])

    def run(self, program, args, hash_states=True):
        command = self.command(program, args, hash_states)
        proc = subprocess.run(command, capture_output=True, text=True,
                              timeout=self.time_limit * 3 + 120)
        if proc.returncode not in (0, 1):
            raise RuntimeError(f"{' '.join(command)} exited {proc.returncode}: "
                               f"{proc.stderr.strip()}")
        result = json.loads(proc.stdout)
        result["command"] = " ".join(command)
        return result


def timed_out(r):
    return not r["complete"]


def saturated(r):
    return r["complete"] and not r["bound_pruned"]


def cell(r):
    """executions / unique local states of one search, with its status."""
    if r is None:
        return "", ""
    states = r.get("unique_local_states")
    states = "?" if states is None else f"{states:,}"
    if timed_out(r):
        return f"≥{r['executions']:,} (limit)", f"≥{states}"
    mark = " (sat.)" if saturated(r) else ""
    return f"{r['executions']:,}{mark}", states


def coverage_table(runner, program, title, option, extra, max_bound):
    """Rows for c = 0, 1, ... until every search saturated or hit the time limit. Returns the
    markdown lines and the saturating BPOR (all optimizations) result, if any."""
    lines = [f"#### {os.path.basename(program)}: {title} bound", "",
             "| c | " + " | ".join(f"{name}: executions | {name}: states"
                                     for name, _ in SEARCHES) + " | time (s) plain / none / all |",
             "|---|" + "---|---|" * len(SEARCHES) + "---|"]
    done = [False] * len(SEARCHES)
    saturating = None
    for c in range(max_bound + 1):
        if all(done):
            break
        results = []
        for i, (_, args) in enumerate(SEARCHES):
            if done[i]:
                results.append(None)
                continue
            r = runner.run(program, args + extra + [f"{option}={c}"])
            results.append(r)
            if timed_out(r) or saturated(r):
                done[i] = True
        # The reference is the first complete search of the row: plain bounded search, or
        # BPOR without optimizations once plain search hits the time limit.
        complete = [i for i, r in enumerate(results) if r is not None and not timed_out(r)]
        reference = results[complete[0]] if complete else None
        cells = []
        for i, r in enumerate(results):
            executions, states = cell(r)
            if (complete and i > complete[0] and i in complete and
                    r["unique_local_states"] != reference["unique_local_states"]):
                states += " **MISMATCH**"
                runner.mismatches.append((reference["command"], reference["unique_local_states"],
                                          r["command"], r["unique_local_states"]))
            cells += [executions, states]
        times = " / ".join("" if r is None else f"{r['time_s']:.2f}" for r in results)
        lines.append(f"| {c} | " + " | ".join(cells) + f" | {times} |")
        if results[2] is not None and saturated(results[2]):
            saturating = (c, results[2])
    if not all(done):
        lines.append("")
        lines.append(f"(stopped at c = {max_bound}, the --max-bound given)")
    lines.append("")
    return lines, saturating


def dpor_row(runner, program, title, saturating, dpor):
    if saturating is None:
        return (f"| {os.path.basename(program)} | {title} | not saturated | | "
                f"{dpor['executions']:,} | | | | | |")
    c, r = saturating
    ratio = r["executions"] / dpor["executions"] if dpor["executions"] else float("inf")
    states = f"{r['unique_local_states']:,} / {dpor['unique_local_states']:,}"
    if r["unique_local_states"] != dpor["unique_local_states"] and dpor["complete"]:
        states += " **MISMATCH**"
        runner.mismatches.append((dpor["command"], dpor["unique_local_states"], r["command"],
                                  r["unique_local_states"]))
    return (f"| {os.path.basename(program)} | {title} | {c} | {r['executions']:,} | "
            f"{dpor['executions']:,} | {ratio:.2f} | {r['finished']:,} / {dpor['finished']:,} | "
            f"{r['blocked']:,} / {dpor['blocked']:,} | {r['steps']:,} / {dpor['steps']:,} | "
            f"{states} |")


def coverage_and_dpor(runner, programs, max_bound, print_coverage, print_dpor):
    dpor_lines = ["| program | bound | saturating c | BPOR executions | DPOR executions | "
                  "BPOR / DPOR | finished BPOR / DPOR | sleep-set blocked BPOR / DPOR | "
                  "steps BPOR / DPOR | unique local states BPOR / DPOR |",
                  "|---|---|---|---|---|---|---|---|---|---|"]
    for name, bounds in COVERAGE.items():
        if programs and name not in programs:
            continue
        program = os.path.join(HERE, "bpor", name)
        dpor = None if name in SPINNING else runner.run(program, ["--por=dpor"])
        for title, option, extra in bounds:
            lines, saturating = coverage_table(runner, program, title, option, extra, max_bound)
            if print_coverage:
                print("\n".join(lines), flush=True)
            if dpor is not None:
                dpor_lines.append(dpor_row(runner, program, title, saturating, dpor))
    if print_dpor:
        print("#### BPOR (all optimizations) at the saturating bound against DPOR\n")
        print("\n".join(dpor_lines))
        print()


# Each optimization of chapter 6 alone, as in the dissertation's Figures 8.9-8.10: (name, the
# switches that turn it on again when every other one is off).
OPTIMIZATIONS = [
    ("transitive reduction (6.1)", "--no-transitive-reduction"),
    ("alternative thread (6.2)", "--no-alternative-thread"),
    ("release (6.3)", "--no-release-optimization"),
    ("thread start (6.3)", "--no-thread-start-optimization"),
    ("bound (6.4)", "--no-bound-optimization"),
    ("sleep sets (6.5)", "--no-sleep-sets"),
]

# The bound value at which each optimization is measured alone: one below or at the point
# where the unoptimized search gets expensive, per bound option.
OPTIMIZATION_BOUND = {"--preemptions": 3, "--contexts": 5, "--delta": 4, "--fair": 2,
                      "--local-context": 3}


def optimization_table(runner, programs):
    names = [name for name, _ in OPTIMIZATIONS]
    print("#### Executions of BPOR with each optimization alone\n")
    print("| program | bound | c | none | " + " | ".join(names) + " | all | unique local states |")
    print("|---|---|---|---|" + "---|" * len(names) + "---|---|")
    for name, bounds in COVERAGE.items():
        if programs and name not in programs:
            continue
        program = os.path.join(HERE, "bpor", name)
        for title, option, extra in bounds:
            c = OPTIMIZATION_BOUND[option]
            bound = extra + [f"{option}={c}"]
            runs = [runner.run(program, ["--por=bpor"] + NO_OPTIMIZATIONS + bound)]
            for _, switch in OPTIMIZATIONS:
                runs.append(runner.run(program, ["--por=bpor"] + bound +
                                       [s for s in NO_OPTIMIZATIONS if s != switch]))
            runs.append(runner.run(program, ["--por=bpor"] + bound))
            states = {r["unique_local_states"] for r in runs if not timed_out(r)}
            if len(states) > 1:
                runner.mismatches += [(runs[0]["command"], runs[0]["unique_local_states"],
                                       r["command"], r["unique_local_states"]) for r in runs[1:]]
            state_cell = " / ".join(f"{s:,}" for s in sorted(states))
            if len(states) > 1:
                state_cell += " **MISMATCH**"
            cells = [cell(r)[0] for r in runs]
            print(f"| {name} | {title} | {c} | " + " | ".join(cells) + f" | {state_cell} |",
                  flush=True)
    print()


def first_bound_with_bug(runner, program, option, extra, max_bound):
    for c in range(max_bound + 1):
        r = runner.run(program, ["--por=bpor"] + extra + [f"{option}={c}"], hash_states=False)
        if r["verdict"] == "error":
            return c
        if saturated(r) or timed_out(r):
            return None
    return None


def bug_cell(runner, program, args, repeat):
    best = None
    for _ in range(repeat):
        r = runner.run(program, args, hash_states=False)
        if best is None or r["time_s"] < best["time_s"]:
            best = r
    if best["verdict"] != "error":
        limit = " (time limit)" if timed_out(best) else ""
        return f"not found{limit}, {best['executions']:,} ex."
    return f"{best['time_s'] * 1000:.1f} ms, {best['executions']:,} ex."


def bug_table(runner, programs, max_bound, repeat):
    print("#### Time and executions to the first bug\n")
    print("| program | error | DPOR | Pb: c | plain Pb --iterate | BPOR Pb --iterate | Cb: c | "
          "plain Cb --iterate | BPOR Cb --iterate |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name in sorted(os.listdir(os.path.join(HERE, "bugs"))):
        if not name.endswith(".c") or (programs and name not in programs):
            continue
        program = os.path.join(HERE, "bugs", name)
        extra = ["--fair=2"] if name in SPINNING else []
        dpor = runner.run(program, ["--por=dpor"], hash_states=False)
        kind = dpor["error"]["kind"] if dpor["error"] else "none"
        row = [name + (" (fair bound 2)" if extra else ""), kind,
               bug_cell(runner, program, ["--por=dpor"], repeat)]
        for option in ("--preemptions", "--contexts"):
            c = first_bound_with_bug(runner, program, option, extra, max_bound)
            row.append("-" if c is None else str(c))
            for por in ("none", "bpor"):
                row.append(bug_cell(runner, program, [f"--por={por}", "--iterate"] + extra +
                                    [f"{option}={max_bound}"], repeat))
        print("| " + " | ".join(row) + " |", flush=True)
    print()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bporcheck", required=True)
    parser.add_argument("--time-limit", type=float, default=30.0,
                        help="seconds per search (bporcheck --time-limit)")
    parser.add_argument("--max-bound", type=int, default=16)
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs per bug search; the fastest is shown")
    parser.add_argument("--only", choices=["coverage", "dpor", "optimizations", "bugs"])
    parser.add_argument("--programs", default="",
                        help="comma-separated file names to restrict to (e.g. fft.c)")
    args = parser.parse_args()
    runner = Runner(args.bporcheck, args.time_limit)
    programs = set(filter(None, args.programs.split(",")))

    if args.only in (None, "coverage", "dpor"):
        coverage_and_dpor(runner, programs, args.max_bound, args.only in (None, "coverage"),
                          args.only in (None, "dpor"))
    if args.only in (None, "optimizations"):
        optimization_table(runner, programs)
    if args.only in (None, "bugs"):
        bug_table(runner, programs, args.max_bound, args.repeat)

    if runner.mismatches:
        print("SOUNDNESS: unique local states differ (reference first):", file=sys.stderr)
        for ref_cmd, ref_states, cmd, states in runner.mismatches:
            print(f"  {ref_states} states: {ref_cmd}\n  {states} states: {cmd}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
