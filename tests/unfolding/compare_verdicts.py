#!/usr/bin/env python3
"""The unfolding search gives the verdicts of the default search on the project's own programs
(tests/lit/programs and examples), so that --por=unfolding agrees with the other complete
searches on the whole test suite (issue 13):

  python3 tests/unfolding/compare_verdicts.py --bporcheck build/tools/bporcheck/bporcheck

Each program runs in the default mode under sequential consistency (--model=sc: the unfolding
search, like every search but the weak-memory one, explores interleavings) and with
--por=unfolding (each for at most --time-limit seconds). The verdicts must be equal, with two allowances: the unfolding search does not look for
livelocks, so where the default mode reports one it must answer "ok" and say that it did not
check whether every execution ends; and a search stopped by the time limit ("ok so far") settles
nothing, so it is accepted against any verdict. A program whose source has a line
`// UNFOLDING-REFUSES: <why>` may also get the unfolding search's refusal ("unsupported
construct"): a shape docs/unfolding.md lists as not supported, refused rather than answered.
Exits 1 on a difference.
"""
import argparse
import glob
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
NOT_CHECKED = "whether every execution ends is not checked"
REFUSES = "// UNFOLDING-REFUSES:"
REFUSAL = "error (unsupported construct)"


def verdict(bporcheck, args, path, time_limit):
    command = [bporcheck, "--no-progress", f"--time-limit={time_limit}"] + args + [path]
    try:
        proc = subprocess.run(command, capture_output=True, text=True, timeout=time_limit * 3)
    except subprocess.TimeoutExpired:
        return "timeout", ""
    match = re.search(r"^verdict: (error \([a-z ]+\)|ok so far|ok|inconclusive)(.*)$", proc.stdout,
                      re.MULTILINE)
    if not match:
        lines = proc.stderr.strip().splitlines()
        return "no verdict: " + (lines[-1] if lines else f"exit code {proc.returncode}"), ""
    return match.group(1), match.group(2)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bporcheck", required=True)
    parser.add_argument("--time-limit", type=int, default=20)
    args = parser.parse_args()
    programs = sorted(glob.glob(os.path.join(ROOT, "tests/lit/programs/*.c")))
    programs += sorted(glob.glob(os.path.join(ROOT, "examples/*.c")))
    differences = 0
    for path in programs:
        default, _ = verdict(args.bporcheck, ["--model=sc"], path, args.time_limit)
        unfolding, rest = verdict(args.bporcheck, ["--por=unfolding"], path, args.time_limit)
        with open(path) as source:
            may_refuse = REFUSES in source.read()
        agrees = (unfolding == default or unfolding == "ok so far" or default == "ok so far" or
                  (default == "error (livelock)" and unfolding == "ok" and NOT_CHECKED in rest) or
                  (may_refuse and unfolding == REFUSAL))
        name = os.path.relpath(path, ROOT)
        print(f"{name}: default {default}, unfolding {unfolding}{'' if agrees else '  <- DIFFERENT'}")
        differences += not agrees
    print(f"{len(programs)} programs, {differences} different")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
