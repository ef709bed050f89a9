# Stand-in for benchexec.tools.template: the BaseTool2 interface and the run-description
# classes a tool-info module receives, without BenchExec's process handling.
import collections.abc
import os
import subprocess
from abc import ABCMeta, abstractmethod
from collections import namedtuple

import benchexec


class ToolNotFoundException(benchexec.BenchExecException):
    pass


class UnsupportedFeatureException(benchexec.BenchExecException):
    pass


class BaseTool2(metaclass=ABCMeta):
    REQUIRED_PATHS = []

    @abstractmethod
    def name(self):
        raise NotImplementedError()

    @abstractmethod
    def executable(self, tool_locator):
        raise NotImplementedError()

    def version(self, executable):
        return ""

    @staticmethod
    def _version_from_tool(executable, arg="--version", use_stderr=False,
                           ignore_stderr=False, line_prefix=None):
        process = subprocess.run([executable, arg], capture_output=True, text=True)
        if process.returncode:
            return ""
        output = (process.stderr if use_stderr else process.stdout).strip()
        if line_prefix:
            lines = [l[len(line_prefix):].strip() for l in output.splitlines()
                     if l.startswith(line_prefix)]
            output = lines[0] if lines else ""
        return output

    def cmdline(self, executable, options, task, rlimits):
        return [executable, *options, *task.input_files_or_identifier]

    def determine_result(self, run):
        return "done"

    def get_value_from_output(self, output, identifier):
        return None

    class ToolLocator(namedtuple("ToolLocator", ["tool_directory", "use_path", "use_current"])):
        def __new__(cls, tool_directory=None, use_path=False, use_current=False):
            return super().__new__(cls, tool_directory, use_path, use_current)

        def find_executable(self, executable_name, subdir=""):
            dirs = []
            if self.tool_directory:
                dirs.append(os.path.join(self.tool_directory, subdir))
            if self.use_path:
                dirs.extend(os.environ.get("PATH", "").split(os.pathsep))
            if self.use_current:
                dirs.append(os.curdir)
            for d in dirs:
                candidate = os.path.join(d, executable_name)
                if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
                    return candidate
            raise ToolNotFoundException(f"Could not find executable '{executable_name}'")

    class Task(namedtuple("Task", ["input_files_or_empty", "identifier", "property_file",
                                   "options"])):
        @classmethod
        def with_files(cls, input_files, *, property_file=None, options=None):
            return cls(tuple(input_files), None, property_file, options)

        @property
        def input_files(self):
            return self.input_files_or_empty

        @property
        def single_input_file(self):
            if len(self.input_files_or_empty) != 1:
                raise UnsupportedFeatureException(
                    "Tool does not support tasks with more than one input file")
            return self.input_files_or_empty[0]

        @property
        def input_files_or_identifier(self):
            return self.input_files_or_empty or (self.identifier,)

    class ResourceLimits(namedtuple("ResourceLimits",
                                    ["cputime", "cputime_hard", "walltime", "memory",
                                     "cpu_cores"])):
        def __new__(cls, cputime=None, cputime_hard=None, walltime=None, memory=None,
                    cpu_cores=None):
            return super().__new__(cls, cputime, cputime_hard, walltime, memory, cpu_cores)

    class Run(namedtuple("Run", ["cmdline", "exit_code", "output", "termination_reason"])):
        @property
        def was_terminated(self):
            return bool(self.termination_reason)

        @property
        def was_timeout(self):
            return self.termination_reason in ["cputime", "cputime-soft", "walltime"]

    class RunOutput(collections.abc.Sequence):
        def __init__(self, lines):
            self._lines = lines

        def __getitem__(self, index):
            if isinstance(index, slice):
                return self.__class__(self._lines[index])
            return self._lines[index].rstrip("\n")

        def __len__(self):
            return len(self._lines)

        def any_line_contains(self, substr):
            return any(substr in line for line in self._lines)
