#!/usr/bin/env python3
"""Measures bporcheck on the programs in bench/programs: executions explored, visible steps,
time, executions per second and peak memory, one row per (program, mode).

  python3 bench/run.py --bporcheck build/tools/bporcheck/bporcheck [--modes none,dpor]
        [--repeat 3] [--markdown]

Each program runs --repeat times; the row shows the fastest run (the least disturbed by other
load). Record results with the command line in docs/results.md.
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def run(bporcheck, program, mode, extra):
    command = [bporcheck, "--json", f"--por={mode}"] + extra + [program]
    proc = subprocess.run(command, capture_output=True, text=True)
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(command)} exited {proc.returncode}: {proc.stderr.strip()}")
    return json.loads(proc.stdout)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bporcheck", required=True)
    parser.add_argument("--modes", default="none")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--programs", default=os.path.join(HERE, "programs"))
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("extra", nargs="*")
    args = parser.parse_args()

    rows = []
    for name in sorted(os.listdir(args.programs)):
        if not name.endswith(".c"):
            continue
        for mode in args.modes.split(","):
            best = None
            for _ in range(args.repeat):
                result = run(args.bporcheck, os.path.join(args.programs, name), mode, args.extra)
                if best is None or result["time_s"] < best["time_s"]:
                    best = result
            rate = best["executions"] / best["time_s"] if best["time_s"] > 0 else float("inf")
            rows.append((name, mode, best["verdict"], best["executions"], best["steps"],
                         best["time_s"], rate, best["peak_rss_kb"]))
    header = ("program", "por", "verdict", "executions", "steps", "time_s", "exec/s", "peak_kb")
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for r in rows:
            print(f"| {r[0]} | {r[1]} | {r[2]} | {r[3]} | {r[4]} | {r[5]:.3f} | {r[6]:.0f} | {r[7]} |")
    else:
        print(f"{header[0]:<24} {header[1]:<6} {header[2]:<7} {header[3]:>10} {header[4]:>10} "
              f"{header[5]:>8} {header[6]:>10} {header[7]:>9}")
        for r in rows:
            print(f"{r[0]:<24} {r[1]:<6} {r[2]:<7} {r[3]:>10} {r[4]:>10} {r[5]:>8.3f} "
                  f"{r[6]:>10.0f} {r[7]:>9}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
