// Turns what the user named on the command line (.c/.cpp source, .bc bitcode or .ll text IR)
// into an llvm::Module, with one clear line of error for anything else.
#pragma once

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <memory>
#include <string>
#include <vector>

namespace bpor::tool {

struct InputOptions {
  std::string clangPath;              // clang-19 used for C and C++ sources
  std::vector<std::string> clangArgs; // -I, -D and friends, passed through
};

struct LoadedInput {
  std::unique_ptr<llvm::Module> module; // null on failure
  std::string error;                    // one line, set on failure
};

/// The flags every compilation of a C (or, with `cxx`, C++) source gets: -O0 -g and the few
/// that keep the bitcode close to the source.
std::vector<std::string> compileFlags(bool cxx);

/// The clang command line that compiles the C or C++ source `path` to the bitcode file `output`
/// (`clang`: the executable, `clangArgs`: the user's -I, -D, -m32, -std).
std::vector<std::string> compileCommand(const std::string &clang, const std::string &path,
                                        const std::vector<std::string> &clangArgs,
                                        const std::string &output);

LoadedInput loadInput(const std::string &path, const InputOptions &options,
                      llvm::LLVMContext &context);

} // namespace bpor::tool
