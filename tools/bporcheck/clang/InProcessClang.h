// clang's compiler inside bporcheck's own process (InProcessClang.cpp, built where clang's
// static libraries are installed); ClangRunner uses it once an executable registers it.
#pragma once

namespace bpor::tool {

/// Runs clang as the command line argv[0..argc) would (argv[0]: the clang executable, whose
/// place tells the driver where clang's own headers are), writing its diagnostics to the file
/// `diagnosticsPath`. Returns 0 on success, like clang's exit code.
int compileWithClangInProcess(int argc, const char *const *argv, const char *diagnosticsPath);

} // namespace bpor::tool
