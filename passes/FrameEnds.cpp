//===- FrameEnds.cpp - __bpor_frame_end wherever a frame ends ------------===//
#include "passes/FrameEnds.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/EHPersonalities.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/EscapeEnumerator.h"

using namespace llvm;

#define DEBUG_TYPE "bpor-instrument"

// Always tracked, so that opt -stats shows them with a release build of LLVM (passes/README.md).
ALWAYS_ENABLED_STATISTIC(NumReturnFrameEnds, "Frame ends before returns");
ALWAYS_ENABLED_STATISTIC(NumResumeFrameEnds, "Frame ends before resumes");
ALWAYS_ENABLED_STATISTIC(NumCleanupFrameEnds, "Frame ends in cleanups for calls that may throw");
ALWAYS_ENABLED_STATISTIC(NumInvokes, "Calls that may throw made invokes of a frame-end cleanup");
ALWAYS_ENABLED_STATISTIC(NumNounwindCalls, "Calls of declared functions marked nounwind");
ALWAYS_ENABLED_STATISTIC(NumCatchPadCleanups,
                         "Landing pads that only catch some types made cleanups");
ALWAYS_ENABLED_STATISTIC(NumMustTailReturns, "Returns after a musttail call: no frame end");

namespace bpor::passes {

namespace {

/// The cleanup landing pad's name (EscapeEnumerator's block).
constexpr const char *CleanupName = "bpor.frame.end";

/// True if the call cannot throw on the pipeline's premise (declarationMayThrow): inline
/// assembly, or a declared function other than those that throw.
bool cannotThrow(const CallInst &Call) {
  if (Call.isInlineAsm())
    return true;
  const auto *Callee = dyn_cast<Function>(Call.getCalledOperand()->stripPointerCasts());
  return Callee && Callee->isDeclaration() && !declarationMayThrow(*Callee);
}

/// True if the pad's selector is read: its code tells the clauses apart, and resumes when none
/// matched (clang's dispatch), so it may be entered for any exception.
bool readsSelector(const LandingPadInst &Pad) {
  return any_of(Pad.users(), [](const User *U) {
    const auto *Extract = dyn_cast<ExtractValueInst>(U);
    return Extract && Extract->getNumIndices() == 1 && Extract->getIndices()[0] == 1 &&
           !Extract->use_empty();
  });
}

/// True if an exception may pass the pad without landing: it has no cleanup and catches only
/// some types (a null clause catches all; a filter the interpreter does not support anyway).
bool catchesOnlySome(const LandingPadInst &Pad) {
  if (Pad.isCleanup())
    return false;
  for (unsigned I = 0, E = Pad.getNumClauses(); I != E; ++I)
    if (Pad.isFilter(I) || Pad.getClause(I)->isNullValue())
      return false;
  return true;
}

/// Makes F's unwinding paths ones EscapeEnumerator finds; returns the number of calls it will
/// make invokes (see the file comment of FrameEnds.h).
unsigned prepareUnwinding(Function &F, Function &Personality) {
  unsigned Throwing = 0;
  for (Instruction &I : instructions(F)) {
    if (auto *Pad = dyn_cast<LandingPadInst>(&I); Pad && catchesOnlySome(*Pad)) {
      if (!readsSelector(*Pad)) {
        LLVM_DEBUG(dbgs() << "bpor-instrument: left alone, a pad that never reads its selector:"
                          << I << "\n");
        continue;
      }
      LLVM_DEBUG(dbgs() << "bpor-instrument: made a cleanup, a pad that catches some types:" << I
                        << "\n");
      Pad->setCleanup(true);
      ++NumCatchPadCleanups;
      continue;
    }
    auto *Call = dyn_cast<CallInst>(&I);
    if (!Call || Call->doesNotThrow())
      continue;
    if (cannotThrow(*Call)) {
      Call->setDoesNotThrow();
      ++NumNounwindCalls;
      continue;
    }
    if (Call->isMustTailCall())
      continue; // EscapeEnumerator leaves these calls alone
    ++Throwing;
    LLVM_DEBUG(dbgs() << "bpor-instrument: made an invoke, may throw:" << I << "\n");
  }
  if (Throwing && !F.hasPersonalityFn())
    F.setPersonalityFn(&Personality);
  return Throwing;
}

/// Where the frame-end cleanup of F is, for traces: the start of its body, if it has debug info.
DebugLoc functionLocation(const Function &F) {
  DISubprogram *SP = F.getSubprogram();
  if (!SP)
    return DebugLoc();
  return DILocation::get(F.getContext(), SP->getScopeLine() ? SP->getScopeLine() : SP->getLine(), 0,
                         SP);
}

} // namespace

void insertFrameEnds(Function &F, RuntimeFunctions &Runtime, SourceLocationTable &Locations) {
  // Exceptions are caught only in a module with the C++ personality (FrameEnds.h); a function
  // that does not throw is never unwound through, and the scoped (Windows) personalities are
  // not ones the interpreter unwinds.
  Function *Personality = F.getParent()->getFunction("__gxx_personality_v0");
  bool Unwinding =
      Personality && !F.doesNotThrow() &&
      !(F.hasPersonalityFn() && isScopedEHPersonality(classifyEHPersonality(F.getPersonalityFn())));
  unsigned Throwing = Unwinding ? prepareUnwinding(F, *Personality) : 0;

  SmallPtrSet<const Instruction *, 8> Resumes;
  for (Instruction &I : instructions(F))
    if (isa<ResumeInst>(I))
      Resumes.insert(&I);

  EscapeEnumerator Exits(F, CleanupName, Unwinding);
  while (IRBuilder<> *B = Exits.Next()) {
    Instruction *At = &*B->GetInsertPoint();
    if (auto *Tail = dyn_cast<CallInst>(At); Tail && Tail->isMustTailCall()) {
      ++NumMustTailReturns; // nothing may come between a musttail call and its return
      LLVM_DEBUG(dbgs() << "bpor-instrument: no frame end, a return after a musttail call:" << *At
                        << "\n");
      continue;
    }
    DebugLoc Loc = At->getDebugLoc();
    if (isa<ReturnInst>(At)) {
      ++NumReturnFrameEnds;
    } else {
      if (Resumes.contains(At)) {
        ++NumResumeFrameEnds;
      } else { // the new cleanup that the calls which may throw now unwind to
        ++NumCleanupFrameEnds;
        NumInvokes += Throwing;
      }
      if (!Loc)
        Loc = functionLocation(F);
    }
    LLVM_DEBUG(dbgs() << "bpor-instrument: frame end before" << *At << " in " << F.getName()
                      << "\n");
    CallInst *End = B->CreateCall(Runtime.frameEnd(), {Locations.idConstant(Loc)});
    End->setDebugLoc(Loc);
    // Not to become an invoke itself when EscapeEnumerator turns to the calls that may throw.
    if (Unwinding)
      End->setDoesNotThrow();
  }
}

} // namespace bpor::passes
