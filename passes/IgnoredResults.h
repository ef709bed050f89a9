//===- IgnoredResults.h - Calls and updates whose result nobody reads ----===//
//
// An atomic read-modify-write or a pthread_barrier_wait whose result the
// program never uses tells its thread nothing: two such additions (or two
// barrier arrivals) commute, where two that are read do not. The pass marks
// the runtime call that replaces such an instruction with the metadata
// !bpor.ignored (runtime/bpor_abi.h); the interpreter hands the mark to the
// runtime with the call.
//
//===----------------------------------------------------------------------===//
#ifndef BPOR_PASSES_IGNOREDRESULTS_H
#define BPOR_PASSES_IGNOREDRESULTS_H

#include "llvm/IR/Instruction.h"

namespace bpor::passes {

/// The metadata kind of the mark.
inline constexpr const char *IgnoredResultMetadata = "bpor.ignored";

/// True iff no value computed from `I`'s result is ever used: it has no uses,
/// or its only uses store it to local variables (allocas) that are never read,
/// or read only by loads that are themselves unused (clang's -O0 code for a
/// statement atomic_fetch_add(&x, 1) stores the result to a temporary and
/// loads it back for nothing), or pass it to instructions without effects
/// (phis, casts, selects, arithmetic) whose uses are such (an inlined
/// std::atomic member once its locals became registers).
bool isResultIgnored(const llvm::Instruction &I);

/// Marks `Call` (the runtime call that replaces an instruction whose result
/// is ignored).
void markResultIgnored(llvm::Instruction &Call);

/// For `I` whose result is ignored: its stores to the never-read locals store
/// zero instead, so that no state holds the result (two orders of commuting
/// updates then reach the same state, not only the same memory).
void dropIgnoredResult(llvm::Instruction &I);

} // namespace bpor::passes

#endif
