//===- PreparePass.cpp - bpor-prepare ------------------------------------===//
#include "passes/PreparePass.h"

#include "passes/RuntimeFunctions.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Utils/Mem2Reg.h"

using namespace llvm;

namespace bpor::passes {

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
