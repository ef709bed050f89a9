// Decoding integer and floating-point arithmetic, compares, selects and casts: one bytecode
// operation per lane, two-slot operations for integers of 65 to 128 bits.
#include "interp/DecodeTypes.h"
#include "interp/FunctionDecoder.h"

#include <fmt/format.h>

using namespace llvm;

namespace bpor {

using namespace decode;
using interp::NoSlot;
using interp::Op;

namespace {

/// The operation of a binary operator (interp/DecodeTables.def); Op::NumOps if none.
Op binaryOp(unsigned opcode) {
  switch (opcode) {
#define BPOR_BINARY(Opcode, Name)                                                                 \
  case Instruction::Opcode:                                                                        \
    return Op::Name;
#include "interp/DecodeTables.def"
  default:
    return Op::NumOps;
  }
}

/// The operation of an integer compare (interp/DecodeTables.def). Every integer predicate has
/// a row.
Op intCompareOp(CmpInst::Predicate predicate) {
  switch (predicate) {
#define BPOR_ICMP(Predicate, Name)                                                                \
  case CmpInst::Predicate:                                                                         \
    return Op::Name;
#include "interp/DecodeTables.def"
  default:
    return Op::ICmpSge;
  }
}

} // namespace

void FunctionDecoder::decodeBinary(const BinaryOperator &instruction) {
  Type *type = instruction.getType();
  Type *scalar = type->getScalarType();
  uint32_t dst = slot(&instruction);
  uint32_t a = slot(instruction.getOperand(0)),
           b = slot(instruction.getOperand(1));
  unsigned lanes = lanesOf(type);
  if (scalar->isFloatingPointTy()) {
    Op op = binaryOp(instruction.getOpcode());
    if (op == Op::NumOps)
      return unsupported(instruction, "unsupported binary operator");
    for (unsigned lane = 0; lane < lanes; ++lane) {
      Inst inst{op};
      inst.dst = dst + lane;
      inst.a = a + lane;
      inst.b = b + lane;
      inst.c = isDouble(type);
      emit(inst);
    }
    return;
  }
  unsigned bits = scalar->getIntegerBitWidth();
  if (bits > 64 && bits <= 128 && lanes == 1) {
    Inst inst{Op::WideBinary, uint8_t(bits), uint8_t(instruction.getOpcode())};
    inst.dst = dst;
    inst.a = a;
    inst.b = b;
    emit(inst);
    return;
  }
  if (bits > 64)
    return unsupported(instruction,
                       "arithmetic on integers wider than 128 bits");
  Op op = binaryOp(instruction.getOpcode());
  if (op == Op::NumOps)
    return unsupported(instruction, "unsupported binary operator");
  for (unsigned lane = 0; lane < lanes; ++lane) {
    Inst inst{op, uint8_t(bits)};
    inst.dst = dst + lane;
    inst.a = a + lane;
    inst.b = b + lane;
    inst.imm = maskOf(bits);
    emit(inst);
  }
}

void FunctionDecoder::decodeIntCompare(const ICmpInst &compare) {
  uint32_t dst = slot(&compare);
  Type *operandType = compare.getOperand(0)->getType();
  unsigned bits = operandType->getScalarType()->isPointerTy()
                      ? builder_.pointerBits()
                      : operandType->getScalarType()->getIntegerBitWidth();
  if (bits > 64 && bits <= 128 && !operandType->isVectorTy()) {
    Inst inst{Op::WideCompare, uint8_t(bits),
              uint8_t(compare.getPredicate())};
    inst.dst = dst;
    inst.a = slot(compare.getOperand(0));
    inst.b = slot(compare.getOperand(1));
    emit(inst);
    return;
  }
  if (bits > 64)
    return unsupported(compare,
                       "comparison of integers wider than 128 bits");
  Op op = intCompareOp(compare.getPredicate());
  uint32_t a = slot(compare.getOperand(0)), b = slot(compare.getOperand(1));
  for (unsigned lane = 0; lane < lanesOf(operandType); ++lane) {
    Inst inst{op, uint8_t(bits)};
    inst.dst = dst + lane;
    inst.a = a + lane;
    inst.b = b + lane;
    emit(inst);
  }
}

void FunctionDecoder::decodeFloatCompare(const FCmpInst &compare) {
  uint32_t dst = slot(&compare);
  Type *operandType = compare.getOperand(0)->getType();
  uint32_t a = slot(compare.getOperand(0)), b = slot(compare.getOperand(1));
  for (unsigned lane = 0; lane < lanesOf(operandType); ++lane) {
    Inst inst{Op::FCmp, 0, uint8_t(compare.getPredicate())};
    inst.dst = dst + lane;
    inst.a = a + lane;
    inst.b = b + lane;
    inst.c = isDouble(operandType);
    emit(inst);
  }
}

void FunctionDecoder::decodeFNeg(const Instruction &instruction) {
  uint32_t dst = slot(&instruction);
  Type *type = instruction.getType();
  uint32_t a = slot(instruction.getOperand(0));
  for (unsigned lane = 0; lane < lanesOf(type); ++lane) {
    Inst inst{Op::FNeg};
    inst.dst = dst + lane;
    inst.a = a + lane;
    inst.c = isDouble(type);
    emit(inst);
  }
}

void FunctionDecoder::decodeSelect(const SelectInst &select) {
  uint32_t dst = slot(&select);
  uint32_t cond = slot(select.getCondition());
  uint32_t a = slot(select.getTrueValue()), b = slot(select.getFalseValue());
  uint32_t count = slotCount(select.getType());
  if (select.getCondition()->getType()->isVectorTy()) {
    unsigned lanes = lanesOf(select.getType());
    uint32_t perLane = count / lanes;
    for (unsigned lane = 0; lane < lanes; ++lane) {
      Inst inst{perLane == 1 ? Op::Select : Op::SelectN};
      inst.dst = dst + lane * perLane;
      inst.a = cond + lane;
      inst.b = a + lane * perLane;
      inst.c = b + lane * perLane;
      inst.imm = perLane;
      emit(inst);
    }
    return;
  }
  Inst inst{count == 1 ? Op::Select : Op::SelectN};
  inst.dst = dst;
  inst.a = cond;
  inst.b = a;
  inst.c = b;
  inst.imm = count;
  emit(inst);
}

void FunctionDecoder::decodeCast(const CastInst &instruction) {
  Type *from = instruction.getSrcTy(), *to = instruction.getDestTy();
  Type *fromScalar = from->getScalarType(), *toScalar = to->getScalarType();
  uint32_t dst = slot(&instruction), a = slot(instruction.getOperand(0));
  unsigned lanes = lanesOf(to);
  auto intBits = [&](Type *type) {
    return type->isPointerTy() ? builder_.pointerBits()
                               : type->getIntegerBitWidth();
  };
  auto perLane = [&](Op op, uint8_t bits, uint32_t c, uint64_t imm) {
    for (unsigned lane = 0; lane < lanes; ++lane) {
      Inst inst{op, bits};
      inst.dst = dst + lane;
      inst.a = a + lane;
      inst.c = c;
      inst.imm = imm;
      emit(inst);
    }
  };
  unsigned opcode = instruction.getOpcode();
  if (opcode == Instruction::BitCast || opcode == Instruction::AddrSpaceCast) {
    if (slotCount(from) == slotCount(to) && lanesOf(from) == lanesOf(to))
      return emitMove(dst, a, slotCount(to));
    return decodeReshape(instruction);
  }
  unsigned fromBits =
      fromScalar->isIntegerTy() ? fromScalar->getIntegerBitWidth() : 0;
  unsigned toBits =
      toScalar->isIntegerTy() ? toScalar->getIntegerBitWidth() : 0;
  if (fromBits > 64 || toBits > 64) {
    // Two-slot integers (65..128 bits), scalars only.
    if (lanes != 1 || fromBits > 128 || toBits > 128)
      return unsupported(instruction,
                         "conversion of integers wider than 128 bits");
    uint64_t highMask = toBits > 64 ? maskOf(toBits - 64) : 0;
    if (opcode == Instruction::Trunc && toBits <= 64)
      return perLane(Op::Trunc, 0, 0, maskOf(toBits)); // the low word
    if (opcode == Instruction::Trunc ||
        (opcode == Instruction::ZExt && fromBits > 64)) {
      Inst inst{Op::WideTrunc};
      inst.dst = dst;
      inst.a = a;
      inst.imm = highMask;
      return (void)emit(inst);
    }
    if ((opcode == Instruction::ZExt || opcode == Instruction::SExt) &&
        fromBits <= 64) {
      Inst inst{Op::WideExtend, uint8_t(fromBits),
                uint8_t(opcode == Instruction::SExt)};
      inst.dst = dst;
      inst.a = a;
      inst.imm = highMask;
      return (void)emit(inst);
    }
    return unsupported(instruction,
                       "conversion of integers wider than 64 bits");
  }
  switch (opcode) {
  case Instruction::Trunc:
  case Instruction::PtrToInt:
  case Instruction::IntToPtr:
    return perLane(Op::Trunc, 0, 0, maskOf(intBits(toScalar)));
  case Instruction::ZExt:
    return emitMove(dst, a, lanes); // values are kept zero-extended
  case Instruction::SExt:
    return perLane(Op::SExt, uint8_t(intBits(fromScalar)), 0,
                   maskOf(intBits(toScalar)));
  case Instruction::FPToSI:
    return perLane(Op::FPToSI, uint8_t(intBits(toScalar)), isDouble(from),
                   maskOf(intBits(toScalar)));
  case Instruction::FPToUI:
    return perLane(Op::FPToUI, uint8_t(intBits(toScalar)), isDouble(from),
                   maskOf(intBits(toScalar)));
  case Instruction::SIToFP:
    return perLane(Op::SIToFP, uint8_t(intBits(fromScalar)), isDouble(to), 0);
  case Instruction::UIToFP:
    return perLane(Op::UIToFP, uint8_t(intBits(fromScalar)), isDouble(to), 0);
  case Instruction::FPTrunc:
    return perLane(Op::FPTrunc, 0, 0, 0);
  case Instruction::FPExt:
    return perLane(Op::FPExt, 0, 0, 0);
  default:
    return unsupported(instruction, "unsupported cast");
  }
}

void FunctionDecoder::decodeReshape(const CastInst &instruction) {
  Type *from = instruction.getSrcTy(), *to = instruction.getDestTy();
  if (hasBoolVector(from) || hasBoolVector(to))
    return unsupported(instruction, "bitcast of a vector of i1");
  // A bitcast is a store of the source followed by a load of the destination:
  // both sides described by their memory leaves.
  std::vector<Leaf> sourceLeaves, destLeaves;
  leavesOf(layout_, from, 0, sourceLeaves);
  leavesOf(layout_, to, 0, destLeaves);
  uint64_t bytes = layout_.getTypeStoreSize(to);
  if (bytes > 256)
    return unsupported(instruction, "bitcast of more than 256 bytes");
  Inst inst{Op::BitcastBytes};
  inst.dst = slot(&instruction);
  inst.a = slot(instruction.getOperand(0));
  inst.imm = out_.extra.size();
  out_.extra.push_back(bytes);
  for (const std::vector<Leaf> *leaves : {&sourceLeaves, &destLeaves}) {
    out_.extra.push_back(leaves->size());
    for (const Leaf &leaf : *leaves) {
      out_.extra.push_back(leaf.slot);
      out_.extra.push_back(leaf.offset);
      out_.extra.push_back(leaf.size);
    }
  }
  emit(inst);
}

} // namespace bpor
