//===- AtomicFootprint.h - Atomic blocks' footprints, named in advance ---===//
//
// The checker treats an atomic block as one operation. Its pending operation must carry the
// block's footprint before the block runs, and its event the same footprint after, or optimal
// DPOR would compare a thread's next block (conflicting with everything) against the same
// block's event (touching a few variables) and explore some traces twice (docs/design.md,
// "Atomic blocks"). So the pass names, for each __bpor_atomic_begin, every byte range the
// block may touch: it passes __bpor_atomic_begin a table of (address, size, write) triples
// when each visible access in the block, its callees included, is at a constant address (a
// global plus a constant offset) and the block makes no other visible call, a nondet draw
// included (a draw stops the block's step inside the block, which keeps the other threads
// out). Otherwise the block gets no table, and the runtime treats it as conflicting with every
// operation until it has run. In symbolic mode the runtime does so with a named block too
// while a symbolic value can reach it (Execution::mayDecideInsideBlock): a decision on it
// would stop the block's step in the same way.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/IR/Module.h"

namespace bpor::passes {

/// Fills in the table arguments of every __bpor_atomic_begin call of `M` whose block's
/// footprint is known; returns how many got one.
unsigned describeAtomicFootprints(llvm::Module &M);

} // namespace bpor::passes
