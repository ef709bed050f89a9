#!/usr/bin/env python3
"""The layers of bporcheck, as the folders' #include lines must follow them.

Each folder may include its own headers and those of the layers below it, never above:

    core                      threads, operations, outcomes, the Model the explorers see
    memory                    object-based memory (used by the interpreter and the runtime)
    interp                    the LLVM IR interpreter
    symbolic                  the symbolic values of nondet inputs (Z3)
    runtime                   the program's execution: implements core's Model
    checker                   the explorers: over core's Model only, no LLVM
    distributed               a search over MPI's processes (the checker's explorers)
    passes                    the LLVM passes that instrument the program (LLVM, and core's
                              table of modelled functions)
    svcomp                    SV-COMP: tasks, the strategy, witnesses (the runtime and the
                              explorers; the command only through svcomp/Host.h, which it fills)

tools/ (the command line) and tests/ may include everything. "llvm/..." counts as a layer that
interp, symbolic, runtime and passes may use; core, memory and checker are free of LLVM.

Usage: check_layers.py REPOSITORY_ROOT. Prints each include against the layers; exit 1 if any.
"""
import os
import re
import sys

ALLOWED = {
    "core": {"core"},
    "memory": {"core", "memory"},
    "interp": {"core", "memory", "interp", "llvm"},
    "symbolic": {"core", "memory", "interp", "symbolic", "llvm"},
    "runtime": {"core", "memory", "interp", "symbolic", "runtime", "llvm"},
    "checker": {"core", "checker"},
    "distributed": {"core", "checker", "distributed"},
    "passes": {"core", "passes", "llvm"},
    "svcomp": {"core", "memory", "interp", "symbolic", "runtime", "checker", "svcomp", "llvm"},
}
SOURCE = (".h", ".cpp", ".c", ".def", ".inc")
INCLUDE = re.compile(r'\s*#\s*include\s+"([A-Za-z_]+)/')


def violations(root):
    for folder, allowed in sorted(ALLOWED.items()):
        for directory, _, files in os.walk(os.path.join(root, folder)):
            for name in sorted(files):
                if not name.endswith(SOURCE):
                    continue
                path = os.path.join(directory, name)
                with open(path, errors="replace") as source:
                    for number, line in enumerate(source, 1):
                        match = INCLUDE.match(line)
                        if match and match.group(1) not in allowed:
                            yield f"{os.path.relpath(path, root)}:{number}: {line.strip()} " \
                                  f"({folder} may include only {', '.join(sorted(allowed))})"


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    found = list(violations(sys.argv[1]))
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} include(s) against the layers (tests/layers/check_layers.py)")
        return 1
    print("every include follows the layers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
