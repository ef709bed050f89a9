//===- SharedMemory.cpp - Which accesses may touch shared memory ---------===//
#include "passes/SharedMemory.h"

#include "passes/PrivateArguments.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/Debug.h"

#include <optional>

using namespace llvm;

#define DEBUG_TYPE "bpor-instrument"

// Always tracked, so that opt -stats shows them with a release build of LLVM (passes/README.md).
ALWAYS_ENABLED_STATISTIC(NumLocalAllocas, "Allocas local: the address never escapes");
ALWAYS_ENABLED_STATISTIC(NumCapturedAllocas, "Allocas shared: the address is captured");
ALWAYS_ENABLED_STATISTIC(NumTooManyUsesAllocas,
                         "Allocas shared: too many uses for capture tracking");
ALWAYS_ENABLED_STATISTIC(NumCallArgumentAllocas, "Allocas shared: the address is passed to a call");
ALWAYS_ENABLED_STATISTIC(NumAtomicAllocas, "Allocas shared: a volatile or atomic access");
ALWAYS_ENABLED_STATISTIC(NumMixedAllocas,
                         "Allocas shared: one of several objects of a shared access");
ALWAYS_ENABLED_STATISTIC(NumPrivateArguments,
                         "Alloca addresses passed as private arguments of the threads API");

namespace bpor::passes {

namespace {

/// Why an alloca is shared (the first reason capture tracking met).
enum class Escape { Captured, TooManyUses, CallArgument, VolatileOrAtomic };

[[maybe_unused]] const char *describe(Escape Reason) {
  switch (Reason) {
  case Escape::Captured:
    return "the address is captured";
  case Escape::TooManyUses:
    return "too many uses for capture tracking";
  case Escape::CallArgument:
    return "the address is passed to a call";
  case Escape::VolatileOrAtomic:
    return "a volatile or atomic access";
  }
  return "";
}

// Capture tracking with the two extra rules of the header.
class EscapeTracker : public CaptureTracker {
public:
  std::optional<Escape> Reason;
  const Use *Where = nullptr;

  void tooManyUses() override { escape(Escape::TooManyUses, nullptr); }

  bool captured(const Use *U) override {
    escape(Escape::Captured, U);
    return true; // stop
  }

  bool shouldExplore(const Use *U) override {
    // A private argument of the threads API neither captures nor shares.
    if (const auto *Call = dyn_cast<CallBase>(U->getUser());
        Call && Call->isArgOperand(U) && isPrivateArgument(*Call, Call->getArgOperandNo(U))) {
      ++NumPrivateArguments;
      return false;
    }
    if (std::optional<Escape> Forced = forcesShared(*U))
      escape(*Forced, U);
    return !Reason;
  }

private:
  void escape(Escape Why, const Use *U) {
    if (Reason)
      return; // the first reason is the one reported
    Reason = Why;
    Where = U;
  }

  static std::optional<Escape> forcesShared(const Use &U) {
    const User *Usr = U.getUser();
    bool Forced = false;
    if (const auto *LI = dyn_cast<LoadInst>(Usr))
      Forced = !LI->isSimple();
    else if (const auto *SI = dyn_cast<StoreInst>(Usr))
      Forced = U.getOperandNo() == SI->getPointerOperandIndex() && !SI->isSimple();
    else if (isa<AtomicRMWInst, AtomicCmpXchgInst>(Usr))
      Forced = true;
    else if (const auto *Call = dyn_cast<CallBase>(Usr)) {
      if (!Call->isArgOperand(&U))
        return std::nullopt;
      if (const auto *MI = dyn_cast<MemIntrinsic>(Call))
        Forced = MI->isVolatile();
      else if (!isa<IntrinsicInst>(Call))
        return Escape::CallArgument;
    }
    return Forced ? std::optional<Escape>(Escape::VolatileOrAtomic) : std::nullopt;
  }
};

/// Why the alloca's address escapes, or nullopt if it does not.
std::optional<Escape> addressEscapes(const AllocaInst &AI) {
  EscapeTracker Tracker;
  PointerMayBeCaptured(&AI, &Tracker);
  if (Tracker.Reason) {
    switch (*Tracker.Reason) {
    case Escape::Captured:
      ++NumCapturedAllocas;
      break;
    case Escape::TooManyUses:
      ++NumTooManyUsesAllocas;
      break;
    case Escape::CallArgument:
      ++NumCallArgumentAllocas;
      break;
    case Escape::VolatileOrAtomic:
      ++NumAtomicAllocas;
      break;
    }
  }
  LLVM_DEBUG({
    dbgs() << "bpor-instrument: " << AI.getFunction()->getName() << ": " << AI;
    if (!Tracker.Reason)
      dbgs() << ": local, the address never escapes\n";
    else if (Tracker.Where)
      dbgs() << ": shared, " << describe(*Tracker.Reason) << " by" << *Tracker.Where->getUser()
             << "\n";
    else
      dbgs() << ": shared, " << describe(*Tracker.Reason) << "\n";
  });
  return Tracker.Reason;
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
  unsigned NonEscaping = LocalAllocas.size();

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
          if (const auto *AI = dyn_cast<AllocaInst>(Object); AI && LocalAllocas.erase(AI)) {
            Changed = true;
            LLVM_DEBUG(dbgs() << "bpor-instrument: " << F.getName() << ": " << *AI
                              << ": shared, one of several objects of the shared access" << I
                              << "\n");
          }
      }
    }
  }
  NumMixedAllocas += NonEscaping - LocalAllocas.size();
  NumLocalAllocas += LocalAllocas.size();
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
