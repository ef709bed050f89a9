#include "passes/IgnoredResults.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Metadata.h"

using namespace llvm;

namespace bpor::passes {

namespace {

// A local variable whose value is never read: every use stores to it, loads
// a value nobody uses, or is a marker (lifetime, debug info). Its address
// must not escape, or someone else could read it.
bool isNeverRead(const AllocaInst &Slot) {
  for (const User *U : Slot.users()) {
    if (auto *Store = dyn_cast<StoreInst>(U)) {
      if (Store->getPointerOperand() != &Slot || Store->isVolatile())
        return false;
    } else if (auto *Load = dyn_cast<LoadInst>(U)) {
      if (!Load->use_empty())
        return false;
    } else if (auto *Intrinsic = dyn_cast<IntrinsicInst>(U)) {
      if (!Intrinsic->isLifetimeStartOrEnd() && !isa<DbgInfoIntrinsic>(Intrinsic))
        return false;
    } else {
      return false;
    }
  }
  return true;
}

} // namespace

// Every use of V stores it to a never-read local, or passes it on to an instruction without
// effects (a phi, cast, select, arithmetic, comparison) whose own uses do: the -O0 code of an
// inlined std::atomic member (one update per memory order, their results merged in a phi nobody
// reads), or of `++counter` in a copy whose return nobody reads (the update's result plus one).
// Not a branch: what it decides is used. `Seen` breaks cycles of phis.
static bool usesIgnore(const Value &V, SmallPtrSetImpl<const Value *> &Seen) {
  if (!Seen.insert(&V).second)
    return true;
  for (const User *U : V.users()) {
    if (auto *Store = dyn_cast<StoreInst>(U)) {
      auto *Slot = dyn_cast<AllocaInst>(Store->getPointerOperand());
      if (Store->getValueOperand() != &V || !Slot || !isNeverRead(*Slot))
        return false;
    } else if (auto *Pure = dyn_cast<Instruction>(U);
               Pure && !Pure->mayHaveSideEffects() && !Pure->mayReadFromMemory() &&
               !Pure->isTerminator() && !isa<AllocaInst, CallBase>(Pure)) {
      if (!usesIgnore(*Pure, Seen))
        return false;
    } else {
      return false;
    }
  }
  return true;
}

bool isResultIgnored(const Instruction &I) {
  SmallPtrSet<const Value *, 8> Seen;
  return usesIgnore(I, Seen);
}

void dropIgnoredResult(Instruction &I) {
  // The phis, casts and selects it reaches hold zero instead, or nothing but zero.
  if (!I.getType()->isVoidTy())
    I.replaceAllUsesWith(Constant::getNullValue(I.getType()));
}

void markResultIgnored(Instruction &Call) {
  Call.setMetadata(IgnoredResultMetadata, MDNode::get(Call.getContext(), {}));
}

} // namespace bpor::passes
