# A minimal stand-in for BenchExec (not packaged for Debian), enough to load and drive a
# tool-info module in tests: the names and signatures follow BenchExec's documented
# tool-info API (benchexec.tools.template.BaseTool2 and benchexec.result).


class BenchExecException(Exception):
    pass
