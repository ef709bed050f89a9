#!/usr/bin/env python3
"""Drives svcomp/benchexec/bporcheck.py (the BenchExec tool-info module) through the stand-in of
BenchExec's interface in svcomp/benchexec/benchexec_stub: the command line it builds, how it reads
answers, and one real run of bporcheck per answer.

Usage: test_tool_info.py BPORCHECK_BINARY
"""
import importlib.util
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "benchexec_stub"))

import benchexec.result as result  # noqa: E402
from benchexec.tools.template import BaseTool2  # noqa: E402

spec = importlib.util.spec_from_file_location("bporcheck_tool", os.path.join(HERE, "bporcheck.py"))
tool_module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tool_module)

BPORCHECK = None
PROPERTY = os.path.join(HERE, "..", "..", "sv-benchmarks", "properties", "unreach-call.prp")

PROGRAM = r"""
#include <pthread.h>
void reach_error() {}
extern void abort(void);
void assume_abort_if_not(int c) { if (!c) abort(); }
extern _Bool __VERIFIER_nondet_bool(void);
int x;
void *t(void *arg) { x = 1; return 0; }
int main(void) {
  _Bool b = __VERIFIER_nondet_bool();
  assume_abort_if_not(b);
  pthread_t h;
  pthread_create(&h, 0, t, 0);
  if (x == 1) reach_error();
  pthread_join(h, 0);
  return 0;
}
"""


def run_output(lines, termination_reason=None):
    return BaseTool2.Run(["bporcheck"], 0, BaseTool2.RunOutput([l + "\n" for l in lines]),
                         termination_reason)


class ToolInfoTest(unittest.TestCase):
    def setUp(self):
        self.tool = tool_module.Tool()

    def test_executable_name_and_version(self):
        locator = BaseTool2.ToolLocator(tool_directory=os.path.dirname(BPORCHECK))
        executable = self.tool.executable(locator)
        self.assertEqual(os.path.realpath(executable), os.path.realpath(BPORCHECK))
        self.assertEqual(self.tool.name(), "bporcheck")
        self.assertRegex(self.tool.version(executable), r"^\d+\.\d+")

    def test_command_line_carries_property_data_model_and_time(self):
        task = BaseTool2.Task.with_files(["prog.i"], property_file="unreach-call.prp",
                                         options={"language": "C", "data_model": "ILP32"})
        limits = BaseTool2.ResourceLimits(cputime=900)
        self.assertEqual(
            self.tool.cmdline("bporcheck", ["--nondet-values=0,1"], task, limits),
            ["bporcheck", "--svcomp", "--no-progress", "--property=unreach-call.prp",
             "--data-model=ILP32", "--time-limit=810", "--nondet-values=0,1", "prog.i"])
        plain = BaseTool2.Task.with_files(["p.c"], property_file=None, options=None)
        self.assertEqual(self.tool.cmdline("b", [], plain, BaseTool2.ResourceLimits()),
                         ["b", "--svcomp", "--no-progress", "p.c"])

    def test_results_are_mapped(self):
        d = self.tool.determine_result
        self.assertEqual(d(run_output(["x", "reason: r", "SV-COMP result: true"])),
                         result.RESULT_TRUE_PROP)
        self.assertEqual(d(run_output(["reason: r", "SV-COMP result: false(unreach-call)"])),
                         result.RESULT_FALSE_REACH)
        self.assertEqual(d(run_output(["SV-COMP result: false(valid-deref)"])),
                         "false(valid-deref)")
        self.assertEqual(d(run_output(["reason: r", "SV-COMP result: unknown"])),
                         result.RESULT_UNKNOWN)
        self.assertEqual(d(run_output(["bporcheck: crashed"])), result.RESULT_ERROR)
        self.assertEqual(d(run_output(["working"], termination_reason="cputime")), "TIMEOUT")
        self.assertEqual(
            self.tool.get_value_from_output(
                BaseTool2.RunOutput(["reason: because\n", "SV-COMP result: unknown\n"]),
                "reason"),
            "because")

    def test_real_runs(self):
        with tempfile.TemporaryDirectory() as tmp:
            program = os.path.join(tmp, "prog.c")
            with open(program, "w") as f:
                f.write(PROGRAM)
            cases = {"": result.RESULT_FALSE_REACH, "-DNO_BUG": result.RESULT_TRUE_PROP}
            for define, expected in cases.items():
                source = program
                if define:
                    source = os.path.join(tmp, "fixed.c")
                    with open(source, "w") as f:
                        f.write(PROGRAM.replace("if (x == 1) reach_error();",
                                                "if (x == 2) reach_error();"))
                task = BaseTool2.Task.with_files([source], property_file=PROPERTY,
                                                 options={"language": "C",
                                                          "data_model": "LP64"})
                command = self.tool.cmdline(BPORCHECK, [], task,
                                            BaseTool2.ResourceLimits(cputime=60))
                proc = subprocess.run(command, capture_output=True, text=True)
                lines = (proc.stdout + proc.stderr).splitlines(keepends=True)
                run = BaseTool2.Run(command, proc.returncode, BaseTool2.RunOutput(lines), None)
                self.assertEqual(self.tool.determine_result(run), expected, proc.stdout)


if __name__ == "__main__":
    BPORCHECK = os.path.abspath(sys.argv.pop(1))
    unittest.main()
