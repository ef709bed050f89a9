// bporcheck --svcomp: check one SV-COMP task (or program and property file) and answer
// "SV-COMP result: true", "false(PROPERTY)" or "unknown" on the last line of output, with the
// reason on the line before. docs/user-guide.md ("SV-COMP mode") states the rules; the one that
// matters most is that TRUE needs a complete search of every behaviour, and FALSE a concrete
// execution that calls the error function.
#pragma once

#include "tools/bporcheck/Options.h"

namespace bpor::tool {

/// Runs SV-COMP mode; returns the process's exit code (0 once a result line was printed).
int runSvcomp(const Options &options);

} // namespace bpor::tool
