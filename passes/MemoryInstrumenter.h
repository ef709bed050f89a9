//===- MemoryInstrumenter.h - Shared accesses become runtime calls -------===//
//
// Every load, store, atomicrmw, cmpxchg, fence and llvm.mem* intrinsic that may
// touch shared memory becomes a call to the matching __bpor_* function of
// runtime/bpor_abi.h; accesses to local, non-escaping allocas stay plain.
//
//===----------------------------------------------------------------------===//
#ifndef BPOR_PASSES_MEMORYINSTRUMENTER_H
#define BPOR_PASSES_MEMORYINSTRUMENTER_H

#include "passes/RuntimeFunctions.h"
#include "passes/SharedMemory.h"
#include "passes/SourceLocations.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"

namespace bpor::passes {

class MemoryInstrumenter {
public:
  MemoryInstrumenter(llvm::Module &M, RuntimeFunctions &Runtime,
                     SourceLocationTable &Locations);

  /// Rewrites F's visible memory operations; returns how many it rewrote.
  /// Reports what it cannot instrument as an error on the LLVMContext.
  unsigned instrument(llvm::Function &F, const SharedMemory &Shared);

private:
  bool rewrite(llvm::Instruction &I, const SharedMemory &Shared);
  void rewriteLoad(llvm::LoadInst &LI);
  void rewriteStore(llvm::StoreInst &SI);
  void rewriteRMW(llvm::AtomicRMWInst &RMW);
  void rewriteCmpXchg(llvm::AtomicCmpXchgInst &CX);
  void rewriteFence(llvm::FenceInst &FI);
  bool rewriteMemIntrinsic(llvm::MemIntrinsic &MI, const SharedMemory &Shared);

  /// True if values of T travel as one u64 ("word"); else via a buffer.
  bool fitsInWord(llvm::Type *T) const;
  llvm::Value *toWord(llvm::IRBuilder<> &B, llvm::Value *V) const;
  llvm::Value *fromWord(llvm::IRBuilder<> &B, llvm::Value *W,
                        llvm::Type *T) const;
  llvm::Value *address(llvm::IRBuilder<> &B, llvm::Value *Ptr) const;
  llvm::ConstantInt *sizeOf(llvm::Type *T) const;
  llvm::AllocaInst *privateBuffer(llvm::Instruction &At, llvm::Type *T) const;
  void unsupported(llvm::Instruction &I, const llvm::Twine &What) const;
  llvm::ConstantInt *orderConstant(llvm::AtomicOrdering Order, bool Protocol = false) const;

  llvm::Module &M;
  const llvm::DataLayout &DL;
  // One buffer per function and type: each use is a runtime call and the
  // plain access right before or after it, so uses never overlap.
  mutable llvm::DenseMap<std::pair<llvm::Function *, llvm::Type *>,
                         llvm::AllocaInst *>
      Buffers;
  RuntimeFunctions &Runtime;
  SourceLocationTable &Locations;
  /// Instrumenting a function of the C++ atomics interface (orderConstant's 0x200).
  bool OrdersFromCaller = false;
};

} // namespace bpor::passes

#endif
