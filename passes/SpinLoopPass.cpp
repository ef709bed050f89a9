//===- SpinLoopPass.cpp - bpor-spin-yield / bpor-spin-assume -------------===//
#include "passes/SpinLoopPass.h"

#include "passes/RuntimeFunctions.h"
#include "passes/SourceLocations.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include <vector>

using namespace llvm;

#define DEBUG_TYPE "bpor-spin-loops"

// Always tracked, so that opt -stats shows them with a release build of LLVM (passes/README.md).
ALWAYS_ENABLED_STATISTIC(NumSpinLoops, "Spin loops");
ALWAYS_ENABLED_STATISTIC(NumYields, "Spin-loop yields inserted on back edges");
ALWAYS_ENABLED_STATISTIC(NumAssumes, "Spin-loop assumes inserted on back edges");
ALWAYS_ENABLED_STATISTIC(NumSplitEdges, "Back edges split to hold a yield or assume");
ALWAYS_ENABLED_STATISTIC(NumLatchYields, "Back edges that cannot be split: on the latch");
ALWAYS_ENABLED_STATISTIC(NumProgressLoops, "Loops not spinning: a header phi carries state");
ALWAYS_ENABLED_STATISTIC(NumEffectLoops, "Loops not spinning: an instruction with an effect");
ALWAYS_ENABLED_STATISTIC(NumAtomicFunctions, "Functions left alone: __VERIFIER_atomic_*");
ALWAYS_ENABLED_STATISTIC(NumUpdateLoops,
                         "Update loops: their only effects are atomic read-modify-writes");

namespace bpor::passes {

namespace {

// Reads of shared memory, as the instrumentation emits them. load_bytes
// writes only into a private local buffer.
bool isSharedRead(const CallBase &Call) {
  const Function *Callee = Call.getCalledFunction();
  if (!Callee)
    return false;
  StringRef Name = Callee->getName();
  return Name == "__bpor_load" || Name == "__bpor_load_bytes";
}

// A header phi carries state from one iteration into the next unless all its
// incoming values (other than itself) are one and the same value.
bool carriesState(const PHINode &Phi) {
  const Value *Only = nullptr;
  for (const Value *V : Phi.incoming_values()) {
    if (V == &Phi)
      continue;
    if (Only && V != Only)
      return true;
    Only = V;
  }
  return false;
}

bool onlyReads(const Instruction &I, const FunctionSet &ReadOnly) {
  if (const auto *Call = dyn_cast<CallBase>(&I)) {
    if (isSharedRead(*Call))
      return true;
    if (const Function *Callee = Call->getCalledFunction();
        Callee && ReadOnly.contains(Callee))
      return true;
    // Debug info, lifetime markers and other effect-free intrinsics.
    return isa<IntrinsicInst>(Call) && !Call->mayHaveSideEffects();
  }
  return !I.mayWriteToMemory() && !I.mayHaveSideEffects();
}

DebugLoc locationOf(const Loop &L, const BasicBlock &Latch) {
  if (DebugLoc Start = L.getStartLoc())
    return Start;
  return Latch.getTerminator()->getDebugLoc();
}

/// The greatest set of the functions with a body (not the runtime's) for which `Candidate`
/// holds whose instructions all satisfy `Keeps(I, Set)` for the set itself: start from all of
/// them and drop those with an instruction that does not, until none is dropped.
template <typename CandidateFn, typename KeepsFn>
FunctionSet greatestFixedPoint(const Module &M, CandidateFn Candidate, KeepsFn Keeps) {
  FunctionSet Set;
  for (const Function &F : M)
    if (!F.isDeclaration() && !isRuntimeFunctionName(F.getName()) && Candidate(F))
      Set.insert(&F);
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (const Function &F : M) {
      if (!Set.contains(&F))
        continue;
      if (!all_of(instructions(F), [&](const Instruction &I) { return Keeps(I, Set); })) {
        Set.erase(&F);
        Changed = true;
      }
    }
  }
  return Set;
}

} // namespace

FunctionSet readOnlyFunctions(const Module &M) {
  return greatestFixedPoint(
      M, [](const Function &) { return true; },
      [](const Instruction &I, const FunctionSet &Set) { return onlyReads(I, Set); });
}

namespace {

/// An atomic read-modify-write (a compare-and-swap, an exchange, a fetch-and-op), as the
/// instrumentation emits it.
bool isUpdate(const Instruction &I) {
  const auto *Call = dyn_cast<CallBase>(&I);
  const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  return Callee && (Callee->getName() == "__bpor_cmpxchg" || Callee->getName() == "__bpor_rmw");
}

/// A call of a function of `Functions`.
bool calls(const Instruction &I, const FunctionSet &Functions) {
  const auto *Call = dyn_cast<CallBase>(&I);
  const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  return Callee && Functions.contains(Callee);
}

} // namespace

FunctionSet updateOnlyFunctions(const Module &M, const FunctionSet &ReadOnly) {
  return greatestFixedPoint(
      M, [&](const Function &F) { return !ReadOnly.contains(&F); },
      [&](const Instruction &I, const FunctionSet &Set) {
        return onlyReads(I, ReadOnly) || isUpdate(I) || calls(I, Set);
      });
}

namespace {

/// Why a loop is not a spin loop: the first header phi that carries state from one iteration
/// into the next, or else the first instruction that does more than read, except, where
/// `Updates` is given, atomic read-modify-writes and calls of `UpdateOnly` functions (which it
/// then counts); null if it is one.
const Instruction *progressOrEffect(const Loop &L, const FunctionSet &ReadOnly,
                                    unsigned *Updates = nullptr,
                                    const FunctionSet *UpdateOnly = nullptr) {
  for (const PHINode &Phi : L.getHeader()->phis())
    if (carriesState(Phi))
      return &Phi;
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB) {
      if (onlyReads(I, ReadOnly))
        continue;
      if (Updates && (isUpdate(I) || (UpdateOnly && calls(I, *UpdateOnly)))) {
        ++*Updates;
        continue;
      }
      return &I;
    }
  return nullptr;
}

} // namespace

bool isSpinLoop(const Loop &L, const FunctionSet &ReadOnly) {
  return !progressOrEffect(L, ReadOnly);
}

PreservedAnalyses SpinLoopPass::run(Module &M, ModuleAnalysisManager &MAM) {
  if (Handling == SpinLoopHandling::None)
    return PreservedAnalyses::all();
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  RuntimeFunctions Runtime(M);
  SourceLocationTable Locations(M);
  bool Changed = false;

  std::vector<Function *> Bodies;
  for (Function &F : M)
    if (!F.isDeclaration() && !isRuntimeFunctionName(F.getName()))
      Bodies.push_back(&F);
  // Before any yield is added: a yield is a call with an effect.
  const FunctionSet ReadOnly = readOnlyFunctions(M);
  const FunctionSet UpdateOnly = updateOnlyFunctions(M, ReadOnly);
  uint32_t NextLoop = 0; // numbers the spin loops (__bpor_spin_start/end)

  for (Function *F : Bodies) {
    // Inside an atomic function no other thread runs: a spin there never
    // ends, and neither a yield nor an assume may hide that.
    if (F->getName().starts_with("__VERIFIER_atomic_")) {
      ++NumAtomicFunctions;
      LLVM_DEBUG(dbgs() << "bpor-spin-loops: " << F->getName() << ": left alone, atomic\n");
      continue;
    }
    // Find every back edge of every spin loop first: splitting edges
    // invalidates LoopInfo.
    struct BackEdge {
      BasicBlock *Latch, *Header;
      DebugLoc Loc;
      uint32_t Loop;
      bool Update; // an update loop's
    };
    std::vector<BackEdge> BackEdges;
    std::vector<std::pair<BasicBlock *, uint32_t>> Headers;
    LoopInfo &LI = FAM.getResult<LoopAnalysis>(*F);
    // The iteration's start at the header, and each back edge, numbered as loop `Loop`.
    auto mark = [&](Loop &L, bool Update) {
      SmallVector<BasicBlock *, 2> Latches;
      L.getLoopLatches(Latches);
      uint32_t Loop = NextLoop++;
      Headers.push_back({L.getHeader(), Loop});
      for (BasicBlock *Latch : Latches)
        BackEdges.push_back({Latch, L.getHeader(), locationOf(L, *Latch), Loop, Update});
    };
    for (Loop *L : LI.getLoopsInPreorder()) {
      unsigned Updates = 0;
      if (!progressOrEffect(*L, ReadOnly, &Updates, &UpdateOnly) && Updates > 0) {
        ++NumUpdateLoops;
        LLVM_DEBUG(dbgs() << "bpor-spin-loops: " << F->getName() << ": update loop at "
                          << L->getHeader()->getName() << "\n");
        mark(*L, true);
        continue;
      }
      if (const Instruction *Why = progressOrEffect(*L, ReadOnly)) {
        bool Progress = isa<PHINode>(Why);
        if (Progress)
          ++NumProgressLoops;
        else
          ++NumEffectLoops;
        LLVM_DEBUG(dbgs() << "bpor-spin-loops: " << F->getName() << ": loop at "
                          << L->getHeader()->getName() << " is no spin loop, "
                          << (Progress ? "state carried by" : "an effect:") << *Why << "\n");
        continue;
      }
      ++NumSpinLoops;
      LLVM_DEBUG(dbgs() << "bpor-spin-loops: " << F->getName() << ": spin loop at "
                        << L->getHeader()->getName() << "\n");
      mark(*L, false);
    }
    if (BackEdges.empty())
      continue;

    // The iteration begins at the header and ends on each back edge (bpor_abi.h).
    for (auto [Header, Loop] : Headers) {
      IRBuilder<> H(&*Header->getFirstInsertionPt());
      H.CreateCall(Runtime.spinStart(), {H.getInt32(Loop)});
    }
    for (const BackEdge &E : BackEdges) {
      // Only on the back edge, not on a latch's exit edge.
      BasicBlock *At = E.Latch->getSingleSuccessor()
                           ? E.Latch
                           : SplitEdge(E.Latch, E.Header, nullptr, nullptr,
                                       nullptr, "bpor.spin");
      if (At && At != E.Latch)
        ++NumSplitEdges;
      if (!At) { // an edge that cannot be split (indirectbr): yield on the latch
        ++NumLatchYields;
        At = E.Latch;
      }
      IRBuilder<> B(At->getTerminator());
      B.SetCurrentDebugLocation(E.Loc);
      ConstantInt *Loc = Locations.idConstant(E.Loc);
      B.CreateCall(Runtime.spinEnd(), {B.getInt32(E.Loop)});
      if (E.Update) {
        B.CreateCall(Runtime.updateLoopYield(), {Loc});
      } else if (Handling == SpinLoopHandling::Yield) {
        ++NumYields;
        B.CreateCall(Runtime.spinYield(), {Loc});
      } else {
        ++NumAssumes;
        B.CreateCall(Runtime.assume(), {B.getInt32(0)});
      }
      LLVM_DEBUG(dbgs() << "bpor-spin-loops: " << F->getName() << ": "
                        << (Handling == SpinLoopHandling::Yield ? "yield" : "assume")
                        << " on the back edge " << E.Latch->getName() << " -> "
                        << E.Header->getName() << "\n");
    }
    FAM.invalidate(*F, PreservedAnalyses::none());
    Changed = true;
  }
  if (!Changed)
    return PreservedAnalyses::all();
  Locations.finalize();
  return PreservedAnalyses::none();
}

} // namespace bpor::passes
