//===- SpinLoopPass.cpp - bpor-spin-yield / bpor-spin-assume -------------===//
#include "passes/SpinLoopPass.h"

#include "passes/RuntimeFunctions.h"
#include "passes/SourceLocations.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include <optional>
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
ALWAYS_ENABLED_STATISTIC(NumCompareLoops,
                         "Compare-and-swap loops: their back edges need a failed one");

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

} // namespace

FunctionSet readOnlyFunctions(const Module &M) {
  // The greatest fixed point: start from every function with a body and drop
  // those with an instruction that may write, until none is dropped.
  FunctionSet ReadOnly;
  for (const Function &F : M)
    if (!F.isDeclaration() && !isRuntimeFunctionName(F.getName()))
      ReadOnly.insert(&F);
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (const Function &F : M) {
      if (!ReadOnly.contains(&F))
        continue;
      bool Reads = all_of(instructions(F), [&](const Instruction &I) {
        return onlyReads(I, ReadOnly);
      });
      if (!Reads) {
        ReadOnly.erase(&F);
        Changed = true;
      }
    }
  }
  return ReadOnly;
}

namespace {

bool isCompareAndSwap(const Instruction &I) {
  const auto *Call = dyn_cast<CallBase>(&I);
  const Function *Callee = Call ? Call->getCalledFunction() : nullptr;
  return Callee && Callee->getName() == "__bpor_cmpxchg";
}

/// The value V has whenever the compare-and-swap `Cas` succeeded, if that alone decides it:
/// its success comparison (CompareSuccessMetadata), constants, and what casts, xors,
/// comparisons with constants and the { old, success } pair make of them.
std::optional<uint64_t> valueIfSucceeded(const Value *V, const Instruction &Cas,
                                         unsigned Depth = 0) {
  if (Depth > 8)
    return std::nullopt;
  if (const auto *C = dyn_cast<ConstantInt>(V))
    return C->getZExtValue();
  const auto *I = dyn_cast<Instruction>(V);
  if (!I)
    return std::nullopt;
  if (I->getMetadata(CompareSuccessMetadata)) {
    const Value *Old = I->getOperand(0)->stripPointerCasts();
    while (const auto *Cast = dyn_cast<CastInst>(Old))
      Old = Cast->getOperand(0);
    return Old == &Cas ? std::optional<uint64_t>(1) : std::nullopt;
  }
  auto Of = [&](const Value *Operand) { return valueIfSucceeded(Operand, Cas, Depth + 1); };
  if (isa<ZExtInst>(I))
    return Of(I->getOperand(0));
  if (const auto *Trunc = dyn_cast<TruncInst>(I)) {
    std::optional<uint64_t> X = Of(Trunc->getOperand(0));
    unsigned Bits = Trunc->getType()->getIntegerBitWidth();
    if (X && Bits < 64)
      *X &= (uint64_t(1) << Bits) - 1;
    return X;
  }
  if (const auto *Op = dyn_cast<BinaryOperator>(I); Op && Op->getOpcode() == Instruction::Xor) {
    std::optional<uint64_t> A = Of(Op->getOperand(0)), B = Of(Op->getOperand(1));
    return A && B ? std::optional<uint64_t>(*A ^ *B) : std::nullopt;
  }
  if (const auto *Cmp = dyn_cast<ICmpInst>(I); Cmp && Cmp->isEquality()) {
    std::optional<uint64_t> A = Of(Cmp->getOperand(0)), B = Of(Cmp->getOperand(1));
    if (!A || !B)
      return std::nullopt;
    return uint64_t((*A == *B) == (Cmp->getPredicate() == ICmpInst::ICMP_EQ));
  }
  if (const auto *Extract = dyn_cast<ExtractValueInst>(I)) {
    // Through the insertvalue chain that rebuilt { old, success }.
    const Value *Aggregate = Extract->getAggregateOperand();
    while (const auto *Insert = dyn_cast<InsertValueInst>(Aggregate)) {
      if (Insert->getIndices() == Extract->getIndices())
        return Of(Insert->getInsertedValueOperand());
      Aggregate = Insert->getAggregateOperand();
    }
  }
  return std::nullopt;
}

/// Whether no path from the compare-and-swap `Cas` on which it succeeded goes round L again:
/// each conditional branch its success decides follows only the side success takes.
bool goesRoundOnlyIfFailed(const Loop &L, const Instruction &Cas) {
  SmallVector<const BasicBlock *, 8> Work{Cas.getParent()};
  SmallPtrSet<const BasicBlock *, 8> Seen{Cas.getParent()};
  while (!Work.empty()) {
    const Instruction *Term = Work.pop_back_val()->getTerminator();
    SmallVector<const BasicBlock *, 2> Next;
    const auto *Br = dyn_cast<BranchInst>(Term);
    std::optional<uint64_t> Taken;
    if (Br && Br->isConditional())
      Taken = valueIfSucceeded(Br->getCondition(), Cas);
    if (Taken)
      Next.push_back(Br->getSuccessor(*Taken ? 0 : 1));
    else
      for (const BasicBlock *Succ : successors(Term->getParent()))
        Next.push_back(Succ);
    for (const BasicBlock *Succ : Next) {
      if (Succ == L.getHeader())
        return false;
      if (L.contains(Succ) && Seen.insert(Succ).second)
        Work.push_back(Succ);
    }
  }
  return true;
}

/// Why a loop is not a spin loop: the first header phi that carries state from one iteration
/// into the next, or else the first instruction that does more than read, except, where
/// `Compare` is given, compare-and-swaps that must fail for the loop to go round (which it
/// then counts); null if it is one.
const Instruction *progressOrEffect(const Loop &L, const FunctionSet &ReadOnly,
                                    unsigned *Compare = nullptr) {
  for (const PHINode &Phi : L.getHeader()->phis())
    if (carriesState(Phi))
      return &Phi;
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB) {
      if (onlyReads(I, ReadOnly))
        continue;
      if (Compare && isCompareAndSwap(I) && goesRoundOnlyIfFailed(L, I)) {
        ++*Compare;
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
      bool Compare; // a compare-and-swap loop's
    };
    std::vector<BackEdge> BackEdges;
    std::vector<std::pair<BasicBlock *, uint32_t>> Headers;
    LoopInfo &LI = FAM.getResult<LoopAnalysis>(*F);
    for (Loop *L : LI.getLoopsInPreorder()) {
      unsigned Compares = 0;
      if (!progressOrEffect(*L, ReadOnly, &Compares) && Compares > 0) {
        ++NumCompareLoops;
        LLVM_DEBUG(dbgs() << "bpor-spin-loops: " << F->getName() << ": compare-and-swap loop at "
                          << L->getHeader()->getName() << "\n");
        SmallVector<BasicBlock *, 2> Latches;
        L->getLoopLatches(Latches);
        uint32_t Loop = NextLoop++;
        Headers.push_back({L->getHeader(), Loop});
        for (BasicBlock *Latch : Latches)
          BackEdges.push_back({Latch, L->getHeader(), locationOf(*L, *Latch), Loop, true});
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
      SmallVector<BasicBlock *, 2> Latches;
      L->getLoopLatches(Latches);
      uint32_t Loop = NextLoop++;
      Headers.push_back({L->getHeader(), Loop});
      for (BasicBlock *Latch : Latches)
        BackEdges.push_back({Latch, L->getHeader(), locationOf(*L, *Latch), Loop, false});
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
      if (E.Compare) {
        B.CreateCall(Runtime.compareLoopYield(), {Loc});
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
