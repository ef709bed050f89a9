// What the C-program benches share: compiling a C file into an instrumented Program, and the
// CPU clock they time with (the machine is shared, so wall time would measure the neighbours).
#pragma once

#include "interp/Program.h"

#include <memory>
#include <string>

namespace bpor::bench {

/// CPU seconds used by this thread.
double cpuSeconds();

/// Compiles the C file `source` with clang-19 at -O0 (and `clangArgs`, such as "-DN=10"),
/// prepares and instruments it as bporcheck does, and builds the interpreter's Program; nullptr
/// on any failure.
std::unique_ptr<Program> compileInstrumented(const std::string &source,
                                             const std::string &clangArgs = "");

} // namespace bpor::bench
