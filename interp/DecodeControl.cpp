// Decoding calls and control flow: call sites (direct, indirect, invoke), branches and switches
// through edge labels (phi moves on edge stubs), returns, landing pads.
#include "interp/DecodeTypes.h"
#include "interp/FunctionDecoder.h"

#include <llvm/IR/InlineAsm.h>

#include <fmt/format.h>

using namespace llvm;

namespace bpor {

using namespace decode;
using interp::NoSlot;

void FunctionDecoder::decodeCall(const CallBase &call) {
  if (call.isInlineAsm()) {
    // An empty asm statement (asm(""), asm volatile("" ::: "memory")) is a compiler barrier:
    // it keeps the compiler from moving memory accesses across it, which the interpreter never
    // does, and executes nothing. Any other assembly is refused with its text.
    const auto &assembly = *cast<InlineAsm>(call.getCalledOperand());
    StringRef text = StringRef(assembly.getAsmString()).trim();
    if (text.empty() && call.getType()->isVoidTy())
      return;
    return unsupported(call, fmt::format("inline assembly \"{}\" is not supported (only an "
                                         "empty asm statement, a compiler barrier, is; for a "
                                         "fence or an atomic access use <stdatomic.h> or the "
                                         "__atomic builtins)",
                                         text.str()));
  }
  if (!isa<CallInst>(call) && !isa<InvokeInst>(call))
    return unsupported(call, fmt::format("unsupported instruction '{}'",
                                         call.getOpcodeName()));
  const Value *calledOperand = call.getCalledOperand()->stripPointerCasts();
  auto *callee = dyn_cast<Function>(calledOperand);
  if (callee && callee->isIntrinsic()) {
    if (callee->getIntrinsicID() == Intrinsic::threadlocal_address)
      return unsupported(call, "thread-local variables are not supported");
    if (!decodeIntrinsic(call, callee->getIntrinsicID()))
      unsupported(call, fmt::format("unsupported intrinsic {}",
                                    callee->getName().str()));
    return;
  }
  interp::CallSite site;
  if (callee)
    site.callee = builder_.functionIndex(callee);
  else
    site.calleeSlot = slot(calledOperand);
  if (!call.getType()->isVoidTy())
    site.dst = slot(&call);
  site.resultType = valueTypeOf(call.getType());
  // A call whose result the program never uses: the pass's mark (a result only stored where
  // nothing reads it, runtime/bpor_abi.h), or no use at all.
  site.resultIgnored = call.getMetadata("bpor.ignored") != nullptr || call.use_empty();
  bool anyByval = false;
  for (unsigned i = 0; i < call.arg_size(); ++i) {
    const Value *argument = call.getArgOperand(i);
    site.argSlots.push_back(slot(argument));
    site.argTypes.push_back(valueTypeOf(argument->getType()));
    site.argOffsets.push_back(site.numArgSlots);
    site.numArgSlots += slotCount(argument->getType());
    uint64_t byval = 0;
    if (Type *type = call.getParamByValType(i)) {
      byval = layout_.getTypeAllocSize(type);
      anyByval = true;
    }
    site.byvalSizes.push_back(byval);
  }
  if (!anyByval)
    site.byvalSizes.clear();
  if (auto *invoke = dyn_cast<InvokeInst>(&call)) {
    site.landingPad = landingPadClauses(*invoke->getLandingPadInst());
    fixups_.push_back({uint32_t(out_.calls.size()), 'u',
                       edgeLabel(call.getParent(), invoke->getUnwindDest())});
  }
  Inst inst{Op::Call};
  inst.imm = out_.calls.size();
  out_.calls.push_back(std::move(site));
  callInstructions_.push_back(&call);
  emit(inst);
}

uint32_t FunctionDecoder::landingPadClauses(const LandingPadInst &pad) {
  uint32_t index = uint32_t(out_.extra.size());
  out_.extra.push_back(pad.isCleanup());
  out_.extra.push_back(pad.getNumClauses());
  for (unsigned i = 0; i < pad.getNumClauses(); ++i) {
    const Constant *clause = pad.getClause(i);
    if (pad.isFilter(i)) {
      // A dynamic exception specification: the types it lets through are not kept, so the
      // unwinder refuses a filter it reaches.
      out_.extra.push_back(uint64_t(interp::LandingClause::Filter));
      out_.extra.push_back(0);
      out_.extra.push_back(0);
      continue;
    }
    uint32_t id = builder_.typeId(clause);
    out_.extra.push_back(uint64_t(interp::LandingClause::Catch));
    out_.extra.push_back(id);
    out_.extra.push_back(builder_.program().typeInfo(id));
  }
  return index;
}

void FunctionDecoder::decodeTerminator(const Instruction &instruction) {
  const BasicBlock *block = instruction.getParent();
  switch (instruction.getOpcode()) {
  case Instruction::Br: {
    auto &branch = cast<BranchInst>(instruction);
    if (branch.isUnconditional()) {
      uint32_t label = edgeLabel(block, branch.getSuccessor(0));
      fixup(emit(Inst{Op::Jump}), 'a', label);
      return;
    }
    Inst inst{Op::BrCond};
    inst.a = slot(branch.getCondition());
    uint32_t trueLabel = edgeLabel(block, branch.getSuccessor(0));
    uint32_t falseLabel = edgeLabel(block, branch.getSuccessor(1));
    uint32_t index = emit(inst);
    fixup(index, 'b', trueLabel);
    fixup(index, 'c', falseLabel);
    return;
  }
  case Instruction::Switch: {
    auto &switchInst = cast<SwitchInst>(instruction);
    if (switchInst.getCondition()->getType()->getIntegerBitWidth() > 64)
      return unsupported(instruction,
                         "switch on an integer wider than 64 bits");
    Inst inst{Op::Switch};
    inst.a = slot(switchInst.getCondition());
    inst.imm = out_.extra.size();
    out_.extra.push_back(switchInst.getNumCases());
    fixups_.push_back({uint32_t(out_.extra.size()), 'x',
                       edgeLabel(block, switchInst.getDefaultDest())});
    out_.extra.push_back(0);
    for (auto &caseHandle : switchInst.cases()) {
      out_.extra.push_back(caseHandle.getCaseValue()->getZExtValue());
      fixups_.push_back({uint32_t(out_.extra.size()), 'x',
                         edgeLabel(block, caseHandle.getCaseSuccessor())});
      out_.extra.push_back(0);
    }
    emit(inst);
    return;
  }
  case Instruction::Ret: {
    auto &ret = cast<ReturnInst>(instruction);
    if (!ret.getReturnValue()) {
      emit(Inst{Op::RetVoid});
      return;
    }
    Inst inst{Op::Ret};
    inst.a = slot(ret.getReturnValue());
    inst.b = slotCount(ret.getReturnValue()->getType());
    emit(inst);
    return;
  }
  case Instruction::Unreachable:
    emit(Inst{Op::Unreachable});
    return;
  case Instruction::Invoke: {
    auto &invoke = cast<InvokeInst>(instruction);
    decodeCall(invoke);
    fixup(emit(Inst{Op::Jump}), 'a', edgeLabel(block, invoke.getNormalDest()));
    return;
  }
  case Instruction::Resume: {
    Inst inst{Op::Resume};
    inst.a = slot(instruction.getOperand(0));
    emit(inst);
    return;
  }
  default:
    return unsupported(instruction, fmt::format("unsupported instruction '{}'",
                                                instruction.getOpcodeName()));
  }
}

} // namespace bpor
