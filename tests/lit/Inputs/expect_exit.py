#!/usr/bin/env python3
"""expect_exit.py CODE COMMAND...: run COMMAND, pass its stdout/stderr through, and exit 0 iff
COMMAND exited with CODE (lit's `not` only says "non-zero"; bporcheck's exit codes matter)."""
import subprocess
import sys

want = int(sys.argv[1])
proc = subprocess.run(sys.argv[2:])
if proc.returncode != want:
    print(f"expect_exit: wanted exit code {want}, got {proc.returncode}", file=sys.stderr)
    sys.exit(1)
