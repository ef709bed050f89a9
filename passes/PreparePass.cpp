//===- PreparePass.cpp - bpor-prepare ------------------------------------===//
#include "passes/PreparePass.h"

#include "passes/RuntimeFunctions.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/Mem2Reg.h"

using namespace llvm;

namespace bpor::passes {

// An invoke of a function the module does not define is a plain call: the runtime models every
// external function, and none of them throws (C++ exceptions are thrown only by the support
// library's __cxa_throw, which the module defines). The passes after this one then never meet
// an invoke of a function they route or replace, except pthread_once: its routine may throw,
// and OnceLowering keeps the unwind edge. Landing pads left without an invoke go too.
static bool lowerInvokesOfDeclarations(Function &F) {
  SmallVector<InvokeInst *, 8> Invokes;
  for (BasicBlock &B : F)
    if (auto *II = dyn_cast<InvokeInst>(B.getTerminator()))
      if (II->isInlineAsm() ||
          (II->getCalledFunction() && II->getCalledFunction()->isDeclaration() &&
           II->getCalledFunction()->getName() != "pthread_once"))
        Invokes.push_back(II);
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
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration() || isRuntimeFunctionName(F.getName()))
      continue;
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
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace bpor::passes
