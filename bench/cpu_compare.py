#!/usr/bin/env python3
"""CPU time (user + system, the process and the children it waited for) of several bporcheck
binaries on the same inputs, interleaved round by round so that the machine's drift falls on
all of them alike. Prints each binary's median and minimum per input and their ratios to the
first binary's (on a shared machine other work only adds time, so the minimum of many rounds is
the steadier estimate of a binary's own cost).

    python3 bench/cpu_compare.py --rounds 7 --inputs a.c b.c -- ./bp-old ./bp-new [-- options]
"""
import argparse
import os
import statistics
import subprocess
import sys


def cpu_seconds(command):
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(process.pid, 0)
    return usage.ru_utime + usage.ru_stime


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--inputs", nargs="+", required=True)
    parser.add_argument("--options", default="--no-progress",
                        help="bporcheck options for every run (default: --no-progress)")
    parser.add_argument("binaries", nargs="+")
    args = parser.parse_args()
    times = {}
    for _ in range(args.rounds):
        for path in args.inputs:
            for binary in args.binaries:
                command = [binary] + args.options.split() + [path]
                times.setdefault((path, binary), []).append(cpu_seconds(command))
    for path in args.inputs:
        base = times[(path, args.binaries[0])]
        cells = []
        for binary in args.binaries:
            runs = times[(path, binary)]
            median, least = statistics.median(runs), min(runs)
            cells.append(f"{binary} {median:.3f} s ({median / statistics.median(base):.2f}),"
                         f" min {least:.3f} s ({least / min(base):.2f})")
        print(f"{os.path.basename(path):20} " + "  ".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
