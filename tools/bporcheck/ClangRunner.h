// Runs clang on a C or C++ input: inside this process when the clang asked for is the one
// bporcheck was built with and the executable links clang (clang/InProcessClang.h, registered
// with setInProcessCompiler), as a second process otherwise. Both write the same bitcode and
// the same diagnostics (tests/unit/tools/ClangRunnerTest.cpp).
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace bpor::tool {

enum class ClangProcess { Auto, Separate };

/// clang's compiler linked into this executable (compileWithClangInProcess); null for none.
using InProcessCompiler = int (*)(int argc, const char *const *argv, const char *diagnosticsPath,
                                  llvm::LLVMContext *context,
                                  std::unique_ptr<llvm::Module> *module);
void setInProcessCompiler(InProcessCompiler compiler);

/// Runs the command line `args` (args[0]: the clang executable), its diagnostics going to the
/// file `diagnosticsPath`. Returns clang's exit code; `execError` says why it could not run.
///
/// With `module`, where clang runs inside this process and `args` compile one file to bitcode,
/// the module is made in `context` and set there instead of written to the output file (the
/// same IR: tests/unit/tools/ClangRunnerTest.cpp); otherwise it stays null and the file is
/// written.
int runClang(const std::vector<std::string> &args, const std::string &diagnosticsPath,
             std::string &execError, ClangProcess process = ClangProcess::Auto,
             llvm::LLVMContext *context = nullptr,
             std::unique_ptr<llvm::Module> *module = nullptr);

/// Whether runClang can compile with `clang` inside this process.
bool inProcessClangAvailable(const std::string &clang);

} // namespace bpor::tool
