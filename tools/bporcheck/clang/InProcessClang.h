// The one entry point of the in-process clang plugin (bporcheck-clang.so), looked up by name
// when the plugin is loaded (tools/bporcheck/ClangRunner.cpp).
#pragma once

/// Runs clang as the command line argv[0..argc) would (argv[0]: the clang executable, whose
/// place tells the driver where clang's own headers are), writing its diagnostics to the file
/// `diagnosticsPath`. Returns 0 on success, like clang's exit code.
extern "C" int bporcheck_clang_compile(int argc, const char *const *argv,
                                       const char *diagnosticsPath);

/// The symbol's name, for the loader.
inline constexpr const char *InProcessClangSymbol = "bporcheck_clang_compile";
