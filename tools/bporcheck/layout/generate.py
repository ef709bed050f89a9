#!/usr/bin/env python3
"""Writes hot-functions.tar.xz: the symbols of the functions a typical bporcheck run executes,
hottest first, for the linker to place together (cmake/BporLLVM.cmake, lld's
--symbol-ordering-file).

Why: bporcheck carries about 57 MB of code (LLVM, clang, its own), and a run touches some 5 MB
of it, spread over the whole range. Each first touch of a 64 KiB window of code is a page fault
(the kernel maps the window's cached pages at once), and a page fault costs microseconds on this
project's virtual machines: about a sixth of starting up (docs/results.md, "Code layout").

How: each training run below is run under valgrind's callgrind with mangled names; every
function of the bporcheck binary that executed is kept, ordered by the instructions it executed
(summed over the runs), so that the search's inner loop shares as few pages as possible. lld
moves the section holding each listed symbol: LLVM's and clang's libraries, and this project's
code, are compiled with a section per function; a library's static initialisers share one
section per source file, which moves with them. Symbols not in the binary are ignored, so a
stale list costs speed, never correctness. (The list is some 12,000 mangled names, 1.2 MB as
text: it is kept compressed, and the build unpacks it.)

    python3 tools/bporcheck/layout/generate.py --bporcheck build/tools/bporcheck/bporcheck

Run it again after an LLVM upgrade or a large change of the code a run goes through.
A change that renames a listed function of the search or the runtime (a member moved to a
component, a changed signature) should rename it in the list too: a hot function that drops out
of the list is placed among the cold code, and what moves with it can cost several per cent
(docs/interp-performance.md, "The atomic block, the leak check and the thread objects as
components").
"""
import argparse
import collections
import os
import re
import subprocess
import sys
import tarfile
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))


def training_runs(scratch):
    """(arguments, input files it needs compiled first) for each run: start-up, compiling C and
    C++ in process, bitcode input, each search, a found bug with its trace, SV-COMP mode."""
    ex = os.path.join(ROOT, "examples")
    svcomp = os.path.join(ROOT, "tests", "lit", "svcomp")
    bitcode = os.path.join(scratch, "locked_counter.bc")
    return [
        (["--version"], None),
        ([os.path.join(ex, "racy_counter.c"), "--no-progress"], None),
        ([os.path.join(ex, "lost_wakeup.c"), "--no-progress", "--por=optimal"], None),
        ([os.path.join(ex, "lock_order_deadlock.c"), "--no-progress", "--preemptions=2"], None),
        ([os.path.join(ex, "use_after_free_fixed.c"), "--no-progress", "--por=source"], None),
        ([os.path.join(ROOT, "bench", "large", "write_read_6.c"), "--no-progress",
          "--por=optimal", "--max-executions=3000"], None),
        ([os.path.join(ROOT, "bench", "large", "lock_counter_9.c"), "--no-progress",
          "--por=optimal", "--max-executions=1000"], None),
        ([bitcode, "--no-progress", "--por=optimal"], os.path.join(ex, "locked_counter.c")),
        ([os.path.join(ROOT, "tests", "lit", "cxx", "threads_atomics.cpp"), "--no-progress"], None),
        (["--svcomp", "--no-progress",
          "--property=" + os.path.join(svcomp, "Inputs", "no-data-race.prp"), "-DPLAIN",
          os.path.join(svcomp, "data_race.c")], None),
    ]


def executed_functions(bporcheck, args, out):
    """Instructions executed per function of the bporcheck binary in one run."""
    subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no",
                    "--callgrind-out-file=" + out, bporcheck] + args,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    binary = os.path.realpath(bporcheck)
    names, objects = {}, {}
    cost = collections.Counter()
    current_object, current_fn = None, None
    definition = re.compile(r"^(c?fn|c?ob)=\((\d+)\)(?: (.*))?$")
    in_call = False
    with open(out) as f:
        for line in f:
            line = line.rstrip("\n")
            m = definition.match(line)
            if m:
                kind, ident, name = m.groups()
                table = names if kind.endswith("fn") else objects
                if name is not None:
                    table[ident] = name
                if kind == "ob":
                    current_object = objects[ident]
                elif kind == "fn":
                    current_fn = names[ident]
                continue
            if line.startswith("calls="):
                in_call = True  # the next cost line is the call's inclusive cost
                continue
            if line and (line[0].isdigit() or line[0] in "+-*"):
                if in_call:
                    in_call = False
                    continue
                fields = line.split()
                if len(fields) >= 2 and current_fn and current_object == binary:
                    cost[current_fn] += int(fields[1])
    os.remove(out)
    return cost


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bporcheck", required=True)
    parser.add_argument("--output", default=os.path.join(HERE, "hot-functions.tar.xz"))
    args = parser.parse_args()
    total = collections.Counter()
    with tempfile.TemporaryDirectory() as scratch:
        for run_args, compile_first in training_runs(scratch):
            if compile_first:
                subprocess.run(["clang-19", "-emit-llvm", "-c", "-g", compile_first, "-o",
                                run_args[0]], check=True)
            cost = executed_functions(args.bporcheck, run_args,
                                      os.path.join(scratch, "callgrind.out"))
            print(f"{len(cost):6} functions  {' '.join(os.path.basename(a) for a in run_args)}",
                  file=sys.stderr)
            total.update(cost)
    # Hottest first; names valgrind could not resolve (addresses) are left out.
    functions = [name for name, _ in total.most_common() if not name.startswith("0x")]
    with tempfile.TemporaryDirectory() as scratch:
        listing = os.path.join(scratch, "hot-functions.txt")
        with open(listing, "w") as f:
            f.writelines(name + "\n" for name in functions)
        with tarfile.open(args.output, "w:xz", preset=9) as archive:
            archive.add(listing, arcname="hot-functions.txt")
    print(f"{len(functions)} functions -> {args.output}", file=sys.stderr)


if __name__ == "__main__":
    main()
