//===- AssumedValues.cpp - The values of a nondet input its assumption allows -===//
#include "passes/AssumedValues.h"

#include "passes/NondetDomain.h"

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#include <algorithm>

using namespace llvm;

namespace bpor::passes {

namespace {

/// How a value the walk knows depends on the input.
enum class Source {
  Input,    // the nondet result itself
  Extended, // its sign or zero extension
  Answers,  // a function of the answers of comparisons of the two above with constants
};

struct Known {
  APInt Value;
  Source From;
};

/// Where a walk ended.
enum class End {
  Fails,    // silently: the input's value is dropped
  Frontier, // at an instruction the walk cannot take: the value is kept
  Returns,  // a walked-through function returned
  GivesUp,  // too long, or nothing the rule covers
};

struct WalkEnd {
  End How;
  std::optional<Known> Returned; // End::Returns with a value computed from the input
};

/// One walk from the nondet call, for one value of the input (NondetDomain.h's arcs make every
/// value of its arc walk alike).
class Walk {
public:
  Walk(const SilentEnds &Ends, const DataLayout &Layout) : Ends(Ends), Layout(Layout) {}

  WalkEnd fromCall(const CallInst &Nondet, const APInt &Value) {
    Frame Top;
    Top.Values[&Nondet] = {Value, Source::Input};
    return run(Top, std::next(Nondet.getIterator()), /*Callee=*/false);
  }

private:
  /// A function's values that depend on the input.
  struct Frame {
    DenseMap<const Value *, Known> Values;
  };

  static constexpr unsigned MaxSteps = 2000;
  static constexpr unsigned MaxCallDepth = 3;

  const SilentEnds &Ends;
  const DataLayout &Layout;
  unsigned Steps = 0;
  unsigned Depth = 0;
  /// A branch on a computed value was taken: from here on, the values' paths differ, so only
  /// instructions without effects may be stepped over.
  bool Parted = false;

  static const Known *find(const Frame &F, const Value *V) {
    auto It = F.Values.find(V);
    return It == F.Values.end() ? nullptr : &It->second;
  }

  /// A computed value or a constant integer as a number; nullopt for anything else.
  static std::optional<APInt> answer(const Frame &F, const Value *V) {
    if (const Known *K = find(F, V))
      return K->From == Source::Answers ? std::optional<APInt>(K->Value) : std::nullopt;
    if (const auto *C = dyn_cast<ConstantInt>(V))
      return C->getValue();
    return std::nullopt;
  }

  static bool usesInput(const Frame &F, const Instruction &I) {
    return std::any_of(I.op_begin(), I.op_end(),
                       [&](const Use &U) { return find(F, U.get()) != nullptr; });
  }

  WalkEnd run(Frame &F, BasicBlock::const_iterator At, bool Callee) {
    while (true) {
      if (++Steps > MaxSteps)
        return {End::GivesUp, {}};
      const Instruction &I = *At;
      if (const auto *Branch = dyn_cast<BranchInst>(&I)) {
        unsigned Taken = 0;
        if (Branch->isConditional()) {
          std::optional<APInt> Condition = answer(F, Branch->getCondition());
          if (!Condition)
            return {End::Frontier, {}};
          Parted = true;
          Taken = Condition->isZero() ? 1 : 0;
        }
        if (!enter(F, I.getParent(), Branch->getSuccessor(Taken), At))
          return {End::Frontier, {}};
        continue;
      }
      if (const auto *Switch = dyn_cast<SwitchInst>(&I)) {
        const BasicBlock *Next = takeSwitch(F, *Switch);
        if (!Next || !enter(F, I.getParent(), Next, At))
          return {End::Frontier, {}};
        continue;
      }
      if (const auto *Return = dyn_cast<ReturnInst>(&I)) {
        if (!Callee)
          return {End::Frontier, {}};
        return returned(F, *Return);
      }
      if (const auto *Call = dyn_cast<CallInst>(&I)) {
        std::optional<WalkEnd> Outcome = call(F, *Call);
        if (Outcome)
          return *Outcome;
        ++At;
        continue;
      }
      if (usesInput(F, I)) {
        std::optional<Known> Result = compute(F, I);
        if (!Result)
          return {End::Frontier, {}};
        F.Values.insert_or_assign(&I, *Result);
        ++At;
        continue;
      }
      // Does not use the input: the same for every value until the paths part, and after that
      // only if it has no effect: no memory access (a read may race), nothing that may fail
      // (a division by zero is an error), no allocation.
      if (I.isTerminator() ||
          (Parted && (I.mayReadOrWriteMemory() || !isSafeToSpeculativelyExecute(&I) ||
                      isa<AllocaInst>(I))))
        return {End::Frontier, {}};
      F.Values.erase(&I); // a loop's next iteration
      ++At;
    }
  }

  /// Moves to `To` from `From`, giving its phis their values; false if a phi cannot be given
  /// its value (its incoming value depends on the path in a way the walk does not know).
  bool enter(Frame &F, const BasicBlock *From, const BasicBlock *To,
             BasicBlock::const_iterator &At) {
    SmallVector<std::pair<const PHINode *, std::optional<Known>>, 4> Assigned;
    for (const PHINode &Phi : To->phis()) {
      const Value *Incoming = Phi.getIncomingValueForBlock(From);
      if (const Known *K = find(F, Incoming)) {
        if (K->From != Source::Answers)
          return false;
        Assigned.push_back({&Phi, *K});
      } else if (const auto *C = dyn_cast<ConstantInt>(Incoming); C && Parted) {
        Assigned.push_back({&Phi, Known{C->getValue(), Source::Answers}}); // chosen by the path
      } else if (Parted) {
        return false;
      } else {
        Assigned.push_back({&Phi, std::nullopt}); // the same for every value
      }
    }
    for (auto &[Phi, Value] : Assigned) {
      if (Value)
        F.Values.insert_or_assign(Phi, *Value);
      else
        F.Values.erase(Phi);
    }
    At = To->getFirstNonPHIIt();
    return true;
  }

  /// The case a switch on the input, its extension (their cases are cuts) or a computed
  /// value takes; null for a switch on anything else.
  const BasicBlock *takeSwitch(const Frame &F, const SwitchInst &Switch) {
    const Known *K = find(F, Switch.getCondition());
    if (!K)
      return nullptr;
    Parted = true;
    for (const auto &Case : Switch.cases())
      if (Case.getCaseValue()->getValue() == K->Value)
        return Case.getCaseSuccessor();
    return Switch.getDefaultDest();
  }

  WalkEnd returned(const Frame &F, const ReturnInst &Return) {
    const Value *Result = Return.getReturnValue();
    if (!Result)
      return {End::Returns, {}};
    if (const Known *K = find(F, Result)) {
      if (K->From != Source::Answers)
        return {End::GivesUp, {}};
      return {End::Returns, *K};
    }
    // After the paths parted, which return was reached depends on the input.
    if (Parted) {
      if (const auto *C = dyn_cast<ConstantInt>(Result))
        return {End::Returns, Known{C->getValue(), Source::Answers}};
      return {End::GivesUp, {}};
    }
    return {End::Returns, {}};
  }

  /// A call: nullopt if the walk goes on after it, else where the walk ends.
  std::optional<WalkEnd> call(Frame &F, const CallInst &Call) {
    const Function *Callee = Call.getCalledFunction();
    StringRef Name = Callee ? Callee->getName() : StringRef();
    if (Name == "abort" && Ends.Abort)
      return WalkEnd{End::Fails, {}};
    if (Name == "__VERIFIER_assume" && Call.arg_size() == 1) {
      std::optional<APInt> Condition = answer(F, Call.getArgOperand(0));
      if (Condition)
        return Condition->isZero() ? std::optional<WalkEnd>(WalkEnd{End::Fails, {}})
                                   : std::nullopt;
    }
    if (isa<DbgInfoIntrinsic>(Call))
      return std::nullopt;
    if (!usesInput(F, Call)) {
      if (Parted)
        return WalkEnd{End::Frontier, {}};
      return std::nullopt; // the same for every value
    }
    // Walked through: a function the program defines, called with computed values.
    if (!Callee || Callee->isDeclaration() || Callee->isVarArg() || Depth >= MaxCallDepth ||
        Call.getFunctionType() != Callee->getFunctionType())
      return WalkEnd{End::Frontier, {}};
    Frame Inner;
    for (unsigned Index = 0; Index < Call.arg_size(); ++Index) {
      const Value *Argument = Call.getArgOperand(Index);
      if (const Known *K = find(F, Argument)) {
        if (K->From != Source::Answers)
          return WalkEnd{End::Frontier, {}};
        Inner.Values[Callee->getArg(Index)] = *K;
      }
      // Any other argument is the same for every value: a constant, or a value made before
      // the paths parted or from such values without effects.
    }
    ++Depth;
    WalkEnd Outcome = run(Inner, Callee->getEntryBlock().begin(), /*Callee=*/true);
    --Depth;
    switch (Outcome.How) {
    case End::Fails:
    case End::GivesUp:
      return Outcome;
    case End::Frontier:
      return WalkEnd{End::Frontier, {}}; // the call itself is where this walk stops
    case End::Returns:
      if (Outcome.Returned)
        F.Values.insert_or_assign(&Call, *Outcome.Returned);
      else
        F.Values.erase(&Call);
      return std::nullopt;
    }
    return WalkEnd{End::GivesUp, {}};
  }

  /// The value of an instruction that uses the input; nullopt if the rule does not cover it.
  std::optional<Known> compute(const Frame &F, const Instruction &I) {
    if (const auto *Compare = dyn_cast<ICmpInst>(&I)) {
      const Known *Left = find(F, Compare->getOperand(0));
      const Known *Right = find(F, Compare->getOperand(1));
      // The input or its extension only against a constant: a cut of the arcs.
      auto Raw = [](const Known *K) { return K && K->From != Source::Answers; };
      if (Raw(Left) || Raw(Right)) {
        const Known *Side = Raw(Left) ? Left : Right;
        const auto *C = dyn_cast<ConstantInt>(Compare->getOperand(Raw(Left) ? 1 : 0));
        if (!C)
          return std::nullopt;
        bool Holds = Raw(Left) ? ICmpInst::compare(Side->Value, C->getValue(),
                                                   Compare->getPredicate())
                               : ICmpInst::compare(C->getValue(), Side->Value,
                                                   Compare->getPredicate());
        return Known{APInt(1, Holds), Source::Answers};
      }
      std::optional<APInt> L = answer(F, Compare->getOperand(0));
      std::optional<APInt> R = answer(F, Compare->getOperand(1));
      if (!L || !R)
        return std::nullopt;
      return Known{APInt(1, ICmpInst::compare(*L, *R, Compare->getPredicate())), Source::Answers};
    }
    if (isa<SExtInst>(I) || isa<ZExtInst>(I)) {
      const Known *K = find(F, I.getOperand(0));
      if (K && K->From == Source::Input) {
        unsigned Wide = I.getType()->getIntegerBitWidth();
        return Known{isa<SExtInst>(I) ? K->Value.sext(Wide) : K->Value.zext(Wide),
                     Source::Extended};
      }
    }
    // Anything else over computed values and constants, folded.
    if (!isa<BinaryOperator>(I) && !isa<CastInst>(I) && !isa<SelectInst>(I) &&
        !isa<FreezeInst>(I))
      return std::nullopt;
    SmallVector<Constant *, 3> Operands;
    for (const Use &Operand : I.operands()) {
      std::optional<APInt> Value = answer(F, Operand.get());
      if (!Value)
        return std::nullopt;
      Operands.push_back(ConstantInt::get(Operand->getType(), *Value));
    }
    if (isa<FreezeInst>(I))
      return Known{cast<ConstantInt>(Operands[0])->getValue(), Source::Answers};
    Constant *Folded = ConstantFoldInstOperands(const_cast<Instruction *>(&I), Operands, Layout);
    const auto *Result = dyn_cast_or_null<ConstantInt>(Folded);
    if (!Result) // poison (a division by zero, a shift too far) or not an integer
      return std::nullopt;
    return Known{Result->getValue(), Source::Answers};
  }
};

/// The cuts of the arcs: every comparison or switch of the input or of its extensions.
std::vector<uint64_t> cutsOf(const CallInst &Nondet, unsigned Width) {
  ValueCuts Cuts(Width);
  auto AddUses = [&](const Value &V) {
    for (const User *Who : V.users()) {
      if (const auto *Compare = dyn_cast<ICmpInst>(Who)) {
        for (const Value *Operand : Compare->operands())
          if (const auto *C = dyn_cast<ConstantInt>(Operand))
            Cuts.addComparison(*Compare, *C);
      } else if (const auto *Switch = dyn_cast<SwitchInst>(Who);
                 Switch && Switch->getCondition() == &V) {
        for (const auto &Case : Switch->cases())
          Cuts.addCase(*Case.getCaseValue());
      }
    }
  };
  AddUses(Nondet);
  for (const User *Who : Nondet.users())
    if (isa<SExtInst>(Who) || isa<ZExtInst>(Who)) {
      Cuts.addExtension();
      AddUses(*Who);
    }
  return Cuts.starts();
}

} // namespace

std::optional<std::vector<uint64_t>> assumedValues(const CallBase &Nondet,
                                                   const SilentEnds &Ends) {
  const auto *Call = dyn_cast<CallInst>(&Nondet);
  auto *Type = dyn_cast<IntegerType>(Nondet.getType());
  if (!Call || !Type || Type->getBitWidth() > 64 || Type->getBitWidth() < 2)
    return std::nullopt;
  unsigned Width = Type->getBitWidth();
  std::vector<uint64_t> Starts = cutsOf(*Call, Width);
  if (Starts.size() < 2) // at most one arc: no value differs from another
    return std::nullopt;
  uint64_t Mask = Width == 64 ? ~uint64_t(0) : (uint64_t(1) << Width) - 1;
  const DataLayout &Layout = Call->getModule()->getDataLayout();

  std::vector<uint64_t> Allowed;
  bool SomeFail = false;
  for (size_t Arc = 0; Arc < Starts.size(); ++Arc) {
    uint64_t First = Starts[Arc];
    uint64_t Next = Starts[(Arc + 1) % Starts.size()];
    uint64_t Size = (Next - First) & Mask; // non-zero: the starts differ
    Walk W(Ends, Layout);
    WalkEnd Outcome = W.fromCall(*Call, APInt(Width, First));
    if (Outcome.How == End::GivesUp || Outcome.How == End::Returns)
      return std::nullopt;
    if (Outcome.How == End::Fails) {
      SomeFail = true;
      continue;
    }
    if (Size > MaxAssumedValues || Allowed.size() + Size > MaxAssumedValues)
      return std::nullopt;
    for (uint64_t Offset = 0; Offset < Size; ++Offset)
      Allowed.push_back((First + Offset) & Mask);
  }
  if (!SomeFail || Allowed.empty())
    return std::nullopt;
  std::sort(Allowed.begin(), Allowed.end());
  return Allowed;
}

} // namespace bpor::passes
