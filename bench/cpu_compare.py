#!/usr/bin/env python3
"""CPU time (the process and its children) of several bporcheck binaries on the same inputs,
interleaved round by round so that the machine's drift falls on all of them alike. Prints each
binary's median, 10th percentile and minimum per input and their ratios to the first binary's
(on a shared machine other work only adds time, so the low end of many rounds is the steadier
estimate of a binary's own cost).

The time is perf's task-clock (the scheduler's count of the time the processes ran, in
nanoseconds) where `perf` works, else user + system time from wait4. On a machine whose kernel
samples user and system time at each timer tick, as this project's virtual machines do, the
latter moves in steps of the tick (4 ms): a 9 ms run reads 0 in some rounds, and a minimum over
rounds is biased low for short runs.

    python3 bench/cpu_compare.py --rounds 7 --inputs a.c b.c -- ./bp-old ./bp-new [-- options]
"""
import argparse
import os
import statistics
import subprocess
import sys


def rusage_seconds(command):
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(process.pid, 0)
    return usage.ru_utime + usage.ru_stime


def task_clock_seconds(command):
    """perf stat's task-clock of `command` and its children, or None if perf cannot count it."""
    try:
        run = subprocess.run(["perf", "stat", "-x,", "-e", "task-clock", "--"] + command,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    except OSError:
        return None
    for line in run.stderr.splitlines():
        fields = line.split(",")
        if len(fields) > 2 and fields[2] == "task-clock":
            try:
                return float(fields[0]) / 1000  # milliseconds
            except ValueError:
                return None
    return None


def cpu_seconds(command):
    seconds = task_clock_seconds(command) if cpu_seconds.perf else None
    if seconds is None:
        cpu_seconds.perf = False
        return rusage_seconds(command)
    return seconds


cpu_seconds.perf = True


def tenth(runs):
    """The 10th percentile (the lowest value when there are fewer than ten runs)."""
    return sorted(runs)[len(runs) // 10]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--inputs", nargs="+", required=True)
    parser.add_argument("--options", default="--no-progress",
                        help="bporcheck options for every run (default: --no-progress)")
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--rusage", action="store_true",
                        help="measure user + system time from wait4, not perf's task-clock")
    args = parser.parse_args()
    cpu_seconds.perf = not args.rusage
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
            median, least, low = statistics.median(runs), min(runs), tenth(runs)
            cells.append(f"{binary} {median * 1000:.2f} ms"
                         f" ({median / statistics.median(base):.3f}),"
                         f" p10 {low * 1000:.2f} ms ({low / tenth(base):.3f}),"
                         f" min {least * 1000:.2f} ms ({least / min(base):.3f})")
        print(f"{os.path.basename(path):20} " + "  ".join(cells))
    print("(perf task-clock)" if cpu_seconds.perf else "(user + system time from wait4)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
