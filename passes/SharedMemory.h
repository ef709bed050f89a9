//===- SharedMemory.h - Which accesses may touch shared memory -----------===//
//
// A load or store stays a plain instruction only when the pass can prove it
// thread-local: every object it may access is a local alloca whose address
// never leaves the function (llvm::PointerMayBeCaptured, as LLVM's
// ThreadSanitizer pass decides it). Everything else may be shared.
//
// Two rules go further than capture tracking, so that the runtime only ever
// sees addresses of memory it manages (runtime/memory): an alloca is shared
// as soon as its address is passed to any call that is not an intrinsic
// (even a nocapture one, e.g. a libc model), and as soon as it has a volatile
// or atomic access (those are always visible, so their object must be
// runtime memory). And an alloca that is one of several objects an access may
// touch, another of which may be shared, is shared as well.
//
// Loads of constant globals (string literals, const tables) stay plain too:
// nothing writes immutable memory, so such a read is independent of every
// other operation and need not be a scheduling point.
//
//===----------------------------------------------------------------------===//
#ifndef BPOR_PASSES_SHAREDMEMORY_H
#define BPOR_PASSES_SHAREDMEMORY_H

#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

namespace bpor::passes {

/// Name of the metadata the instrumentation puts on every alloca whose
/// memory may be shared (its accesses became runtime calls); allocas without
/// it are thread-local and only ever accessed by plain instructions (and as
/// the private buffer of __bpor_load_bytes/__bpor_store_bytes).
inline constexpr const char *SharedAllocaMetadata = "bpor.shared";

class SharedMemory {
public:
  /// Classifies every alloca of F. Call before F is instrumented: the calls
  /// the instrumentation adds take addresses as arguments.
  explicit SharedMemory(const llvm::Function &F);

  /// True if the alloca's address never leaves its function.
  bool isLocal(const llvm::AllocaInst &AI) const {
    return LocalAllocas.contains(&AI);
  }
  /// False only if every object Ptr may point into is a local alloca.
  bool mayBeShared(const llvm::Value *Ptr) const;
  /// False only if every object Ptr may point into is a local alloca or a
  /// constant global: reading immutable memory commutes with every
  /// operation, so it is never a scheduling point.
  bool mayReadSharedMutable(const llvm::Value *Ptr) const;

private:
  bool allInvisible(const llvm::Value *Ptr, bool ConstantsToo) const;
  bool isInvisible(const llvm::Value *Object, bool ConstantsToo) const;

  llvm::DenseSet<const llvm::AllocaInst *> LocalAllocas;
};

} // namespace bpor::passes

#endif
