#!/usr/bin/env python3
"""Spin against bporcheck's stateful search on the same algorithms (bench/spin/).

For each program and parameter: Spin 6 (spin -a, pan compiled with -O2 -DSAFETY, with and
without its partial-order reduction, and with bounded context switching -DBCS -L<bound>) on
the Promela model, and bporcheck --search=stateful (and --preemptions=<bound>) on the C
program. Prints one markdown table: states stored, transitions, search time and memory.

    python3 bench/spin_compare.py --bporcheck build/tools/bporcheck/bporcheck
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SPIN_DIR = os.path.join(HERE, "spin")

# (name, files' stem, macro, values)
PROGRAMS = [
    ("Peterson", "peterson", "ROUNDS", [2, 20]),
    ("Dekker", "dekker", "ROUNDS", [2, 20]),
    ("ticket lock", "ticket", "THREADS", [3, 5, 6]),
    ("bounded buffer", "buffer", "ITEMS", [4, 64]),
]


def run_spin(stem, macro, value, flags, run_args, work):
    model = os.path.join(SPIN_DIR, stem + ".pml")
    subprocess.run(["spin", f"-D{macro}={value}", "-a", model], cwd=work, check=True,
                   capture_output=True)
    subprocess.run(["gcc", "-O2", "-DSAFETY", *flags, "-o", "pan", "pan.c"], cwd=work, check=True,
                   capture_output=True)
    start = time.monotonic()
    out = subprocess.run(["./pan", "-m100000", "-w20", *run_args], cwd=work, capture_output=True,
                         text=True).stdout
    wall = time.monotonic() - start
    states = int(re.search(r"(\d+) states, stored", out).group(1))
    transitions = int(re.search(r"(\d+) transitions", out).group(1))
    memory = float(re.search(r"([\d.]+)\s+actual memory usage for states", out).group(1))
    errors = int(re.search(r"errors: (\d+)", out).group(1))
    return {"states": states, "transitions": transitions, "time": wall, "memory_mb": memory,
            "verdict": "error" if errors else "ok"}


def run_bporcheck(binary, stem, macro, value, extra):
    program = os.path.join(SPIN_DIR, stem + ".c")
    out = subprocess.run([binary, "--search=stateful", "--json", f"-D{macro}={value}", *extra,
                          program], capture_output=True, text=True).stdout
    data = json.loads(out)
    return {"states": data["states"], "transitions": data["states"] + data["revisits"],
            "time": data["time_s"], "memory_mb": data["peak_rss_kb"] / 1024.0,
            "verdict": data["verdict"]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bporcheck", required=True)
    parser.add_argument("--bound", type=int, default=1, help="context bound for the BCS rows")
    args = parser.parse_args()
    if not shutil.which("spin"):
        raise SystemExit("spin is not installed (apt-get install spin)")
    print("| program | param | Spin POR: states / time s / MB | Spin no POR: states / time s | "
          f"bporcheck stateful: states / time s / MB | Spin BCS {args.bound}: states | "
          f"bporcheck BCS {args.bound}: states | verdicts |")
    print("|---|---|---|---|---|---|---|---|")
    for name, stem, macro, values in PROGRAMS:
        for value in values:
            with tempfile.TemporaryDirectory() as work:
                por = run_spin(stem, macro, value, [], [], work)
                nopor = run_spin(stem, macro, value, ["-DNOREDUCE"], [], work)
                bcs = run_spin(stem, macro, value, ["-DBCS", "-DNOREDUCE"], [f"-L{args.bound}"],
                               work)
            ours = run_bporcheck(args.bporcheck, stem, macro, value, [])
            ours_bcs = run_bporcheck(args.bporcheck, stem, macro, value,
                                     [f"--preemptions={args.bound}"])
            verdicts = {por["verdict"], nopor["verdict"], ours["verdict"]}
            print(f"| {name} | {macro}={value} "
                  f"| {por['states']:,} / {por['time']:.2f} / {por['memory_mb']:.0f} "
                  f"| {nopor['states']:,} / {nopor['time']:.2f} "
                  f"| {ours['states']:,} / {ours['time']:.2f} / {ours['memory_mb']:.0f} "
                  f"| {bcs['states']:,} | {ours_bcs['states']:,} "
                  f"| {', '.join(sorted(verdicts))} |", flush=True)


if __name__ == "__main__":
    main()
