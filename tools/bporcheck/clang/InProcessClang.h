// clang's compiler inside bporcheck's own process (InProcessClang.cpp, built where clang's
// static libraries are installed); ClangRunner uses it once an executable registers it.
#pragma once

#include <memory>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace bpor::tool {

/// Runs clang as the command line argv[0..argc) would (argv[0]: the clang executable, whose
/// place tells the driver where clang's own headers are), writing its diagnostics to the file
/// `diagnosticsPath`. Returns 0 on success, like clang's exit code.
///
/// With `module`, a command line that compiles one file to bitcode (-c -emit-llvm, without
/// -mllvm options or plugins) instead sets it to the module it would write, made in `context`,
/// and writes no file: the same IR without writing and reading the bitcode again. Any other
/// command line runs as without `module`, which it leaves null.
int compileWithClangInProcess(int argc, const char *const *argv, const char *diagnosticsPath,
                              llvm::LLVMContext *context = nullptr,
                              std::unique_ptr<llvm::Module> *module = nullptr);

} // namespace bpor::tool
