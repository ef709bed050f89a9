//===- Pipeline.h - The passes as bporcheck runs them --------------------===//
#ifndef BPOR_PASSES_PIPELINE_H
#define BPOR_PASSES_PIPELINE_H

#include "passes/InstrumentOptions.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

namespace bpor::passes {

/// Prepares (mem2reg, SROA), instruments and handles spin loops in M, on the
/// new pass manager, then verifies the result. An error names what could not
/// be instrumented (or what the verifier found); M must not be run then. `Report`, if given,
/// receives what the caller must know of the result.
llvm::Error prepareAndInstrument(llvm::Module &M, const InstrumentOptions &Options = {},
                                 InstrumentReport *Report = nullptr);

} // namespace bpor::passes

#endif
