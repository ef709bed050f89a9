//===- PreparePass.cpp - bpor-prepare ------------------------------------===//
#include "passes/PreparePass.h"

#include "passes/IgnoredCallResults.h"
#include "passes/RuntimeFunctions.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/Mem2Reg.h"

using namespace llvm;

#define DEBUG_TYPE "bpor-prepare"

// Always tracked, so that opt -stats shows them with a release build of LLVM (passes/README.md).
ALWAYS_ENABLED_STATISTIC(NumFunctionsPrepared, "Functions prepared (SROA and mem2reg)");
ALWAYS_ENABLED_STATISTIC(NumAllocasPromoted,
                         "Allocas promoted to registers (net of SROA's splits)");
ALWAYS_ENABLED_STATISTIC(NumInvokesMadeCalls,
                         "Invokes of declared functions made calls: they do not throw");
ALWAYS_ENABLED_STATISTIC(NumAsmInvokesMadeCalls, "Invokes of inline assembly made calls");

namespace bpor::passes {

static unsigned countAllocas(Function &F) {
  return count_if(instructions(F), [](const Instruction &I) { return isa<AllocaInst>(I); });
}

// An invoke of a function the module does not define is a plain call: the runtime models every
// external function, and none of them throws (C++ exceptions are thrown only by the support
// library's __cxa_throw, which the module defines; declarationMayThrow). The passes after this
// one then never meet an invoke of a function they route or replace, except pthread_once: its
// routine may throw, and OnceLowering keeps the unwind edge. Landing pads left without an invoke
// go too.
static bool lowerInvokesOfDeclarations(Function &F) {
  SmallVector<InvokeInst *, 8> Invokes;
  for (BasicBlock &B : F) {
    auto *II = dyn_cast<InvokeInst>(B.getTerminator());
    if (!II)
      continue;
    const Function *Callee = II->getCalledFunction();
    if (II->isInlineAsm()) {
      ++NumAsmInvokesMadeCalls;
      LLVM_DEBUG(dbgs() << "bpor-prepare: call, not invoke (inline assembly): " << *II << "\n");
    } else if (Callee && Callee->isDeclaration() && !declarationMayThrow(*Callee)) {
      ++NumInvokesMadeCalls;
      LLVM_DEBUG(dbgs() << "bpor-prepare: call, not invoke (declared, does not throw): " << *II
                        << "\n");
    } else {
      continue;
    }
    Invokes.push_back(II);
  }
  for (InvokeInst *II : Invokes)
    changeToCall(II);
  if (!Invokes.empty())
    removeUnreachableBlocks(F);
  return !Invokes.empty();
}

PreservedAnalyses PreparePass::run(Module &M, ModuleAnalysisManager &MAM) {
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  // Called directly rather than through a pass manager so that they also run
  // on the optnone functions clang -O0 emits.
  SROAPass SROA(SROAOptions::PreserveCFG);
  PromotePass Mem2Reg;
  bool Changed = specializeIgnoredCallResults(M);
  for (Function &F : M) {
    if (F.isDeclaration() || isRuntimeFunctionName(F.getName()))
      continue;
    ++NumFunctionsPrepared;
    unsigned AllocasBefore = countAllocas(F);
    if (lowerInvokesOfDeclarations(F)) {
      Changed = true;
      FAM.invalidate(F, PreservedAnalyses::none());
    }
    PreservedAnalyses PA = SROA.run(F, FAM);
    Changed |= !PA.areAllPreserved();
    FAM.invalidate(F, PA);
    PA = Mem2Reg.run(F, FAM);
    Changed |= !PA.areAllPreserved();
    FAM.invalidate(F, PA);
    // SROA may split an aggregate into several allocas before promoting them: the count is the
    // net change.
    unsigned AllocasAfter = countAllocas(F);
    if (AllocasAfter < AllocasBefore)
      NumAllocasPromoted += AllocasBefore - AllocasAfter;
    LLVM_DEBUG(dbgs() << "bpor-prepare: " << F.getName() << ": " << AllocasBefore << " allocas, "
                      << AllocasAfter << " left after SROA and mem2reg\n");
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace bpor::passes
