// Decoding calls of LLVM intrinsics into bytecode operations.
#include "interp/DecodeTypes.h"
#include "interp/FunctionDecoder.h"

#include <llvm/IR/Intrinsics.h>

using namespace llvm;

namespace bpor {

using namespace decode;
using interp::NoSlot;

void FunctionDecoder::decodeReduction(const CallBase &call, Op op,
                                      bool isFloat) {
  // vector.reduce.*: a chain of scalar operations over the lanes, in lane order
  // (which is also the strict order the ordered fadd/fmul reductions require).
  uint32_t dst = slot(&call);
  unsigned bits = isFloat ? 0 : call.getType()->getIntegerBitWidth();
  unsigned argument =
      call.arg_size() == 2 ? 1 : 0; // fadd/fmul take a start value
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
  auto intBits = [](Type *t) {
    return t->getScalarType()->getIntegerBitWidth();
  };
  // An elementwise operation over the lanes of its operands.
  auto lanewise = [&](Op op, unsigned numOperands, uint8_t bits, uint32_t c,
                      uint64_t imm) {
    uint32_t dst = slot(&call);
    unsigned lanes = lanesOf(type);
    for (unsigned lane = 0; lane < lanes; ++lane) {
      Inst inst{op, bits};
      inst.dst = dst + lane;
      inst.a = arg(0) + lane;
      if (numOperands > 1)
        inst.b = arg(1) + lane;
      if (numOperands > 2)
        inst.c = arg(2) + lane;
      else
        inst.c = c;
      inst.imm = imm;
      emit(inst);
    }
  };
  auto intOp = [&](Op op, unsigned numOperands) {
    if (intBits(type) > 64)
      return false;
    lanewise(op, numOperands, uint8_t(intBits(type)), 0, maskOf(intBits(type)));
    return true;
  };
  auto fpOp = [&](Op op, unsigned numOperands) {
    lanewise(op, numOperands, 0, isDouble(type), 0);
    return true;
  };
  auto mathOp = [&](interp::MathFunction function) {
    lanewise(Op::FMath, function == interp::MathPow ? 2 : 1, 0, isDouble(type),
             0);
    for (size_t i = out_.code.size() - lanesOf(type); i < out_.code.size(); ++i)
      out_.code[i].flag = function;
    return true;
  };
  switch (id) {
  case Intrinsic::eh_typeid_for: {
    Inst inst{Op::Const};
    inst.dst = slot(&call);
    inst.imm = builder_.typeId(call.getArgOperand(0));
    emit(inst);
    return true;
  }
  case Intrinsic::dbg_declare:
  case Intrinsic::dbg_value:
  case Intrinsic::dbg_label:
  case Intrinsic::dbg_assign:
  case Intrinsic::lifetime_start:
  case Intrinsic::lifetime_end:
  case Intrinsic::assume:
  case Intrinsic::experimental_noalias_scope_decl:
  case Intrinsic::prefetch:
  case Intrinsic::vaend:
  case Intrinsic::donothing:
  case Intrinsic::sideeffect:
  case Intrinsic::invariant_start:
  case Intrinsic::invariant_end:
    return true;
  case Intrinsic::expect:
  case Intrinsic::expect_with_probability:
  case Intrinsic::ssa_copy:
  case Intrinsic::launder_invariant_group:
  case Intrinsic::strip_invariant_group:
    emitMove(slot(&call), arg(0), slotCount(type));
    return true;
  case Intrinsic::is_constant: {
    Inst inst{Op::Const};
    inst.dst = slot(&call);
    inst.imm = 0; // "not a constant" is always a correct answer
    emit(inst);
    return true;
  }
  case Intrinsic::objectsize: {
    // Unknown size: -1 when asked for the maximum (min == false), 0 for the
    // minimum.
    Inst inst{Op::Const};
    inst.dst = slot(&call);
    inst.imm = cast<ConstantInt>(call.getArgOperand(1))->isOne()
                   ? 0
                   : maskOf(intBits(type));
    emit(inst);
    return true;
  }
  case Intrinsic::memcpy:
  case Intrinsic::memcpy_inline:
  case Intrinsic::memmove:
  case Intrinsic::memset:
  case Intrinsic::memset_inline: {
    Inst inst{id == Intrinsic::memmove ? Op::Memmove
              : id == Intrinsic::memset || id == Intrinsic::memset_inline
                  ? Op::Memset
                  : Op::Memcpy};
    inst.a = arg(0);
    inst.b = arg(1);
    inst.c = arg(2);
    emit(inst);
    return true;
  }
  case Intrinsic::stacksave: {
    Inst inst{Op::StackSave};
    inst.dst = slot(&call);
    emit(inst);
    return true;
  }
  case Intrinsic::stackrestore: {
    Inst inst{Op::StackRestore};
    inst.a = arg(0);
    emit(inst);
    return true;
  }
  case Intrinsic::vastart: {
    // The variadic-argument area is laid out as x86-64's overflow area; the
    // i386 va_list (a plain pointer into 4-byte-aligned arguments) is not.
    if (builder_.pointerBits() != 64) {
      unsupported(call, "variadic function definitions in 32-bit programs");
      return true;
    }
    Inst inst{Op::VaStart};
    inst.a = arg(0);
    emit(inst);
    return true;
  }
  case Intrinsic::vacopy: {
    Inst inst{Op::VaCopy};
    inst.a = arg(0);
    inst.b = arg(1);
    emit(inst);
    return true;
  }
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
  case Intrinsic::ctlz:
    return intOp(Op::Ctlz, 1);
  case Intrinsic::cttz:
    return intOp(Op::Cttz, 1);
  case Intrinsic::ctpop:
    return intOp(Op::Ctpop, 1);
  case Intrinsic::bswap:
    return intOp(Op::Bswap, 1);
  case Intrinsic::bitreverse:
    return intOp(Op::Bitreverse, 1);
  case Intrinsic::fshl:
    return intOp(Op::Fshl, 3);
  case Intrinsic::fshr:
    return intOp(Op::Fshr, 3);
  case Intrinsic::smin:
    return intOp(Op::SMin, 2);
  case Intrinsic::smax:
    return intOp(Op::SMax, 2);
  case Intrinsic::umin:
    return intOp(Op::UMin, 2);
  case Intrinsic::umax:
    return intOp(Op::UMax, 2);
  case Intrinsic::abs:
    return intOp(Op::Abs, 1);
  case Intrinsic::sadd_sat:
    return intOp(Op::SAddSat, 2);
  case Intrinsic::uadd_sat:
    return intOp(Op::UAddSat, 2);
  case Intrinsic::ssub_sat:
    return intOp(Op::SSubSat, 2);
  case Intrinsic::usub_sat:
    return intOp(Op::USubSat, 2);
  case Intrinsic::sadd_with_overflow:
  case Intrinsic::uadd_with_overflow:
  case Intrinsic::ssub_with_overflow:
  case Intrinsic::usub_with_overflow:
  case Intrinsic::smul_with_overflow:
  case Intrinsic::umul_with_overflow: {
    Type *operandType = call.getArgOperand(0)->getType();
    if (operandType->isVectorTy() || intBits(operandType) > 64)
      return false;
    Op op = id == Intrinsic::sadd_with_overflow   ? Op::SAddO
            : id == Intrinsic::uadd_with_overflow ? Op::UAddO
            : id == Intrinsic::ssub_with_overflow ? Op::SSubO
            : id == Intrinsic::usub_with_overflow ? Op::USubO
            : id == Intrinsic::smul_with_overflow ? Op::SMulO
                                                  : Op::UMulO;
    Inst inst{op, uint8_t(intBits(operandType))};
    inst.dst = slot(&call);
    inst.a = arg(0);
    inst.b = arg(1);
    inst.imm = maskOf(intBits(operandType));
    emit(inst);
    return true;
  }
  case Intrinsic::fabs:
    return fpOp(Op::FAbs, 1);
  case Intrinsic::sqrt:
    return fpOp(Op::Sqrt, 1);
  case Intrinsic::floor:
    return fpOp(Op::Floor, 1);
  case Intrinsic::ceil:
    return fpOp(Op::Ceil, 1);
  case Intrinsic::trunc:
    return fpOp(Op::FTrunc, 1);
  case Intrinsic::round:
    return fpOp(Op::Round, 1);
  case Intrinsic::roundeven:
  case Intrinsic::rint:
  case Intrinsic::nearbyint:
    return fpOp(Op::RoundEven, 1);
  case Intrinsic::minnum:
    return fpOp(Op::FMin, 2);
  case Intrinsic::maxnum:
    return fpOp(Op::FMax, 2);
  case Intrinsic::copysign:
    return fpOp(Op::CopySign, 2);
  case Intrinsic::exp:
    return mathOp(interp::MathExp);
  case Intrinsic::exp2:
    return mathOp(interp::MathExp2);
  case Intrinsic::log:
    return mathOp(interp::MathLog);
  case Intrinsic::log2:
    return mathOp(interp::MathLog2);
  case Intrinsic::log10:
    return mathOp(interp::MathLog10);
  case Intrinsic::sin:
    return mathOp(interp::MathSin);
  case Intrinsic::cos:
    return mathOp(interp::MathCos);
  case Intrinsic::pow:
    return mathOp(interp::MathPow);
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
  case Intrinsic::vector_reduce_add:
    decodeReduction(call, Op::Add, false);
    return true;
  case Intrinsic::vector_reduce_mul:
    decodeReduction(call, Op::Mul, false);
    return true;
  case Intrinsic::vector_reduce_and:
    decodeReduction(call, Op::And, false);
    return true;
  case Intrinsic::vector_reduce_or:
    decodeReduction(call, Op::Or, false);
    return true;
  case Intrinsic::vector_reduce_xor:
    decodeReduction(call, Op::Xor, false);
    return true;
  case Intrinsic::vector_reduce_smin:
    decodeReduction(call, Op::SMin, false);
    return true;
  case Intrinsic::vector_reduce_smax:
    decodeReduction(call, Op::SMax, false);
    return true;
  case Intrinsic::vector_reduce_umin:
    decodeReduction(call, Op::UMin, false);
    return true;
  case Intrinsic::vector_reduce_umax:
    decodeReduction(call, Op::UMax, false);
    return true;
  case Intrinsic::vector_reduce_fadd:
    decodeReduction(call, Op::FAdd, true);
    return true;
  case Intrinsic::vector_reduce_fmul:
    decodeReduction(call, Op::FMul, true);
    return true;
  case Intrinsic::vector_reduce_fmin:
    decodeReduction(call, Op::FMin, true);
    return true;
  case Intrinsic::vector_reduce_fmax:
    decodeReduction(call, Op::FMax, true);
    return true;
  default:
    return false;
  }
}

} // namespace bpor
