#!/usr/bin/env python3
"""check_help.py HELP USER_GUIDE: the rules --help keeps (tools/bporcheck/Options.cpp) and its
agreement with docs/user-guide.md's option table.

- every line is at most 100 characters, every description at most 3 lines;
- no citation of the dissertation ("dissertation", "(6.6)", "chapter 3"): the help says what an
  option does, the user guide where it comes from;
- every option the help lists is named in the user guide's "### Options" table, and every option
  the table names is in the help (so that neither drifts from the other)."""
import re
import sys

help_text = open(sys.argv[1]).read()
guide = open(sys.argv[2]).read()
problems = []
for line in help_text.splitlines():
    if len(line) > 100:
        problems.append(f"line longer than 100 characters: {line!r}")
    if re.search(r"dissertation|\(\d\.\d\)|chapter \d", line):
        problems.append(f"citation in the help: {line!r}")

# Options: lines "  -x ..." or "  --name..." in a category; a description's further lines are
# indented to the description column.
options, lines_of = [], {}
current = None
for line in help_text.splitlines():
    m = re.match(r"  (-{1,2}[A-Za-z0-9][A-Za-z0-9-]*)", line)
    if m:
        current = m.group(1)
        options.append(current)
        # The description starts on the option's line unless the option is too long for its
        # column.
        lines_of[current] = 1 if line[32:34] == "  " and line[34:].strip() else 0
    elif current and line.startswith(" " * 34) and line.strip():
        lines_of[current] += 1
    elif not line.strip():
        current = None
for option, count in lines_of.items():
    if count > 3:
        problems.append(f"{option}: a description of {count} lines (at most 3)")

table = guide.split("### Options", 1)[1].split("\n## ", 1)[0]
named = set(re.findall(r"`(-{1,2}[A-Za-z0-9][A-Za-z0-9-]*)", table))
# Each row's first cell may list several options ("`--save-trace=FILE`, `--replay=FILE`").
for option in options:
    if option in ("--help", "--version"):
        continue
    if option not in named:
        problems.append(f"{option} is in --help but not in the user guide's option table")
for option in sorted(named):
    if option not in options and option not in ("--jobs",):
        problems.append(f"{option} is in the user guide's option table but not in --help")
if problems:
    print("\n".join(problems))
    sys.exit(1)
print(f"help ok: {len(options)} options")
