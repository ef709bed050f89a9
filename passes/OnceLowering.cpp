//===- OnceLowering.cpp - pthread_once as two visible operations ----------===//
#include "passes/OnceLowering.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace bpor::passes {

namespace {

/// In a C++ module, the routine runs inside `bpor.once.run(control, routine, loc)`, which
/// invokes it and ends the once either way: once_end when it returns, once_abort and on
/// unwinding when it throws (pthread_once's contract: the next caller runs the routine). A C
/// module has no exceptions (and no personality to name): there the routine is called inline.
Function *onceRunner(Module &M, RuntimeFunctions &Runtime) {
  Function *Personality = M.getFunction("__gxx_personality_v0");
  if (!Personality)
    return nullptr;
  if (Function *Existing = M.getFunction("bpor.once.run"))
    return Existing;
  LLVMContext &C = M.getContext();
  Type *Ptr = PointerType::getUnqual(C);
  Type *I32 = Type::getInt32Ty(C);
  auto *Runner = Function::Create(
      FunctionType::get(Type::getVoidTy(C), {Ptr, Ptr, I32}, false),
      GlobalValue::InternalLinkage, "bpor.once.run", M);
  Runner->setPersonalityFn(Personality);
  Value *Control = Runner->getArg(0), *Routine = Runner->getArg(1), *Location = Runner->getArg(2);
  BasicBlock *Entry = BasicBlock::Create(C, "entry", Runner);
  BasicBlock *Returned = BasicBlock::Create(C, "returned", Runner);
  BasicBlock *Threw = BasicBlock::Create(C, "threw", Runner);
  IRBuilder<> B(Entry);
  B.CreateInvoke(FunctionType::get(B.getVoidTy(), false), Routine, Returned, Threw);
  B.SetInsertPoint(Returned);
  B.CreateCall(Runtime.onceEnd(), {Control, Location});
  B.CreateRetVoid();
  B.SetInsertPoint(Threw);
  LandingPadInst *Pad = B.CreateLandingPad(StructType::get(Ptr, I32), 0);
  Pad->setCleanup(true);
  B.CreateCall(Runtime.onceAbort(), {Control, Location});
  B.CreateResume(Pad);
  return Runner;
}

} // namespace

bool lowerPthreadOnce(CallBase &Call, RuntimeFunctions &Runtime, ConstantInt *Location) {
  if (Call.arg_size() != 2 || !Call.getArgOperand(0)->getType()->isPointerTy() ||
      !Call.getArgOperand(1)->getType()->isPointerTy())
    return false;
  Module &M = *Call.getModule();
  Function *Runner = onceRunner(M, Runtime);
  CallInst *Once = dyn_cast<CallInst>(&Call);
  // An invoke's unwind edge moves to the routine's call (the only part that may throw), with
  // the values its phis took from the invoke's block.
  BasicBlock *Unwind = nullptr;
  SmallVector<std::pair<PHINode *, Value *>, 2> UnwindValues;
  if (auto *Invoke = dyn_cast<InvokeInst>(&Call)) {
    if (Runner) {
      Unwind = Invoke->getUnwindDest();
      for (PHINode &Phi : Unwind->phis())
        UnwindValues.push_back({&Phi, Phi.getIncomingValueForBlock(Invoke->getParent())});
    }
    Once = changeToCall(Invoke);
  }
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
  if (Runner) {
    CallInst *Run = T.CreateCall(Runner, {Control, Routine, Location});
    if (Unwind) {
      BasicBlock *From = Run->getParent();
      changeToInvokeAndSplitBasicBlock(Run, Unwind);
      for (auto [Phi, Value] : UnwindValues)
        Phi->addIncoming(Value, From);
    }
  } else {
    // The routine is called through the pointer: it may be any function value.
    FunctionType *RoutineType = FunctionType::get(T.getVoidTy(), false);
    T.CreateCall(RoutineType, Routine);
    T.CreateCall(Runtime.onceEnd(), {Control, Location});
  }
  if (!Once->use_empty())
    Once->replaceAllUsesWith(Constant::getNullValue(Once->getType()));
  Once->eraseFromParent();
  return true;
}

} // namespace bpor::passes
