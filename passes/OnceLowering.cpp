//===- OnceLowering.cpp - pthread_once as two visible operations ----------===//
#include "passes/OnceLowering.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace bpor::passes {

bool lowerPthreadOnce(CallBase &Call, RuntimeFunctions &Runtime, ConstantInt *Location) {
  if (Call.arg_size() != 2 || !Call.getArgOperand(0)->getType()->isPointerTy() ||
      !Call.getArgOperand(1)->getType()->isPointerTy())
    return false;
  CallInst *Once = dyn_cast<CallInst>(&Call);
  if (auto *Invoke = dyn_cast<InvokeInst>(&Call))
    // The interpreter has no exceptions: the unwind edge is never taken.
    Once = changeToCall(Invoke);
  if (!Once)
    return false;

  DebugLoc Where = Once->getDebugLoc();
  Value *Control = Once->getArgOperand(0);
  Value *Routine = Once->getArgOperand(1);
  IRBuilder<> B(Once);
  B.SetCurrentDebugLocation(Where);
  Value *MustRun = B.CreateCall(Runtime.onceBegin(), {Control, Location});
  Value *Runs = B.CreateICmpNE(MustRun, B.getInt32(0));
  Instruction *Then = SplitBlockAndInsertIfThen(Runs, Once, /*Unreachable=*/false);

  IRBuilder<> T(Then);
  T.SetCurrentDebugLocation(Where);
  // The routine is called through the pointer: it may be any function value.
  FunctionType *RoutineType = FunctionType::get(T.getVoidTy(), false);
  T.CreateCall(RoutineType, Routine);
  T.CreateCall(Runtime.onceEnd(), {Control, Location});

  if (!Once->use_empty())
    Once->replaceAllUsesWith(Constant::getNullValue(Once->getType()));
  Once->eraseFromParent();
  return true;
}

} // namespace bpor::passes
