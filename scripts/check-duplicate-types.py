#!/usr/bin/env python3
"""Lists class, struct, union and enum names defined at namespace scope in more than one file
of the same namespace: two different types with one qualified name break the one-definition
rule as soon as both end up in one binary (their inline functions, vtables and template
instances share mangled names, and the linker keeps one of them at random).

Reads the repository's C++ sources (LLVM style: namespace members start in column 0, so an
indented definition is a nested type and is skipped). Types in anonymous namespaces are local
to their file and ignored. Exit status 1 and one line per duplicate if any; 0 otherwise.

    scripts/check-duplicate-types.py [repository root]
"""
import collections
import pathlib
import re
import sys

PARTS = ["checker", "interp", "passes", "runtime", "tools", "tests", "bench"]
NAMESPACE = re.compile(r"^namespace\s*([\w:]*)\s*\{")
NAMESPACE_END = re.compile(r"^\}\s*//\s*namespace")
DEFINITION = re.compile(
    r"^(?:template\s*<.*>\s*)?(?:struct|class|union|enum(?:\s+class)?)\s+"
    r"(?:\[\[[^\]]*\]\]\s*)?(\w+(?:::\w+)*)(?:\s+final)?\s*(?::(?!:)[^;]*)?\{")


def definitions(path):
    """Yields (namespace, name, line) for every namespace-scope type defined in `path`."""
    stack = []
    for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
        opened = NAMESPACE.match(line)
        if opened:
            stack.append(opened.group(1) or None)  # None: anonymous
            continue
        if NAMESPACE_END.match(line) and stack:
            stack.pop()
            continue
        match = DEFINITION.match(line)
        if not match or None in stack:
            continue
        yield "::".join(stack), match.group(1), number


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parent.parent)
    seen = collections.defaultdict(list)
    for part in PARTS:
        for path in sorted((root / part).rglob("*")):
            if path.suffix not in (".h", ".cpp") or "build" in path.relative_to(root).parts[:1]:
                continue
            for namespace, name, number in definitions(path):
                seen[(namespace, name)].append(f"{path.relative_to(root)}:{number}")
    duplicates = {key: places for key, places in seen.items()
                  if len({place.rsplit(":", 1)[0] for place in places}) > 1}
    for (namespace, name), places in sorted(duplicates.items()):
        qualified = f"{namespace}::{name}" if namespace else name
        print(f"{qualified} is defined in {len(places)} files: {', '.join(places)}")
    return 1 if duplicates else 0


if __name__ == "__main__":
    sys.exit(main())
