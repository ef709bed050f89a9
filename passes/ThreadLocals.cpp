//===- ThreadLocals.cpp - Thread-local variables get per-thread addresses -===//
#include "passes/ThreadLocals.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/Debug.h"

#include <vector>

using namespace llvm;

#define DEBUG_TYPE "bpor-instrument"

// Always tracked, so that opt -stats shows them with a release build of LLVM (passes/README.md).
ALWAYS_ENABLED_STATISTIC(NumThreadLocalUses,
                         "Uses of thread-local variables given the thread's copy");

namespace bpor::passes {

unsigned rewriteThreadLocals(Module &M, RuntimeFunctions &Runtime) {
  std::vector<GlobalVariable *> Globals;
  for (GlobalVariable &GV : M.globals())
    if (GV.isThreadLocal())
      Globals.push_back(&GV);
  if (Globals.empty())
    return 0;
  FunctionCallee Address = Runtime.threadLocalAddress();
  unsigned Rewritten = 0;
  for (GlobalVariable *GV : Globals) {
    LLVM_DEBUG(dbgs() << "bpor-instrument: per-thread copies of @" << GV->getName() << "\n");
    std::vector<Use *> Uses;
    for (Use &U : GV->uses())
      if (isa<Instruction>(U.getUser()))
        Uses.push_back(&U);
    for (Use *U : Uses) {
      auto *User = cast<Instruction>(U->getUser());
      if (auto *II = dyn_cast<IntrinsicInst>(User);
          II && II->getIntrinsicID() == Intrinsic::threadlocal_address) {
        IRBuilder<> B(II);
        CallInst *Call = B.CreateCall(Address, {GV});
        Call->takeName(II);
        II->replaceAllUsesWith(Call);
        II->eraseFromParent();
        ++Rewritten;
        ++NumThreadLocalUses;
        continue;
      }
      // Any other instruction: the address is taken just before it (for a phi, at the end of
      // the incoming block).
      Instruction *Before = User;
      if (auto *Phi = dyn_cast<PHINode>(User))
        Before = Phi->getIncomingBlock(*U)->getTerminator();
      IRBuilder<> B(Before);
      U->set(B.CreateCall(Address, {GV}));
      ++Rewritten;
      ++NumThreadLocalUses;
    }
  }
  return Rewritten;
}

} // namespace bpor::passes
