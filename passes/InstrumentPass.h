//===- InstrumentPass.h - bpor-instrument --------------------------------===//
//
// Every visible operation becomes a call to a __bpor_* runtime function:
// shared memory accesses (MemoryInstrumenter) and calls with concurrency or
// SV-COMP semantics (CallRouter). Allocas whose memory may be shared get
// !bpor.shared metadata; the @__bpor_source_locations table is (re)written.
// Functions named __bpor_* are never touched.
//
//===----------------------------------------------------------------------===//
#ifndef BPOR_PASSES_INSTRUMENTPASS_H
#define BPOR_PASSES_INSTRUMENTPASS_H

#include "passes/InstrumentOptions.h"

#include "llvm/IR/PassManager.h"

namespace bpor::passes {

class InstrumentPass : public llvm::PassInfoMixin<InstrumentPass> {
public:
  /// Uses the options' NondetClasses, RouteErrorFunctions and AbortIsNoViolation.
  explicit InstrumentPass(const InstrumentOptions &Options = {}) : Options(Options) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  InstrumentOptions Options;
};

} // namespace bpor::passes

#endif
