#!/usr/bin/env python3
"""Runs bporcheck on every SV-COMP-style task here and prints a table and a summary line.

A task is a .yml task definition (format 2.0) naming its .c file and, for the unreach-call
property, the expected verdict. bporcheck's --json verdict maps to SV-COMP's answers:
"ok" -> true, an assertion failure (reach_error, assert) -> false, anything else -> unknown.
Exit status: 0 when every task got its expected verdict, 1 otherwise.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def read_task(path):
    """The few fields of a task definition we need, without a YAML library."""
    text = open(path).read()
    source = re.search(r"input_files:\s*'?([^'\n]+)'?", text).group(1).strip()
    expected = None
    for block in re.split(r"\n\s*-\s*property_file:", text)[1:]:
        prop = block.split("\n", 1)[0].strip()
        if prop.endswith("unreach-call.prp"):
            m = re.search(r"expected_verdict:\s*(true|false)", block)
            expected = m.group(1) if m else None
    return os.path.join(os.path.dirname(path), source), expected


def run_task(bporcheck, source, extra, time_limit):
    command = [bporcheck, "--json", f"--time-limit={time_limit}"] + extra + [source]
    start = time.monotonic()
    try:
        proc = subprocess.run(command, capture_output=True, text=True, timeout=time_limit + 30)
    except subprocess.TimeoutExpired:
        return "timeout", time.monotonic() - start, None, ""
    elapsed = time.monotonic() - start
    try:
        result = json.loads(proc.stdout)
    except json.JSONDecodeError:
        detail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        return "crash", elapsed, None, detail
    executions = result.get("executions")
    if result.get("verdict") == "ok":
        got = "true" if result.get("complete", True) else "unknown"
    elif (result.get("error") or {}).get("kind") == "assertion failure":
        got = "false"
    else:
        got = "unknown"
    kind = (result.get("error") or {}).get("kind", "")
    return got, elapsed, executions, kind if got == "unknown" else ""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bporcheck", required=True, help="path to the bporcheck binary")
    parser.add_argument("--time-limit", type=float, default=20.0, help="seconds per task")
    parser.add_argument("--tasks", default=os.path.join(HERE, "tasks"), help="task folder")
    parser.add_argument("extra", nargs="*", help="extra bporcheck options (after --)")
    args = parser.parse_args()

    tasks = sorted(f for f in os.listdir(args.tasks) if f.endswith(".yml"))
    if not tasks:
        print("no tasks found", file=sys.stderr)
        return 1
    width = max(len(t) for t in tasks)
    print(f"{'task':<{width}}  expected  got      time_s  executions")
    correct = wrong = unknown = 0
    for name in tasks:
        source, expected = read_task(os.path.join(args.tasks, name))
        got, elapsed, executions, note = run_task(args.bporcheck, source, args.extra,
                                                  args.time_limit)
        if got == expected:
            correct += 1
            mark = ""
        elif got in ("true", "false"):
            wrong += 1
            mark = "  WRONG"
        else:
            unknown += 1
            mark = f"  ({note})" if note else ""
        shown = "-" if executions is None else str(executions)
        print(f"{name:<{width}}  {expected:<8}  {got:<7}  {elapsed:6.2f}  {shown:>10}{mark}")
    print(f"summary: {len(tasks)} tasks, {correct} correct, {wrong} wrong, {unknown} unknown")
    return 0 if correct == len(tasks) else 1


if __name__ == "__main__":
    sys.exit(main())
