//===- Plugin.cpp - The passes as an opt plugin --------------------------===//
//
//   opt-19 -load-pass-plugin=build/passes/BporPasses.so
//          -passes=bpor-prepare,bpor-instrument,bpor-spin-yield in.ll
//   (bpor-abstract-loops: LoopAbstraction.h)
//
// All passes are module passes, so that any of them may come first in a
// -passes list.
//
//===----------------------------------------------------------------------===//
#include "passes/InstrumentPass.h"
#include "passes/LoopAbstraction.h"
#include "passes/PreparePass.h"
#include "passes/SpinLoopPass.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"

using namespace llvm;
using namespace bpor::passes;

namespace {
bool addPass(StringRef Name, ModulePassManager &MPM,
             ArrayRef<PassBuilder::PipelineElement>) {
  if (Name == "bpor-prepare")
    MPM.addPass(PreparePass());
  else if (Name == "bpor-instrument")
    MPM.addPass(InstrumentPass());
  else if (Name == "bpor-abstract-loops")
    MPM.addPass(LoopAbstractionPass());
  else if (Name == "bpor-spin-yield")
    MPM.addPass(SpinLoopPass(SpinLoopHandling::Yield));
  else if (Name == "bpor-spin-assume")
    MPM.addPass(SpinLoopPass(SpinLoopHandling::Assume));
  else
    return false;
  return true;
}
} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "BporPasses", "0.1",
          [](PassBuilder &PB) { PB.registerPipelineParsingCallback(addPass); }};
}
