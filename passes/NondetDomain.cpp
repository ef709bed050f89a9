//===- NondetDomain.cpp - The values of a nondet input the program can tell apart -===//
#include "passes/NondetDomain.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"

#include <set>

using namespace llvm;

namespace bpor::passes {

ValueCuts::ValueCuts(unsigned Width)
    : Mask(Width == 64 ? ~uint64_t(0) : (uint64_t(1) << Width) - 1),
      SignedMin(uint64_t(1) << (Width - 1)) {}

void ValueCuts::addComparison(const ICmpInst &Compare, const ConstantInt &C) {
  addConstant(C);
  if (Compare.isRelational())
    Starts.insert(Compare.isSigned() ? SignedMin : 0);
}

void ValueCuts::addExtension() {
  Starts.insert(0);
  Starts.insert(SignedMin);
}

void ValueCuts::addConstant(const ConstantInt &C) {
  uint64_t Value = C.getValue().getLoBits(64).getZExtValue() & Mask;
  Starts.insert(Value);
  Starts.insert((Value + 1) & Mask);
}

namespace {

/// Collects the arc starts (NondetDomain.h) of the uses of `V`, a value of the nondet result's
/// W-bit type or its sign- or zero-extension; false if some use is not a comparison with a
/// constant.
class ArcStarts {
public:
  explicit ArcStarts(unsigned Width) : Cuts(Width) {}

  bool addUses(const Value &V, bool Extended) {
    for (const Use &U : V.uses()) {
      const User *Who = U.getUser();
      if (const auto *Compare = dyn_cast<ICmpInst>(Who)) {
        const auto *C = dyn_cast<ConstantInt>(Compare->getOperand(1 - U.getOperandNo()));
        if (!C)
          return false;
        Cuts.addComparison(*Compare, *C);
        continue;
      }
      if (const auto *Switch = dyn_cast<SwitchInst>(Who); Switch && U.getOperandNo() == 0) {
        for (const auto &Case : Switch->cases())
          Cuts.addCase(*Case.getCaseValue());
        continue;
      }
      // An extension is one-to-one and monotone on each arc between 0 and INT_MIN of the
      // narrow type, and its image crosses no wrap of the wide one: comparing the wide value
      // with C changes its answer only at C's low bits and the next value, or at 0 and INT_MIN.
      if (!Extended && (isa<SExtInst>(Who) || isa<ZExtInst>(Who))) {
        Cuts.addExtension();
        if (!addUses(*Who, /*Extended=*/true))
          return false;
        continue;
      }
      // Merged with other values (a phi, or a select's chosen operand): where the merged value
      // is this one, its uses observe this one.
      if (isa<PHINode>(Who) ||
          (isa<SelectInst>(Who) && U.getOperandNo() != 0)) {
        if (Merged.insert(Who).second && !addUses(*Who, Extended))
          return false;
        continue;
      }
      // Returned: the value's uses at every call of the function (all of them direct calls,
      // so the function's callers are all known).
      if (isa<ReturnInst>(Who)) {
        // main's result is the exit status, and a function nothing calls may be called from
        // outside: both are observed.
        const Function *F = cast<ReturnInst>(Who)->getFunction();
        if (F->use_empty() || F->getName() == "main")
          return false;
        if (!Returning.insert(F).second)
          continue; // its calls are being followed already
        for (const Use &CallUse : F->uses()) {
          const auto *Call = dyn_cast<CallBase>(CallUse.getUser());
          if (!Call || !Call->isCallee(&CallUse) || Call->getType() != V.getType() ||
              !addUses(*Call, Extended))
            return false;
        }
        continue;
      }
      // Stored whole into a global that the program only loads and stores whole: the loads
      // are the only places the value can be seen again, whichever thread makes them.
      if (const auto *Store = dyn_cast<StoreInst>(Who); Store && U.getOperandNo() == 0) {
        const auto *Global = dyn_cast<GlobalVariable>(Store->getPointerOperand());
        if (!Global || !addLoadsOf(*Global, V.getType(), Extended))
          return false;
        continue;
      }
      return false;
    }
    return true;
  }

  /// Adds the uses of every load of `Global`, a global that is only loaded or stored as a whole
  /// `Type` (so no other access reads its bytes); false if some use of it is anything else.
  bool addLoadsOf(const GlobalVariable &Global, const Type *Type, bool Extended) {
    if (!Stored.insert(&Global).second)
      return true; // its loads are being followed already
    if (!Global.hasDefinitiveInitializer() || Global.getValueType() != Type)
      return false;
    for (const Use &GlobalUse : Global.uses()) {
      const User *Who = GlobalUse.getUser();
      if (const auto *Load = dyn_cast<LoadInst>(Who)) {
        if (Load->getType() != Type || !addUses(*Load, Extended))
          return false;
        continue;
      }
      const auto *Store = dyn_cast<StoreInst>(Who);
      if (!Store || GlobalUse.getOperandNo() != Store->getPointerOperandIndex() ||
          Store->getValueOperand()->getType() != Type)
        return false;
    }
    return true;
  }

  std::vector<uint64_t> values() const {
    std::vector<uint64_t> Starts = Cuts.starts();
    if (Starts.empty()) // never observed: any one value
      return {0};
    return Starts;
  }

private:
  ValueCuts Cuts;
  std::set<const Function *> Returning;
  std::set<const User *> Merged;
  std::set<const GlobalVariable *> Stored;
};

} // namespace

std::optional<std::vector<uint64_t>> observedValueClasses(const Value &Result) {
  auto *Type = dyn_cast<IntegerType>(Result.getType());
  if (!Type || Type->getBitWidth() > 64)
    return std::nullopt;
  ArcStarts Starts(Type->getBitWidth());
  if (!Starts.addUses(Result, /*Extended=*/false))
    return std::nullopt;
  return Starts.values();
}

} // namespace bpor::passes
