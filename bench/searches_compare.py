#!/usr/bin/env python3
"""Executions and whole-process CPU time of several searches on the same programs, side by side
in one run (docs/results.md, "The reads-from search"):

  python3 bench/searches_compare.py --bporcheck build/tools/bporcheck/bporcheck \\
      --searches optimal,rf --time-limit 120 bench/families/ms_queue_3.c ...

A program given as FILE:-DN=4 is compiled with that definition. Each cell: executions (of
which sleep-set blocked or waited in vain at a loop, where some were), CPU seconds of the whole process (compiling included), or why
it has no figure (the time limit, an unsupported construct). The CPU time is the bporcheck
process's (user and system), its clang compile not counted."""
import argparse
import json
import os
import subprocess


def measure(bporcheck, search, program, time_limit):
    path, _, defines = program.partition(":")
    command = [bporcheck, "--json", f"--search={search}", f"--time-limit={time_limit}"]
    command += defines.split() if defines else []
    command.append(path)
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    cpu = usage.ru_utime + usage.ru_stime
    try:
        report = json.loads(out)
    except ValueError:
        return f"no report (exit {os.waitstatus_to_exitcode(status)})"
    executions = report.get("executions", "?")
    blocked = report.get("blocked", 0)  # sleep-set blocked
    waited = report.get("waited_in_vain", 0)
    error = report.get("error") or {}
    if error.get("kind") == "unsupported construct":
        return "refused"
    if not report.get("complete", False):
        return f"incomplete after {executions:,} ({cpu:.1f} s)"
    shown = f"{executions:,}" if isinstance(executions, int) else str(executions)
    if blocked:
        shown += f" ({blocked:,} blocked)"
    if waited:
        shown += f" ({waited:,} waited in vain)"
    return f"{shown}, {cpu:.2f} s"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bporcheck", required=True)
    parser.add_argument("--searches", default="optimal,rf")
    parser.add_argument("--time-limit", type=int, default=120)
    parser.add_argument("programs", nargs="+")
    args = parser.parse_args()
    searches = args.searches.split(",")
    print("| program | " + " | ".join(searches) + " |")
    print("|---|" + "---|" * len(searches))
    for program in args.programs:
        name = os.path.basename(program.partition(":")[0])
        defines = program.partition(":")[2]
        cells = [measure(args.bporcheck, s, program, args.time_limit) for s in searches]
        print(f"| {name} {defines} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
