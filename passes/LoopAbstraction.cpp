//===- LoopAbstraction.cpp - Loops without effects, over-approximated ----===//
#include "passes/LoopAbstraction.h"

#include "passes/RuntimeFunctions.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"

#include <optional>
#include <vector>

using namespace llvm;

#define DEBUG_TYPE "bpor-abstract-loops"

// Always tracked, so that opt -stats shows them with a release build of LLVM (passes/README.md).
ALWAYS_ENABLED_STATISTIC(NumAbstracted, "Loops replaced by their last iteration");
ALWAYS_ENABLED_STATISTIC(NumNotInnermost, "Loops left: not innermost or without a preheader");
ALWAYS_ENABLED_STATISTIC(NumEffects, "Loops left: an instruction with an effect or a fault");
ALWAYS_ENABLED_STATISTIC(NumOtherPhis,
                         "Loops left: a header phi neither an induction variable nor an integer");

namespace bpor::passes {

namespace {

/// Which code has no effect but on its registers and cannot fail (LoopAbstraction.h).
class EffectFreeCode {
public:
  explicit EffectFreeCode(const DataLayout &DL) : DL(DL) {}

  bool instruction(const Instruction &I) {
    if (isa<DbgInfoIntrinsic>(I))
      return true;
    if (const auto *Load = dyn_cast<LoadInst>(&I))
      return !Load->isAtomic() && withinGlobal(*Load);
    if (const auto *Call = dyn_cast<CallInst>(&I)) {
      if (isa<IntrinsicInst>(Call))
        return !Call->mayReadOrWriteMemory() && !Call->mayHaveSideEffects();
      const Function *Callee = Call->getCalledFunction();
      return Callee && function(*Callee);
    }
    if (I.isIntDivRem()) {
      // Division by zero, and INT_MIN / -1, are undefined: only constant divisors that are
      // neither.
      const auto *Divisor = dyn_cast<ConstantInt>(I.getOperand(1));
      bool Signed = I.getOpcode() == Instruction::SDiv || I.getOpcode() == Instruction::SRem;
      return Divisor && !Divisor->isZero() && !(Signed && Divisor->isMinusOne());
    }
    if (I.isTerminator())
      return isa<BranchInst>(I) || isa<SwitchInst>(I) || isa<ReturnInst>(I);
    return !isa<AllocaInst>(I) && !I.mayReadOrWriteMemory() && !I.mayHaveSideEffects();
  }

  /// A function whose every instruction is effect-free, or a nondet input.
  bool function(const Function &F) {
    if (F.isDeclaration())
      return F.getName().starts_with("__VERIFIER_nondet_");
    auto [It, New] = Known.try_emplace(&F, false); // recursion: not effect-free
    if (!New)
      return It->second;
    bool Free = true;
    for (const BasicBlock &BB : F)
      for (const Instruction &I : BB)
        Free = Free && instruction(I);
    Known[&F] = Free;
    return Free;
  }

private:
  /// A load at a constant offset within a global variable of this module (it cannot fault).
  bool withinGlobal(const LoadInst &Load) {
    APInt Offset(DL.getIndexTypeSizeInBits(Load.getPointerOperandType()), 0);
    const Value *Base =
        Load.getPointerOperand()->stripAndAccumulateConstantOffsets(DL, Offset, true);
    const auto *Global = dyn_cast<GlobalVariable>(Base);
    if (!Global || Global->isThreadLocal() || !Global->hasDefinitiveInitializer() ||
        Offset.isNegative())
      return false;
    uint64_t Size = DL.getTypeAllocSize(Global->getValueType());
    uint64_t LoadSize = DL.getTypeStoreSize(Load.getType());
    return Offset.getZExtValue() + LoadSize <= Size;
  }

  const DataLayout &DL;
  DenseMap<const Function *, bool> Known;
};

/// How a header phi's value after n iterations is computed.
struct PhiPlan {
  PHINode *Phi;
  std::optional<APInt> Step; // an affine induction variable: start + Step * n; else havoc
};

struct LoopPlan {
  Loop *L;
  std::vector<PhiPlan> Phis;
};

/// The plan for L, or nullopt if L is not abstracted.
std::optional<LoopPlan> planFor(Loop &L, ScalarEvolution &SE, EffectFreeCode &EffectFree) {
  BasicBlock *Preheader = L.getLoopPreheader();
  if (!L.isInnermost() || !Preheader) {
    ++NumNotInnermost;
    LLVM_DEBUG(dbgs() << "bpor-abstract-loops: loop at " << L.getHeader()->getName()
                      << " left: not innermost or without a preheader\n");
    return std::nullopt;
  }
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB)
      if (!EffectFree.instruction(I)) {
        ++NumEffects;
        LLVM_DEBUG(dbgs() << "bpor-abstract-loops: loop at " << L.getHeader()->getName()
                          << " left: an effect or a possible fault:" << I << "\n");
        return std::nullopt;
      }
  LoopPlan Plan{&L, {}};
  for (PHINode &Phi : L.getHeader()->phis()) {
    PhiPlan Entry{&Phi, std::nullopt};
    const auto *Rec = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(&Phi));
    if (Rec && Rec->getLoop() == &L && Rec->isAffine() &&
        Rec->getStart() == SE.getSCEV(Phi.getIncomingValueForBlock(Preheader)))
      if (const auto *Step = dyn_cast<SCEVConstant>(Rec->getStepRecurrence(SE)))
        Entry.Step = Step->getAPInt();
    bool Havocable = Phi.getType()->isIntegerTy() && Phi.getType()->getIntegerBitWidth() <= 64;
    if (!Entry.Step && !Havocable) {
      ++NumOtherPhis;
      LLVM_DEBUG(dbgs() << "bpor-abstract-loops: loop at " << L.getHeader()->getName()
                        << " left: no value after n iterations for" << Phi << "\n");
      return std::nullopt;
    }
    Plan.Phis.push_back(Entry);
  }
  return Plan;
}

/// A call of a nondet input of `Type` (an integer of at most 64 bits): the instrumentation
/// draws its bits whatever the declared type of the name (CallRouter::rewriteNondet).
Value *nondet(IRBuilder<> &B, Module &M, Type *Type) {
  FunctionCallee Callee =
      M.getOrInsertFunction("__VERIFIER_nondet_ulonglong", FunctionType::get(Type, false));
  return B.CreateCall(Callee.getFunctionType(), Callee.getCallee());
}

void abstract(const LoopPlan &Plan, Module &M) {
  Loop &L = *Plan.L;
  BasicBlock *Header = L.getHeader();
  BasicBlock *Preheader = L.getLoopPreheader();
  SmallVector<BasicBlock *, 4> Latches;
  L.getLoopLatches(Latches);
  Function &F = *Header->getParent();
  LLVMContext &C = M.getContext();
  const DataLayout &DL = M.getDataLayout();
  DebugLoc Where = Header->getFirstNonPHIOrDbg()->getDebugLoc();

  // The state after n iterations.
  BasicBlock *Abstract = BasicBlock::Create(C, "bpor.loop.abstract", &F, Header);
  Preheader->getTerminator()->replaceSuccessorWith(Header, Abstract);
  IRBuilder<> B(Abstract);
  B.SetCurrentDebugLocation(Where);
  Value *Iterations = nondet(B, M, B.getInt64Ty());
  // n in an integer type (wrapping: every iteration count's value is among them).
  DenseMap<Type *, Value *> IterationsIn;
  auto iterationsIn = [&](Type *Int) {
    Value *&N = IterationsIn[Int];
    if (!N)
      N = B.CreateZExtOrTrunc(Iterations, Int);
    return N;
  };
  // step * n, as an integer of `Int`'s width.
  auto stepsOf = [&](const APInt &Step, Type *Int) -> Value * {
    APInt Scaled = Step.sextOrTrunc(Int->getIntegerBitWidth());
    Value *N = iterationsIn(Int);
    return Scaled.isOne() ? N : B.CreateMul(N, ConstantInt::get(Int, Scaled));
  };
  for (const PhiPlan &Planned : Plan.Phis) {
    PHINode &Phi = *Planned.Phi;
    Value *Start = Phi.getIncomingValueForBlock(Preheader);
    Value *After;
    if (!Planned.Step)
      After = nondet(B, M, Phi.getType());
    else if (Phi.getType()->isPointerTy())
      After = B.CreateGEP(B.getInt8Ty(), Start,
                          stepsOf(*Planned.Step, DL.getIndexType(Phi.getType())));
    else
      After = B.CreateAdd(Start, stepsOf(*Planned.Step, Phi.getType()));
    After->setName(Phi.getName() + ".after");
    int Index = Phi.getBasicBlockIndex(Preheader);
    Phi.setIncomingBlock(Index, Abstract);
    Phi.setIncomingValue(Index, After);
  }
  B.CreateBr(Header);

  // Going round again is infeasible: the run with one iteration more covers it.
  BasicBlock *Again = BasicBlock::Create(C, "bpor.loop.again", &F);
  B.SetInsertPoint(Again);
  FunctionCallee Assume =
      M.getOrInsertFunction("__VERIFIER_assume", B.getVoidTy(), B.getInt32Ty());
  B.CreateCall(Assume, {B.getInt32(0)});
  B.CreateUnreachable();
  for (BasicBlock *Latch : Latches) {
    Latch->getTerminator()->replaceSuccessorWith(Header, Again);
    for (PHINode &Phi : Header->phis())
      Phi.removeIncomingValue(Latch, /*DeletePHIIfEmpty=*/false);
  }
}

} // namespace

PreservedAnalyses LoopAbstractionPass::run(Module &M, ModuleAnalysisManager &MAM) {
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  EffectFreeCode EffectFree(M.getDataLayout());
  unsigned Count = 0;
  for (Function &F : M) {
    if (F.isDeclaration() || isRuntimeFunctionName(F.getName()))
      continue;
    // Plans first: the abstraction changes what ScalarEvolution has computed.
    LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
    ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
    std::vector<LoopPlan> Plans;
    for (Loop *L : LI.getLoopsInPreorder())
      if (std::optional<LoopPlan> Plan = planFor(*L, SE, EffectFree))
        Plans.push_back(std::move(*Plan));
    for (const LoopPlan &Plan : Plans) {
      LLVM_DEBUG(dbgs() << "bpor-abstract-loops: " << F.getName() << ": loop at "
                        << Plan.L->getHeader()->getName() << " becomes its last iteration\n");
      abstract(Plan, M);
    }
    NumAbstracted += Plans.size();
    Count += Plans.size();
    if (!Plans.empty())
      FAM.invalidate(F, PreservedAnalyses::none());
  }
  if (Abstracted)
    *Abstracted = Count;
  return Count ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace bpor::passes
