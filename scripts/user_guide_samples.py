#!/usr/bin/env python3
"""Checks or regenerates the sample outputs in docs/user-guide.md from the current binary.

A sample block is marked by an HTML comment on the line above it, naming the arguments that
produced it (run in examples/, where the bundled example programs are) and, optionally, which
of the output's lines it shows:

    <!-- sample: --por=none racy_counter.c; lines 1-7,14-15 -->
        bporcheck: racy_counter.c: exhaustive search
        ...

The block is the selected stdout lines, indented by four spaces, with a line "..." for each gap
between the selected ranges and after the last one if output follows (none before the first:
a block may start mid-output). Without a selection it is the whole stdout. Times, rates and
memory figures are masked when comparing, since they change from run to run. Blocks without a
marker come from programs not bundled or from runs that cannot repeat (an interrupt).

    python3 scripts/user_guide_samples.py [--bporcheck build/tools/bporcheck/bporcheck]
        --check   (the default) compare each block with a fresh run; exit 1 on a difference
        --update  rewrite each block from a fresh run
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
GUIDE = os.path.join(ROOT, "docs", "user-guide.md")
MARKER = re.compile(r"^<!-- sample: (.*?)(?:; lines ([0-9,\-]+))? -->$")
INDENT = "    "

# What changes from run to run: durations, rates, memory.
MASKS = [
    (re.compile(r"\d+(\.\d+)? s\b"), "<time> s"),
    (re.compile(r"\d+ KiB"), "<memory> KiB"),
    (re.compile(r"\(\d+/s\)"), "(<rate>/s)"),
]


def mask(line):
    for pattern, replacement in MASKS:
        line = pattern.sub(replacement, line)
    return line


def selected(output_lines, spec):
    """The block's lines: the chosen output lines (1-based ranges), "..." for the gaps."""
    if not spec:
        return output_lines
    chosen = []
    for part in spec.split(","):
        low, _, high = part.partition("-")
        chosen.extend(range(int(low), int(high or low) + 1))
    block, previous = [], None
    for number in chosen:
        if number > len(output_lines):
            raise ValueError(f"line {number} is past the output's {len(output_lines)} lines")
        if previous is not None and number != previous + 1:
            block.append("...")
        block.append(output_lines[number - 1])
        previous = number
    if previous is not None and previous < len(output_lines):
        block.append("...")
    return block


def run(bporcheck, arguments):
    # No progress line: it goes to stderr anyway, and only on runs over a second.
    result = subprocess.run([bporcheck, "--no-progress"] + arguments.split(),
                            cwd=os.path.join(ROOT, "examples"), capture_output=True, text=True)
    return result.stdout.splitlines()


def samples(lines):
    """(marker line index, arguments, selection, first and end index of the block)."""
    for i, line in enumerate(lines):
        m = MARKER.match(line)
        if not m:
            continue
        start = end = i + 1
        while end < len(lines) and lines[end].startswith(INDENT):
            end += 1
        yield i, m.group(1), m.group(2), start, end


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bporcheck",
                        default=os.path.join(ROOT, "build", "tools", "bporcheck", "bporcheck"))
    parser.add_argument("--guide", default=GUIDE)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true")
    mode.add_argument("--update", action="store_true")
    args = parser.parse_args()
    bporcheck = os.path.abspath(args.bporcheck)
    with open(args.guide) as f:
        lines = f.read().split("\n")
    found = differ = 0
    # From the end, so that rewriting a block keeps the earlier indices valid.
    for marker, arguments, spec, start, end in reversed(list(samples(lines))):
        found += 1
        fresh = [INDENT + line if line else "" for line in selected(run(bporcheck, arguments), spec)]
        fresh = [line.rstrip() for line in fresh]
        current = [line.rstrip() for line in lines[start:end]]
        if args.update:
            lines[start:end] = fresh
            continue
        if [mask(line) for line in current] != [mask(line) for line in fresh]:
            differ += 1
            print(f"user guide line {marker + 1}: the sample of 'bporcheck {arguments}' differs:")
            for line in current:
                print("  guide: " + line.strip())
            for line in fresh:
                print("  now:   " + line.strip())
    if args.update:
        with open(args.guide, "w") as f:
            f.write("\n".join(lines))
        print(f"samples updated: {found}")
        return 0
    print(f"samples checked: {found}, differing: {differ}")
    return 1 if differ or not found else 0


sys.exit(main())
