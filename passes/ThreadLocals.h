//===- ThreadLocals.h - Thread-local variables get per-thread addresses --===//
//
// A thread_local global (C _Thread_local/__thread, C++ thread_local) has one copy per thread.
// The runtime keeps the copies: every llvm.threadlocal.address(@g) call, and every other use
// of @g by an instruction, becomes a call of __bpor_thread_local_address(@g), which returns the
// calling thread's copy (runtime/bpor_abi.h).
//
//===----------------------------------------------------------------------===//
#ifndef BPOR_PASSES_THREADLOCALS_H
#define BPOR_PASSES_THREADLOCALS_H

#include "passes/RuntimeFunctions.h"

#include "llvm/IR/Module.h"

namespace bpor::passes {

/// Returns the number of uses rewritten.
unsigned rewriteThreadLocals(llvm::Module &M, RuntimeFunctions &Runtime);

} // namespace bpor::passes

#endif
