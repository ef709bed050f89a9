//===- OnceLowering.h - pthread_once as two visible operations ------------===//
//
// `pthread_once(control, routine)` becomes
//
//   if (__bpor_once_begin(control, loc)) { routine(); __bpor_once_end(control, loc); }
//
// and the call's result is 0. The routine's end is then a visible operation on
// the control object: the transition that lets the other callers go on writes
// that object, so it is dependent with their once_begin (a transition that
// enables another must be dependent with it, or a reduction misses schedules).
// In a C++ module the routine may throw: it runs inside `bpor.once.run`, which
// calls __bpor_once_abort and resumes the unwind when it does (the once is then
// as if never run), and an invoke of pthread_once keeps its unwind edge.
//
//===----------------------------------------------------------------------===//
#ifndef BPOR_PASSES_ONCELOWERING_H
#define BPOR_PASSES_ONCELOWERING_H

#include "passes/RuntimeFunctions.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/InstrTypes.h"

namespace bpor::passes {

/// Lowers one direct call of the declared pthread_once. Returns false (the
/// call is left alone, and the runtime refuses it by name) if the call does
/// not have the C signature's shape: two pointer arguments.
bool lowerPthreadOnce(llvm::CallBase &Call, RuntimeFunctions &Runtime, llvm::ConstantInt *Location);

} // namespace bpor::passes

#endif
