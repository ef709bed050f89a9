#!/usr/bin/env python3
"""Makes the ILP32 variants of the project's tasks: for each tasks/NAME.c and NAME.yml,
tasks-ilp32/NAME.i (`clang-19 -m32 -E -P`, preprocessed for 32-bit x86 without line markers,
as the competition hands out its tasks) and NAME.yml (the same properties and verdicts, the
.i input and `data_model: ILP32`).

Run it again after changing a task: python3 sv-benchmarks/make_ilp32.py [--clang clang-19]
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clang", default="clang-19")
    args = parser.parse_args()
    source_dir = os.path.join(HERE, "tasks")
    target_dir = os.path.join(HERE, "tasks-ilp32")
    os.makedirs(target_dir, exist_ok=True)
    made = 0
    for name in sorted(os.listdir(source_dir)):
        if not name.endswith(".yml"):
            continue
        text = open(os.path.join(source_dir, name)).read()
        source = re.search(r"input_files:\s*'?([^'\n]+)'?", text).group(1).strip()
        if not source.endswith(".c"):
            continue
        stem = source[:-2]
        preprocessed = stem + ".i"
        # From the repository's root with a relative path, so that __FILE__ (in the assertions
        # the tasks make) names the task as the repository does, not the machine's checkout.
        root = os.path.dirname(HERE)
        subprocess.run([args.clang, "-m32", "-E", "-P",
                        os.path.relpath(os.path.join(source_dir, source), root),
                        "-o", os.path.join(target_dir, preprocessed)], check=True, cwd=root)
        text = re.sub(r"input_files:\s*'?[^'\n]+'?", f"input_files: '{preprocessed}'", text)
        text = re.sub(r"data_model:\s*\S+", "data_model: ILP32", text)
        open(os.path.join(target_dir, name), "w").write(text)
        made += 1
    print(f"{made} tasks written to {target_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
