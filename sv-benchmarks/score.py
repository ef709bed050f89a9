#!/usr/bin/env python3
"""Scores bporcheck on a folder of SV-COMP tasks the competition's way.

Every task definition (.yml, format 2.0, searched recursively) is checked once per property
that has an expected verdict, with `bporcheck --svcomp --property=PRP TASK.yml`; the answer is
the last line of its output ("SV-COMP result: ..."). Score: +2 correct TRUE, +1 correct FALSE,
0 UNKNOWN, -16 wrong FALSE, -32 wrong TRUE. Prints one line per run (expected, answer, points,
CPU seconds, and the reason of an UNKNOWN), then the totals. With --validate-witnesses, every
FALSE answer's violation witness is replayed with `bporcheck --validate-witness` (as the
competition confirms FALSE answers with validators) and the count of confirmed ones printed.
Exit status: 1 if any answer was wrong or the score is below --min-score, else 0.
"""
import argparse
import concurrent.futures
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def read_properties(path):
    """(property file, expected verdict) of each property of a task definition that has one.

    A deliberately small reader for the shape task definitions have; bporcheck itself parses
    the file properly (and the run fails loudly if this one misreads it)."""
    text = open(path).read()
    found = []
    for block in re.split(r"\n\s*-\s*property_file:", text)[1:]:
        prop = block.split("\n", 1)[0].strip().strip("'\"")
        m = re.search(r"expected_verdict:\s*'?(true|false)'?", block)
        if m:
            found.append((os.path.normpath(os.path.join(os.path.dirname(path), prop)),
                          m.group(1)))
    return found


def property_name(prp):
    return os.path.basename(prp)[: -len(".prp")] if prp.endswith(".prp") else prp


def points(expected, answer):
    if answer == "true":
        return 2 if expected == "true" else -32
    if answer.startswith("false"):
        return 1 if expected == "false" else -16
    return 0


GNU_TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None


def run_task(bporcheck, task, prp, extra, time_limit, witness=None):
    """bporcheck's answer, its reason, the wall time and bporcheck's peak memory in MiB (None
    without GNU time, which measures it: wait4's maximum resident set of the process)."""
    command = [bporcheck, "--svcomp", "--no-progress", f"--property={prp}",
               f"--time-limit={time_limit}"] + extra + [task]
    if witness:
        command.insert(1, f"--witness={witness}")
    memory_file = None
    if GNU_TIME:
        handle, memory_file = tempfile.mkstemp(prefix="bpor-score-memory-")
        os.close(handle)
        command = [GNU_TIME, "-f", "%M", "-o", memory_file] + command

    def peak_memory():
        if not memory_file:
            return None
        try:
            with open(memory_file) as f:
                lines = f.read().split()
            return int(lines[-1]) / 1024 if lines else None
        except (OSError, ValueError):
            return None
        finally:
            os.unlink(memory_file)

    start = time.monotonic()
    try:
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True)
        try:
            out, err = proc.communicate(timeout=time_limit * 1.5 + 60)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, err = proc.communicate()
            return "unknown", "killed: no answer in time", time.monotonic() - start, \
                peak_memory()
    except OSError as e:
        return "unknown", f"cannot run bporcheck: {e}", 0.0, peak_memory()
    memory = peak_memory()
    lines = out.strip().splitlines()
    if not lines or not lines[-1].startswith("SV-COMP result: "):
        detail = (err.strip().splitlines() or ["no output"])[-1]
        return "unknown", f"no answer (exit {proc.returncode}): {detail}", \
            time.monotonic() - start, memory
    answer = lines[-1][len("SV-COMP result: "):].strip()
    reason = lines[-2][len("reason: "):] if len(lines) > 1 and lines[-2].startswith(
        "reason: ") else ""
    return answer, reason, time.monotonic() - start, memory


def run_measured(args):
    """run_task with its CPU time: the rusage of this process's finished children (bporcheck,
    and clang, which bporcheck waits for), before and after."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    answer, reason, wall, memory = run_task(*args)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    validation = None
    bporcheck, task, prp, _, _, witness = args
    if witness and answer.startswith("false"):
        proc = subprocess.run([bporcheck, f"--validate-witness={witness}", f"--property={prp}",
                               task], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              timeout=600)
        lines = proc.stdout.strip().splitlines()
        validation = lines[-1] if lines else f"no output (exit {proc.returncode})"
    return answer, reason, cpu, wall, memory, validation


def print_folders(runs, results):
    """The score by sub-folder (the task's folder below --tasks): runs, points of the best,
    answers, CPU seconds in all and the largest peak memory."""
    folders = {}
    for (name, _, _, expected), (answer, _, cpu, _, memory, _) in zip(runs, results):
        f = folders.setdefault(os.path.dirname(name) or ".",
                               dict(runs=0, score=0, best=0, true=0, false=0, unknown=0,
                                    wrong=0, cpu=0.0, mem=0.0))
        p = points(expected, answer)
        f["runs"] += 1
        f["score"] += p
        f["best"] += 2 if expected == "true" else 1
        f["cpu"] += cpu
        f["mem"] = max(f["mem"], memory or 0.0)
        if p < 0:
            f["wrong"] += 1
        elif p == 0:
            f["unknown"] += 1
        else:
            f["true" if answer == "true" else "false"] += 1
    width = max(len(name) for name in folders)
    print(f"{'folder':<{width}}  runs  score  best  true  false  unknown  wrong  cpu_s  "
          f"max_mem_MiB")
    for name, f in sorted(folders.items()):
        print(f"{name:<{width}}  {f['runs']:>4}  {f['score']:>5}  {f['best']:>4}  "
              f"{f['true']:>4}  {f['false']:>5}  {f['unknown']:>7}  {f['wrong']:>5}  "
              f"{f['cpu']:>5.1f}  {f['mem']:>11.0f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bporcheck", required=True, help="path to the bporcheck binary")
    parser.add_argument("--time-limit", type=float, default=20.0, help="seconds per task")
    parser.add_argument("--tasks", default=os.path.join(HERE, "tasks"),
                        help="folder of task definitions (searched recursively)")
    parser.add_argument("-j", "--jobs", type=int, default=1, help="tasks run at once")
    parser.add_argument("--min-score", type=int, default=None,
                        help="fail (exit 1) when the score is lower")
    parser.add_argument("--validate-witnesses", action="store_true",
                        help="replay the witness of every FALSE answer with --validate-witness")
    parser.add_argument("--witness-format", choices=["graphml", "yaml"], default="graphml",
                        help="the format of the witnesses --validate-witnesses writes and replays")
    parser.add_argument("--memory-limit", type=int, default=None,
                        help="MiB per task (bporcheck's --memory-limit; SV-COMP mode has none of "
                             "its own): default the competition's 15 GB, or less where the tasks "
                             "run at once would not fit in 90 %% of this machine's memory")
    parser.add_argument("extra", nargs="*", help="extra bporcheck options (after --)")
    args = parser.parse_args()
    if args.memory_limit is None:
        physical = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // (1 << 20)
        args.memory_limit = min(15000, int(physical * 0.9 / args.jobs))

    runs = []
    for root, _, files in os.walk(args.tasks):
        for name in sorted(files):
            if name.endswith(".yml"):
                path = os.path.join(root, name)
                for prp, expected in read_properties(path):
                    runs.append((os.path.relpath(path, args.tasks), path, prp, expected))
    runs.sort()
    if not runs:
        print("no tasks found", file=sys.stderr)
        return 1
    bporcheck = os.path.abspath(args.bporcheck)
    witnesses = tempfile.mkdtemp(prefix="bpor-witnesses-") if args.validate_witnesses else None
    extra = [f"--memory-limit={args.memory_limit}M"] + args.extra
    work = [(bporcheck, path, prp, extra, args.time_limit,
             os.path.join(witnesses, f"{i}.{'yml' if args.witness_format == 'yaml' else 'graphml'}")
             if witnesses else None)
            for i, (_, path, prp, _) in enumerate(runs)]
    if args.jobs > 1:
        # Each worker process measures its own children, so CPU times stay per task.
        with concurrent.futures.ProcessPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(run_measured, work))
    else:
        results = [run_measured(w) for w in work]

    width = max(len(name) for name, *_ in runs)
    print(f"{'task':<{width}}  {'property':<13}  expected  {'answer':<22}  points  cpu_s  "
          f"mem_MiB")
    score = correct_true = correct_false = wrong = unknown = 0
    cpu_total = 0.0
    confirmed = rejected = 0
    for (name, _, prp, expected), (answer, reason, cpu, _, memory, validation) in \
            zip(runs, results):
        p = points(expected, answer)
        score += p
        cpu_total += cpu
        if p < 0:
            wrong += 1
            note = "  WRONG"
        elif p == 0:
            unknown += 1
            note = f"  ({reason})" if reason else ""
        else:
            correct_true += answer == "true"
            correct_false += answer != "true"
            note = ""
        if validation is not None:
            if validation.startswith("witness confirmed"):
                confirmed += 1
            else:
                rejected += 1
                note += f"  (witness: {validation})"
        shown = f"{memory:7.0f}" if memory is not None else "      ?"
        print(f"{name:<{width}}  {property_name(prp):<13}  {expected:<8}  {answer:<22}  "
              f"{p:>6}  {cpu:5.1f}  {shown}{note}")
    print_folders(runs, results)
    best = sum(2 if e == "true" else 1 for *_, e in runs)
    print(f"summary: {len(runs)} runs, score {score} of {best}: {correct_true} correct true, "
          f"{correct_false} correct false, {unknown} unknown, {wrong} wrong; "
          f"cpu {cpu_total:.1f} s")
    if witnesses:
        print(f"witnesses: {confirmed} of {confirmed + rejected} FALSE answers confirmed by "
              f"--validate-witness")
        shutil.rmtree(witnesses, ignore_errors=True)
    if wrong or (witnesses and rejected) or (args.min_score is not None and score < args.min_score):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
