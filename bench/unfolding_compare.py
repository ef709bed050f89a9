#!/usr/bin/env python3
"""Unfolding-based POR with and without cutoffs against optimal DPOR and the stateful search
(docs/results.md, "Unfolding"), on the families of seeds/004 written anew in C (bench/unfolding:
parallel sum, dispatcher, Szymanski) and the busy-wait algorithms of bench/spin, each scaled by
a parameter:

  python3 bench/unfolding_compare.py --bporcheck build/tools/bporcheck/bporcheck
        [--time-limit 60] [--markdown]

For each program and parameter it runs --por=unfolding, --por=unfolding --cutoffs=false,
--por=optimal and --search=stateful, each for at most --time-limit seconds (the stateless ones
with --max-depth 5000, so that a spin shows up as "inconclusive"), and prints the verdict,
the maximal configurations or executions (the stateful search: states), the unfolding's events
and cutoffs, time and peak memory.
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# (file, macro, values): the parameter each program is scaled by.
PROGRAMS = [
    ("unfolding/parallel_sum.c", "N", [3, 5, 7, 8, 9]),
    ("unfolding/dispatcher.c", "R", [2, 4, 6, 8]),
    ("unfolding/independent_pairs.c", "N", [4, 6, 8]),
    ("unfolding/independent_pairs.c -DSPIN", "N", [4, 6, 8]),
    ("unfolding/szymanski.c", "ROUNDS", [1, 3, 5]),
    ("spin/peterson.c", "ROUNDS", [1, 3, 5]),
    ("spin/dekker.c", "ROUNDS", [1, 2, 3]),
    ("spin/ticket.c", "THREADS", [2, 3, 4]),
    ("spin/buffer.c", "ITEMS", [2, 4, 8]),
]

MODES = [
    ("unfolding", ["--por=unfolding"]),
    ("unfolding, no cutoffs", ["--por=unfolding", "--cutoffs=false", "--max-depth=5000"]),
    ("optimal DPOR", ["--por=optimal", "--max-depth=5000"]),
    ("stateful", ["--search=stateful"]),
]


def number(pattern, text, default=""):
    match = re.search(pattern, text, re.MULTILINE)
    return match.group(1) if match else default


def run(bporcheck, path, macro, value, flags, time_limit):
    # A program may carry a fixed macro after its name ("file.c -DSPIN").
    path, *fixed = path.split()
    command = [bporcheck, "--no-progress", f"--time-limit={time_limit}", f"-D{macro}={value}"]
    command += fixed + flags + [path]
    proc = subprocess.run(command, capture_output=True, text=True)
    out = proc.stdout
    verdict = number(r"^verdict: ([a-z ]+?)(?::|\s*\()", out, "?").strip()
    if "inconclusive" in out and "more than" in out:
        verdict = "spins past --max-depth"
    elif "ok so far" in out:
        verdict = "time limit"
    return {
        "verdict": verdict,
        "executions": number(r"^executions: (\d+)", out),
        "states": number(r"^states: (\d+) stored", out),
        "events": number(r"^unfolding: (\d+) events", out),
        "cutoffs": number(r"^unfolding: \d+ events, (\d+) cutoffs", out),
        "time": float(number(r"^time: ([0-9.]+) s", out, "0")),
        "memory": number(r"peak memory: (\d+) KiB", out),
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bporcheck", required=True)
    parser.add_argument("--time-limit", type=int, default=60)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()

    header = ("program", "mode", "verdict", "executions", "states", "events", "cutoffs",
              "time_s", "peak_kb")
    rows = []
    for name, macro, values in PROGRAMS:
        for value in values:
            for mode, flags in MODES:
                r = run(args.bporcheck, os.path.join(HERE, name), macro, value, flags,
                        args.time_limit)
                rows.append((f"{os.path.basename(name)} {macro}={value}", mode, r["verdict"],
                             r["executions"], r["states"], r["events"], r["cutoffs"],
                             f"{r['time']:.2f}", r["memory"]))
                print(" | ".join(str(x) for x in rows[-1]), file=sys.stderr)
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for r in rows:
            print("| " + " | ".join(str(x) for x in r) + " |")
    else:
        for r in rows:
            print("  ".join(str(x) for x in r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
