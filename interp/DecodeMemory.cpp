// Decoding memory: address arithmetic (a GEP folds into a base, a constant offset and scaled
// indices), loads and stores (one per memory leaf of the type), stack objects.
#include "interp/DecodeTypes.h"
#include "interp/FunctionDecoder.h"

#include <llvm/IR/GetElementPtrTypeIterator.h>

using namespace llvm;

namespace bpor {

using namespace decode;
using interp::NoSlot;

void FunctionDecoder::decodeGep(const GetElementPtrInst &instruction) {
  if (instruction.getType()->isVectorTy())
    return unsupported(instruction, "getelementptr on vectors of pointers");
  uint32_t dst = slot(&instruction);
  uint32_t base = slot(instruction.getPointerOperand());
  uint64_t offset = 0;
  bool wroteDst = false;
  for (gep_type_iterator it = gep_type_begin(instruction),
                         end = gep_type_end(instruction);
       it != end; ++it) {
    const Value *index = it.getOperand();
    if (StructType *structType = it.getStructTypeOrNull()) {
      unsigned field = unsigned(cast<ConstantInt>(index)->getZExtValue());
      offset += layout_.getStructLayout(structType)->getElementOffset(field);
      continue;
    }
    uint64_t scale = it.getSequentialElementStride(layout_);
    if (auto *constant = dyn_cast<ConstantInt>(index)) {
      offset += uint64_t(constant->getSExtValue()) * scale;
      continue;
    }
    if (index->getType()->isVectorTy())
      return unsupported(instruction, "getelementptr with a vector index");
    unsigned bits = index->getType()->getIntegerBitWidth();
    if (bits > 64)
      return unsupported(instruction, "getelementptr index wider than 64 bits");
    Inst inst{Op::Gep, uint8_t(bits)};
    inst.dst = dst;
    inst.a = wroteDst ? dst : base;
    inst.b = slot(index);
    inst.imm = scale;
    emit(inst);
    wroteDst = true;
  }
  if (offset != 0) {
    Inst inst{Op::AddImm};
    inst.dst = dst;
    inst.a = wroteDst ? dst : base;
    inst.imm = offset;
    emit(inst);
    wroteDst = true;
  } else if (!wroteDst) {
    emitMove(dst, base, 1);
  }
  // A narrower pointer's arithmetic wraps at its width.
  if (wroteDst && builder_.pointerBits() < 64) {
    Inst inst{Op::Trunc};
    inst.dst = dst;
    inst.a = dst;
    inst.imm = builder_.pointerMask();
    emit(inst);
  }
}

void FunctionDecoder::decodeLoad(const LoadInst &instruction) {
  if (hasBoolVector(instruction.getType()))
    return unsupported(instruction, "load of a vector of i1");
  std::vector<Leaf> leaves;
  leavesOf(layout_, instruction.getType(), 0, leaves);
  uint32_t dst = slot(&instruction),
           pointer = slot(instruction.getPointerOperand());
  for (const Leaf &leaf : leaves) {
    Inst inst{Op::Load, 0, uint8_t(leaf.size)};
    inst.dst = dst + leaf.slot;
    inst.a = pointer;
    inst.imm = leaf.offset;
    emit(inst);
  }
}

void FunctionDecoder::decodeStore(const StoreInst &instruction) {
  if (hasBoolVector(instruction.getValueOperand()->getType()))
    return unsupported(instruction, "store of a vector of i1");
  std::vector<Leaf> leaves;
  leavesOf(layout_, instruction.getValueOperand()->getType(), 0, leaves);
  uint32_t value = slot(instruction.getValueOperand());
  uint32_t pointer = slot(instruction.getPointerOperand());
  for (const Leaf &leaf : leaves) {
    Inst inst{Op::Store, 0, uint8_t(leaf.size)};
    inst.a = value + leaf.slot;
    inst.b = pointer;
    inst.imm = leaf.offset;
    emit(inst);
  }
}

void FunctionDecoder::decodeAlloca(const AllocaInst &alloca) {
  uint32_t dst = slot(&alloca);
  uint64_t elementSize = layout_.getTypeAllocSize(alloca.getAllocatedType());
  Inst inst{Op::Alloca};
  inst.dst = dst;
  if (auto *count = dyn_cast<ConstantInt>(alloca.getArraySize())) {
    inst.a = NoSlot;
    inst.imm = elementSize * count->getZExtValue();
  } else {
    inst.a = slot(alloca.getArraySize());
    inst.imm = elementSize;
  }
  // A local of the program's own code (a function with debug information) starts with its
  // bytes never written (memory/Memory.h, "Bytes never written"): runtime calls keep
  // track of them for a local whose address escapes (the instrumentation's `bpor.shared`
  // mark), the interpreter's plain loads and stores for the others.
  inst.flag = alloca.getFunction()->getSubprogram() ? 1 : 0;
  emit(inst);
}

} // namespace bpor
