// Decoding calls of LLVM intrinsics: the families that map one-to-one onto an operation are
// rows of interp/DecodeTables.def; the others have their case here.
#include "interp/DecodeTypes.h"
#include "interp/FunctionDecoder.h"

#include <llvm/IR/Intrinsics.h>

using namespace llvm;

namespace bpor {

using namespace decode;
using interp::NoSlot;

namespace {

unsigned intBits(Type *type) { return type->getScalarType()->getIntegerBitWidth(); }

/// The Kind column of interp/DecodeTables.def.
enum class LaneKind { Integer, Float };

} // namespace

void FunctionDecoder::emitLanewise(const CallBase &call, Op op, unsigned numOperands, uint8_t bits,
                                   uint32_t c, uint64_t imm) {
  uint32_t dst = slot(&call);
  unsigned lanes = lanesOf(call.getType());
  for (unsigned lane = 0; lane < lanes; ++lane) {
    Inst inst{op, bits};
    inst.dst = dst + lane;
    inst.a = slot(call.getArgOperand(0)) + lane;
    if (numOperands > 1)
      inst.b = slot(call.getArgOperand(1)) + lane;
    if (numOperands > 2)
      inst.c = slot(call.getArgOperand(2)) + lane;
    else
      inst.c = c;
    inst.imm = imm;
    emit(inst);
  }
}

bool FunctionDecoder::decodeLanewise(const CallBase &call, Op op, bool isFloat) {
  Type *type = call.getType();
  unsigned numOperands = interp::opcodeFacts(op).operands;
  if (isFloat) {
    emitLanewise(call, op, numOperands, 0, isDouble(type), 0);
    return true;
  }
  if (intBits(type) > 64)
    return false;
  emitLanewise(call, op, numOperands, uint8_t(intBits(type)), 0, maskOf(intBits(type)));
  return true;
}

void FunctionDecoder::decodeMath(const CallBase &call, interp::MathFunction function) {
  Type *type = call.getType();
  emitLanewise(call, Op::FMath, function == interp::MathPow ? 2 : 1, 0, isDouble(type), 0);
  for (size_t i = out_.code.size() - lanesOf(type); i < out_.code.size(); ++i)
    out_.code[i].flag = function;
}

bool FunctionDecoder::decodeOverflow(const CallBase &call, Op op) {
  Type *operandType = call.getArgOperand(0)->getType();
  if (operandType->isVectorTy() || intBits(operandType) > 64)
    return false;
  Inst inst{op, uint8_t(intBits(operandType))};
  inst.dst = slot(&call);
  inst.a = slot(call.getArgOperand(0));
  inst.b = slot(call.getArgOperand(1));
  inst.imm = maskOf(intBits(operandType));
  emit(inst);
  return true;
}

void FunctionDecoder::decodeReduction(const CallBase &call, Op op, bool isFloat) {
  // vector.reduce.*: a chain of scalar operations over the lanes, in lane order
  // (which is also the strict order the ordered fadd/fmul reductions require).
  uint32_t dst = slot(&call);
  unsigned bits = isFloat ? 0 : call.getType()->getIntegerBitWidth();
  unsigned argument = call.arg_size() == 2 ? 1 : 0; // fadd/fmul take a start value
  Type *vectorType = call.getArgOperand(argument)->getType();
  uint32_t vector = slot(call.getArgOperand(argument));
  unsigned lanes = lanesOf(vectorType);
  uint32_t accumulator = temp(1);
  unsigned first = 0;
  if (argument == 1) {
    emitMove(accumulator, slot(call.getArgOperand(0)), 1);
  } else {
    emitMove(accumulator, vector, 1);
    first = 1;
  }
  for (unsigned lane = first; lane < lanes; ++lane) {
    Inst inst{op, uint8_t(bits)};
    inst.dst = accumulator;
    inst.a = accumulator;
    inst.b = vector + lane;
    inst.c = isFloat ? isDouble(call.getType()) : 0;
    inst.imm = isFloat ? 0 : maskOf(bits);
    emit(inst);
  }
  emitMove(dst, accumulator, 1);
}

bool FunctionDecoder::decodeIntrinsic(const CallBase &call, Intrinsic::ID id) {
  auto arg = [&](unsigned i) { return slot(call.getArgOperand(i)); };
  Type *type = call.getType();
  auto emitConst = [&](uint64_t value) {
    Inst inst{Op::Const};
    inst.dst = slot(&call);
    inst.imm = value;
    emit(inst);
    return true;
  };
  auto emitOperands = [&](Op op, unsigned numOperands) {
    Inst inst{op};
    if (numOperands > 0)
      inst.a = arg(0);
    if (numOperands > 1)
      inst.b = arg(1);
    if (numOperands > 2)
      inst.c = arg(2);
    emit(inst);
    return true;
  };
  switch (id) {
#define BPOR_INTRINSIC(Id, Name, Kind)                                                             \
  case Intrinsic::Id:                                                                              \
    return decodeLanewise(call, Op::Name, LaneKind::Kind == LaneKind::Float);
#define BPOR_MATH_INTRINSIC(Id, Function)                                                          \
  case Intrinsic::Id:                                                                              \
    decodeMath(call, interp::Function);                                                            \
    return true;
#define BPOR_OVERFLOW_INTRINSIC(Id, Name)                                                          \
  case Intrinsic::Id:                                                                              \
    return decodeOverflow(call, Op::Name);
#define BPOR_REDUCTION_INTRINSIC(Id, Name, Kind)                                                   \
  case Intrinsic::Id:                                                                              \
    decodeReduction(call, Op::Name, LaneKind::Kind == LaneKind::Float);                            \
    return true;
#include "interp/DecodeTables.def"
#define BPOR_NO_OP_INTRINSIC(Id) case Intrinsic::Id:
#include "interp/DecodeTables.def"
    return true;
#define BPOR_COPY_INTRINSIC(Id) case Intrinsic::Id:
#include "interp/DecodeTables.def"
    emitMove(slot(&call), arg(0), slotCount(type));
    return true;

  case Intrinsic::eh_typeid_for:
    return emitConst(builder_.typeId(call.getArgOperand(0)));
  case Intrinsic::is_constant:
    return emitConst(0); // "not a constant" is always a correct answer
  case Intrinsic::objectsize:
    // Unknown size: -1 when asked for the maximum (min == false), 0 for the minimum.
    return emitConst(cast<ConstantInt>(call.getArgOperand(1))->isOne() ? 0 : maskOf(intBits(type)));
  case Intrinsic::memcpy:
  case Intrinsic::memcpy_inline:
    return emitOperands(Op::Memcpy, 3);
  case Intrinsic::memmove:
    return emitOperands(Op::Memmove, 3);
  case Intrinsic::memset:
  case Intrinsic::memset_inline:
    return emitOperands(Op::Memset, 3);
  case Intrinsic::stacksave: {
    Inst inst{Op::StackSave};
    inst.dst = slot(&call);
    emit(inst);
    return true;
  }
  case Intrinsic::stackrestore:
    return emitOperands(Op::StackRestore, 1);
  case Intrinsic::vastart:
    // The variadic-argument area is laid out as x86-64's overflow area; the
    // i386 va_list (a plain pointer into 4-byte-aligned arguments) is not.
    if (builder_.pointerBits() != 64) {
      unsupported(call, "variadic function definitions in 32-bit programs");
      return true;
    }
    return emitOperands(Op::VaStart, 1);
  case Intrinsic::vacopy:
    return emitOperands(Op::VaCopy, 2);
  case Intrinsic::trap:
  case Intrinsic::debugtrap: {
    Inst inst{Op::Trap};
    inst.imm = interp::NotAUbsanTrap;
    emit(inst);
    return true;
  }
  case Intrinsic::ubsantrap: { // a failed check of clang's -fsanitize-trap=...: its kind
    Inst inst{Op::Trap};
    inst.imm = uint32_t(cast<ConstantInt>(call.getArgOperand(0))->getZExtValue());
    emit(inst);
    return true;
  }
  case Intrinsic::lround:
  case Intrinsic::llround:
  case Intrinsic::lrint:
  case Intrinsic::llrint: {
    if (type->isVectorTy() || intBits(type) > 64)
      return false;
    bool rint = id == Intrinsic::lrint || id == Intrinsic::llrint;
    Inst inst{Op::FToIntRound, uint8_t(intBits(type)), uint8_t(rint)};
    inst.dst = slot(&call);
    inst.a = arg(0);
    inst.c = isDouble(call.getArgOperand(0)->getType());
    inst.imm = maskOf(intBits(type));
    emit(inst);
    return true;
  }
  case Intrinsic::fma:
  case Intrinsic::fmuladd: {
    uint32_t dst = slot(&call);
    for (unsigned lane = 0; lane < lanesOf(type); ++lane) {
      Inst inst{Op::Fma};
      inst.dst = dst + lane;
      inst.a = arg(0) + lane;
      inst.b = arg(1) + lane;
      inst.imm = arg(2) + lane;
      inst.c = isDouble(type);
      emit(inst);
    }
    return true;
  }
  default:
    return false;
  }
}

} // namespace bpor
