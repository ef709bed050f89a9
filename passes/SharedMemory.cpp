//===- SharedMemory.cpp - Which accesses may touch shared memory ---------===//
#include "passes/SharedMemory.h"

#include "passes/PrivateArguments.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace bpor::passes {

namespace {

// Capture tracking with the two extra rules of the header.
class EscapeTracker : public CaptureTracker {
public:
  bool Escapes = false;

  void tooManyUses() override { Escapes = true; }

  bool captured(const Use *) override {
    Escapes = true;
    return true; // stop
  }

  bool shouldExplore(const Use *U) override {
    // A private argument of the threads API neither captures nor shares.
    if (const auto *Call = dyn_cast<CallBase>(U->getUser()))
      if (Call->isArgOperand(U) &&
          isPrivateArgument(*Call, Call->getArgOperandNo(U)))
        return false;
    if (forcesShared(*U))
      Escapes = true;
    return !Escapes;
  }

private:
  static bool forcesShared(const Use &U) {
    const User *Usr = U.getUser();
    if (const auto *LI = dyn_cast<LoadInst>(Usr))
      return !LI->isSimple();
    if (const auto *SI = dyn_cast<StoreInst>(Usr))
      return U.getOperandNo() == SI->getPointerOperandIndex() &&
             !SI->isSimple();
    if (isa<AtomicRMWInst, AtomicCmpXchgInst>(Usr))
      return true;
    if (const auto *Call = dyn_cast<CallBase>(Usr)) {
      if (!Call->isArgOperand(&U))
        return false;
      if (const auto *MI = dyn_cast<MemIntrinsic>(Call))
        return MI->isVolatile();
      return !isa<IntrinsicInst>(Call);
    }
    return false;
  }
};

bool addressEscapes(const AllocaInst &AI) {
  EscapeTracker Tracker;
  PointerMayBeCaptured(&AI, &Tracker);
  return Tracker.Escapes;
}

// The pointers through which I reads or writes memory, each with whether
// only a plain load reads through it (which may also read constants).
SmallVector<std::pair<const Value *, bool>, 2>
accessedPointers(const Instruction &I) {
  if (const auto *LI = dyn_cast<LoadInst>(&I))
    return {{LI->getPointerOperand(), LI->isSimple()}};
  if (const auto *SI = dyn_cast<StoreInst>(&I))
    return {{SI->getPointerOperand(), false}};
  if (const auto *MT = dyn_cast<MemTransferInst>(&I))
    return {{MT->getDest(), false}, {MT->getSource(), false}};
  if (const auto *MS = dyn_cast<MemSetInst>(&I))
    return {{MS->getDest(), false}};
  return {};
}

} // namespace

SharedMemory::SharedMemory(const Function &F) {
  for (const Instruction &I : instructions(F))
    if (const auto *AI = dyn_cast<AllocaInst>(&I))
      if (!addressEscapes(*AI))
        LocalAllocas.insert(AI);

  // An access that may touch shared memory becomes a runtime call, and the
  // runtime must own every object that call may touch: a local alloca that
  // is one of several possible objects of such an access (a phi or select of
  // it and a global, say) is shared too. Repeat until nothing changes, since
  // each such alloca makes more accesses shared.
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (const Instruction &I : instructions(F)) {
      for (auto [Ptr, PlainLoad] : accessedPointers(I)) {
        SmallVector<const Value *, 4> Objects;
        getUnderlyingObjects(Ptr, Objects, /*LI=*/nullptr, /*MaxLookup=*/0);
        bool Mixed = any_of(Objects, [&](const Value *Object) {
          return !isInvisible(Object, PlainLoad);
        });
        if (!Mixed)
          continue;
        for (const Value *Object : Objects)
          if (const auto *AI = dyn_cast<AllocaInst>(Object))
            Changed |= LocalAllocas.erase(AI);
      }
    }
  }
}

bool SharedMemory::isInvisible(const Value *Object, bool ConstantsToo) const {
  if (const auto *AI = dyn_cast<AllocaInst>(Object))
    return isLocal(*AI);
  if (const auto *GV = dyn_cast<GlobalVariable>(Object))
    return ConstantsToo && GV->isConstant();
  return false;
}

bool SharedMemory::allInvisible(const Value *Ptr, bool ConstantsToo) const {
  SmallVector<const Value *, 4> Objects;
  // No lookup limit; an object the walk cannot see through counts as shared.
  getUnderlyingObjects(Ptr, Objects, /*LI=*/nullptr, /*MaxLookup=*/0);
  return !Objects.empty() && all_of(Objects, [&](const Value *Object) {
    return isInvisible(Object, ConstantsToo);
  });
}

bool SharedMemory::mayBeShared(const Value *Ptr) const {
  return !allInvisible(Ptr, /*ConstantsToo=*/false);
}

bool SharedMemory::mayReadSharedMutable(const Value *Ptr) const {
  return !allInvisible(Ptr, /*ConstantsToo=*/true);
}

} // namespace bpor::passes
