# BenchExec tool-info module for bporcheck (SV-COMP): how to run it on a task and how to read
# its answer. Copy it into benchexec/tools/ or put this folder on PYTHONPATH as a package.
import re

import benchexec.result as result
import benchexec.tools.template


class Tool(benchexec.tools.template.BaseTool2):
    """bporcheck, a stateless model checker for C programs with POSIX threads.

    Runs `bporcheck --svcomp --property=FILE --data-model=MODEL PROGRAM`; the last line of its
    output is `SV-COMP result: true`, `SV-COMP result: false(PROPERTY)` or
    `SV-COMP result: unknown`, the line before it gives the reason.
    """

    REQUIRED_PATHS = ["bporcheck"]

    def executable(self, tool_locator):
        return tool_locator.find_executable("bporcheck")

    def name(self):
        return "bporcheck"

    def version(self, executable):
        # "bporcheck 0.1.0 (LLVM 19.1.7)" -> "0.1.0"
        text = self._version_from_tool(executable, arg="--version")
        match = re.search(r"bporcheck\s+(\S+)", text)
        return match.group(1) if match else text.strip()

    def cmdline(self, executable, options, task, rlimits):
        command = [executable, "--svcomp", "--no-progress"]
        if task.property_file:
            command.append(f"--property={task.property_file}")
        data_model = (task.options or {}).get("data_model")
        if data_model:
            command.append(f"--data-model={data_model}")
        language = (task.options or {}).get("language")
        if language and language != "C":
            raise benchexec.tools.template.UnsupportedFeatureException(
                f"bporcheck checks C programs, not {language}"
            )
        # Answer before BenchExec's CPU-time limit kills the run: a tenth of it (at least
        # 5 s) is left for compiling the program and writing the answer.
        if rlimits.cputime and not any(o.startswith("--time-limit") for o in options):
            margin = max(5, rlimits.cputime // 10)
            command.append(f"--time-limit={max(1, rlimits.cputime - margin)}")
        return command + list(options) + [task.single_input_file]

    def determine_result(self, run):
        for line in reversed(run.output):
            line = line.strip()
            if not line.startswith("SV-COMP result:"):
                continue
            answer = line[len("SV-COMP result:") :].strip()
            if answer == "true":
                return result.RESULT_TRUE_PROP
            match = re.fullmatch(r"false\(([\w.-]+)\)", answer)
            if match:
                return f"{result.RESULT_FALSE_PROP}({match.group(1)})"
            if answer == "unknown":
                return result.RESULT_UNKNOWN
            return result.RESULT_ERROR + f" (unexpected answer {answer!r})"
        if run.was_timeout:
            return "TIMEOUT"
        return result.RESULT_ERROR

    def get_value_from_output(self, output, identifier):
        # identifier "reason" gives the line that explains the answer.
        for line in reversed(output):
            if line.startswith(identifier + ":"):
                return line[len(identifier) + 1 :].strip()
        return None
