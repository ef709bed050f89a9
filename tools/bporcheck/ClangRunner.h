// Runs clang on a C or C++ input: inside this process when the clang asked for is the one
// bporcheck was built with and the executable links clang (clang/InProcessClang.h, registered
// with setInProcessCompiler), as a second process otherwise. Both write the same bitcode and
// the same diagnostics (tests/unit/tools/ClangRunnerTest.cpp).
#pragma once

#include <string>
#include <vector>

namespace bpor::tool {

enum class ClangProcess { Auto, Separate };

/// clang's compiler linked into this executable (compileWithClangInProcess); null for none.
using InProcessCompiler = int (*)(int argc, const char *const *argv,
                                  const char *diagnosticsPath);
void setInProcessCompiler(InProcessCompiler compiler);

/// Runs the command line `args` (args[0]: the clang executable), its diagnostics going to the
/// file `diagnosticsPath`. Returns clang's exit code; `execError` says why it could not run.
int runClang(const std::vector<std::string> &args, const std::string &diagnosticsPath,
             std::string &execError, ClangProcess process = ClangProcess::Auto);

/// Whether runClang can compile with `clang` inside this process.
bool inProcessClangAvailable(const std::string &clang);

} // namespace bpor::tool
