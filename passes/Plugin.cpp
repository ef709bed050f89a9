//===- Plugin.cpp - The passes as an opt plugin --------------------------===//
//
//   opt-19 -load-pass-plugin=build/passes/BporPasses.so
//          -passes=bpor-prepare,bpor-instrument,bpor-spin-yield in.ll
//   (bpor-abstract-loops: LoopAbstraction.h; bpor-instrument<abort-no-violation>: abort()
//   ends silently, as in SV-COMP mode: AssumedValues.h)
//
// All passes are module passes, so that any of them may come first in a
// -passes list.
//
// -stats prints the passes' counters (their STATISTICs, tracked always: passes/README.md) even
// with a release build of LLVM, whose own printing at exit only says that statistics are
// disabled: the plugin prints the statistics itself and then turns -stats off.
//
//===----------------------------------------------------------------------===//
#include "passes/InstrumentPass.h"
#include "passes/LoopAbstraction.h"
#include "passes/PreparePass.h"
#include "passes/SpinLoopPass.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ManagedStatic.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace bpor::passes;

namespace {
/// Prints the registered statistics when llvm_shutdown destroys it. LLVM prints them from the
/// destructor of its own registry (a ManagedStatic too) only when it is built with assertions
/// or LLVM_FORCE_ENABLE_STATS; a release build (Debian's) prints "Statistics are disabled"
/// there instead, although PrintStatistics(raw_ostream &) works. llvm_shutdown destroys the
/// ManagedStatics newest first, so this one, made after the registry, prints before it goes;
/// then -stats is turned off, so that LLVM's own printing neither repeats nor contradicts it.
struct StatisticsPrinter {
  ~StatisticsPrinter() {
    StringMap<cl::Option *> &Options = cl::getRegisteredOptions();
    cl::Option *Json = Options.lookup("stats-json");
    std::unique_ptr<raw_fd_ostream> OS = CreateInfoOutputFile();
    if (Json && Json->getNumOccurrences())
      PrintStatisticsJSON(*OS);
    else
      PrintStatistics(*OS);
    if (cl::Option *Stats = Options.lookup("stats"))
      Stats->addOccurrence(0, "stats", "false");
  }
};
ManagedStatic<StatisticsPrinter> Printer;

void printStatisticsAtExit() {
  if (!AreStatisticsEnabled())
    return;
  (void)GetStatistics(); // makes LLVM's registry, if it is not there yet
  (void)*Printer;
}

bool addPass(StringRef Name, ModulePassManager &MPM,
             ArrayRef<PassBuilder::PipelineElement>) {
  if (Name == "bpor-prepare")
    MPM.addPass(PreparePass());
  else if (Name == "bpor-instrument")
    MPM.addPass(InstrumentPass());
  else if (Name == "bpor-instrument<abort-no-violation>")
    MPM.addPass(InstrumentPass(InstrumentOptions{.AbortIsNoViolation = true}));
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
  return {LLVM_PLUGIN_API_VERSION, "BporPasses", "0.1", [](PassBuilder &PB) {
            printStatisticsAtExit();
            PB.registerPipelineParsingCallback(addPass);
          }};
}
