//===- Pipeline.cpp - The passes as bporcheck runs them ------------------===//
#include "passes/Pipeline.h"

#include "passes/InstrumentPass.h"
#include "passes/LoopAbstraction.h"
#include "passes/PreparePass.h"
#include "passes/SpinLoopPass.h"

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace llvm;

namespace bpor::passes {

namespace {
// Collects the errors the passes report on the context instead of letting
// LLVM's default handler print them and exit the process.
class CollectingHandler : public DiagnosticHandler {
public:
  explicit CollectingHandler(std::string &Errors) : Errors(Errors) {}
  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    if (DI.getSeverity() != DS_Error)
      return true; // warnings and remarks are not the tool's business
    raw_string_ostream OS(Errors);
    if (!Errors.empty())
      OS << "\n";
    DiagnosticPrinterRawOStream DP(OS);
    DI.print(DP);
    return true;
  }

private:
  std::string &Errors;
};

// Restores the context's handler however the pipeline ends.
class ScopedHandler {
public:
  ScopedHandler(LLVMContext &C, std::string &Errors)
      : C(C), Saved(C.getDiagnosticHandler()) {
    C.setDiagnosticHandler(std::make_unique<CollectingHandler>(Errors));
  }
  ~ScopedHandler() { C.setDiagnosticHandler(std::move(Saved)); }

private:
  LLVMContext &C;
  std::unique_ptr<DiagnosticHandler> Saved;
};
} // namespace

Error prepareAndInstrument(Module &M, const InstrumentOptions &Options,
                           InstrumentReport *Report) {
  std::string Errors;
  {
    ScopedHandler Handler(M.getContext(), Errors);
    LoopAnalysisManager LAM;
    FunctionAnalysisManager FAM;
    CGSCCAnalysisManager CGAM;
    ModuleAnalysisManager MAM;
    PassBuilder PB;
    PB.registerModuleAnalyses(MAM);
    PB.registerCGSCCAnalyses(CGAM);
    PB.registerFunctionAnalyses(FAM);
    PB.registerLoopAnalyses(LAM);
    PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);

    ModulePassManager MPM;
    if (Options.Prepare)
      MPM.addPass(PreparePass());
    unsigned AbstractedLoops = 0;
    if (Options.AbstractLoops)
      MPM.addPass(LoopAbstractionPass(&AbstractedLoops));
    MPM.addPass(InstrumentPass(Options));
    if (Options.SpinLoops != SpinLoopHandling::None)
      MPM.addPass(SpinLoopPass(Options.SpinLoops));
    MPM.run(M, MAM);
    if (Report)
      Report->AbstractedLoops = AbstractedLoops;
  }
  if (!Errors.empty())
    return createStringError(inconvertibleErrorCode(), Errors);
  if (Options.Verify) {
    std::string Message;
    raw_string_ostream OS(Message);
    if (verifyModule(M, &OS))
      return createStringError(inconvertibleErrorCode(),
                               "instrumented module is invalid: " + Message);
  }
  return Error::success();
}

} // namespace bpor::passes
