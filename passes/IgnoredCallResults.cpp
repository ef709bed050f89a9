#include "passes/IgnoredCallResults.h"

#include "passes/IgnoredResults.h"
#include "passes/RuntimeFunctions.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"

#include <map>

using namespace llvm;

#define DEBUG_TYPE "bpor-prepare"

ALWAYS_ENABLED_STATISTIC(NumIgnoringCopies,
                         "Functions copied for the calls that ignore their result");

namespace bpor::passes {

namespace {

// Whether F returns a value and uses the result of one of its atomic read-modify-writes (to
// return it, or otherwise: a copy that returns zero can only make more of them ignored).
bool returnsAnUpdate(const Function &F) {
  if (F.isDeclaration() || F.getReturnType()->isVoidTy() || isRuntimeFunctionName(F.getName()))
    return false;
  for (const Instruction &I : instructions(F))
    if (isa<AtomicRMWInst>(I) && !isResultIgnored(I))
      return true;
  return false;
}

} // namespace

bool specializeIgnoredCallResults(Module &M) {
  std::map<Function *, SmallVector<CallInst *, 4>> ignoring;
  std::map<const Function *, bool> returnsUpdate; // each callee looked at once
  auto candidate = [&](const Function &Callee) {
    auto [it, added] = returnsUpdate.try_emplace(&Callee, false);
    if (added)
      it->second = returnsAnUpdate(Callee);
    return it->second;
  };
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *Call = dyn_cast<CallInst>(&I))
        if (Function *Callee = Call->getCalledFunction();
            Callee && Callee != &F && candidate(*Callee) && isResultIgnored(*Call))
          ignoring[Callee].push_back(Call);
  for (auto &[F, Calls] : ignoring) {
    ValueToValueMapTy Map;
    Function *Copy = CloneFunction(F, Map);
    Copy->setName(F->getName() + ".bpor.ignored");
    Copy->setLinkage(GlobalValue::InternalLinkage);
    Copy->setComdat(nullptr);
    // Nobody reads what it returns; what it computed only to return goes (`++counter` returns
    // the update's result plus one), down to the updates.
    SmallVector<WeakTrackingVH, 4> Returned;
    for (Instruction &I : instructions(*Copy))
      if (auto *Return = dyn_cast<ReturnInst>(&I)) {
        Returned.push_back(Return->getOperand(0));
        Return->setOperand(0, Constant::getNullValue(Copy->getReturnType()));
      }
    RecursivelyDeleteTriviallyDeadInstructionsPermissive(Returned);
    for (CallInst *Call : Calls)
      Call->setCalledFunction(Copy);
    ++NumIgnoringCopies;
  }
  return !ignoring.empty();
}

} // namespace bpor::passes
