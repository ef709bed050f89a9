// The command's side of SV-COMP mode and witness validation (svcomp/): what the command line
// asks of them, and the Host through which they compile the program, build its models, show an
// error and update the progress line as the rest of the command does.
#pragma once

#include "tools/bporcheck/Options.h"

namespace bpor::tool {

/// bporcheck --svcomp: returns the process's exit code (svcomp::runSvcomp).
int runSvcompMode(const Options &options);

/// bporcheck --validate-witness: returns the process's exit code (svcomp::runWitnessValidation).
int runWitnessValidation(const Options &options);

} // namespace bpor::tool
