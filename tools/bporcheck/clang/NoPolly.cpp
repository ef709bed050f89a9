// clang's code generator registers every extension LLVM was configured with (Debian's LLVM:
// Polly, llvm/Support/Extension.def) by calling its get<Name>PluginInfo. Polly lives in the
// shared libLLVM only; Debian ships no static library of it. bporcheck never asks for Polly's
// loop optimizations (they run only under -mllvm -polly), so the in-process clang links this
// plugin that registers nothing in its place.
#include "llvm/Config/llvm-config.h"
#include "llvm/Passes/PassPlugin.h"

llvm::PassPluginLibraryInfo getPollyPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "Polly (not linked)", LLVM_VERSION_STRING,
          [](llvm::PassBuilder &) {}};
}
