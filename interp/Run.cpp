// The dispatch loop: a switch over a flat instruction array, operands are frame
// slots (constants were materialised into the frame), no lookups. Everything
// that can fault saves the pc first so that the fault's location is the
// faulting instruction.
#include "interp/FloatBits.h"
#include "interp/Interpreter.h"
#include "interp/RunArithmetic.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

namespace bpor {

using interp::Inst;
using interp::NoSlot;
using interp::NotAUbsanTrap;
using interp::Op;
using interp::UbsanCheck;

RunResult Interpreter::run(ThreadState &thread) {
  return symbolic_ ? runLoop<true>(thread) : runLoop<false>(thread);
}

// One loop for both modes: the symbolic one (interp/Symbolic.h) runs each instruction's
// symbolic half (shadowStep) before its concrete half; the concrete one compiles without it.
template <bool Symbolic> RunResult Interpreter::runLoop(ThreadState &thread) {
  switch (thread.status) {
  case RunResult::Paused:
  case RunResult::Stopped:
  case RunResult::Fault:
  case RunResult::Returned:
    return thread.status;
  case RunResult::Ready:
    break;
  }
  if (thread.frames.empty()) {
    thread.status = RunResult::Returned;
    return RunResult::Returned;
  }
  Memory &memory = *memory_;
  uint64_t budget = options_.maxBranchesPerRun;
  uint64_t executed = 0;

  const interp::Function *function;
  const Inst *code;
  const Inst *ip;
  Slot *R;
  [[maybe_unused]] ExprId *S = nullptr;

#define BPOR_RELOAD()                                                          \
  do {                                                                         \
    const Frame &top = thread.frames.back();                                   \
    function = &program_.function(top.function);                               \
    code = function->code.data();                                              \
    ip = code + top.pc;                                                        \
    R = thread.slots.data() + top.base;                                        \
    if constexpr (Symbolic)                                                    \
      S = thread.shadows.data() + top.base;                                    \
  } while (0)
#define BPOR_SAVE_PC() (thread.frames.back().pc = uint32_t(ip - code))
#define BPOR_FAULT(kind, message)                                              \
  do {                                                                         \
    BPOR_SAVE_PC();                                                            \
    thread.instructions += executed;                                           \
    return fault(thread, kind, message);                                       \
  } while (0)
#define BPOR_MEMORY_FAULT(kind, address, size, access)                         \
  do {                                                                         \
    BPOR_SAVE_PC();                                                            \
    thread.instructions += executed;                                           \
    return memoryFault(thread, kind, address, size, access);                   \
  } while (0)
#define BPOR_BRANCH()                                                          \
  do {                                                                         \
    if (--budget == 0)                                                         \
      BPOR_FAULT(ErrorKind::ResourceLimit,                                     \
                 fmt::format("no visible operation after {} branches: a "      \
                             "local infinite loop?",                           \
                             options_.maxBranchesPerRun));                     \
  } while (0)

  BPOR_RELOAD();
  for (;;) {
    const Inst &I = *ip;
    ++executed;
    if constexpr (Symbolic) {
      if (shadowStep(thread, *function, I, R, S) == ShadowStep::Pause) {
        BPOR_SAVE_PC();
        thread.instructions += executed;
        thread.status = RunResult::Paused;
        return RunResult::Paused;
      }
    }
    // One case per row of interp/Opcodes.def, no default: an operation without its case does
    // not compile (-Werror=switch).
    switch (I.op) {
    case Op::Nop:
      ++ip;
      break;
    case Op::Jump:
      BPOR_BRANCH();
      ip = code + I.a;
      break;
    case Op::BrCond:
      BPOR_BRANCH();
      ip = code + ((R[I.a] & 1) ? I.b : I.c);
      break;
    case Op::Switch: {
      BPOR_BRANCH();
      const uint64_t *table = function->extra.data() + I.imm;
      uint64_t value = R[I.a];
      uint64_t numCases = table[0];
      uint64_t target = table[1];
      for (uint64_t i = 0; i < numCases; ++i)
        if (table[2 + 2 * i] == value) {
          target = table[3 + 2 * i];
          break;
        }
      ip = code + target;
      break;
    }
    case Op::Ret:
    case Op::RetVoid: {
      unsigned n = I.op == Op::Ret ? I.b : 0;
      Slot small[4];
      std::vector<Slot> large;
      Slot *values = small;
      if (n > 4) {
        large.resize(n);
        values = large.data();
      }
      std::copy_n(R + I.a, n, values);
      [[maybe_unused]] ExprId smallShadows[4];
      [[maybe_unused]] std::vector<ExprId> largeShadows;
      [[maybe_unused]] ExprId *shadows = nullptr;
      if constexpr (Symbolic) {
        shadows = smallShadows;
        if (n > 4) {
          largeShadows.resize(n);
          shadows = largeShadows.data();
        }
        std::copy_n(S + I.a, n, shadows);
        if (thread.frames.size() == 1 && !thread.frames.back().invoked)
          thread.returnShadows.assign(shadows, shadows + n);
      }
      bool invoked = thread.frames.back().invoked;
      if (thread.frames.size() == 1 && !invoked) {
        BPOR_SAVE_PC();
        thread.returnDebugIndex = currentDebugIndex(thread);
      }
      popFrame(thread);
      if (thread.frames.empty()) {
        if (!invoked) // an invoked function run after the thread returned keeps
                      // its value
          thread.returnValue.assign(values, values + n);
        thread.status = RunResult::Returned;
        thread.instructions += executed;
        return RunResult::Returned;
      }
      if (!invoked)
        writeResult(thread, thread.frames.size() - 1, values, n, shadows);
      BPOR_RELOAD();
      break;
    }
    case Op::Unreachable:
      BPOR_FAULT(ErrorKind::AssertionFailure,
                 "undefined behaviour: 'unreachable' executed (a noreturn call "
                 "returned?)");
    case Op::Trap:
      switch (UbsanCheck(I.imm)) {
      case UbsanCheck::AddOverflow:
        BPOR_FAULT(ErrorKind::Overflow, "signed integer overflow in an addition");
      case UbsanCheck::SubOverflow:
        BPOR_FAULT(ErrorKind::Overflow, "signed integer overflow in a subtraction");
      case UbsanCheck::MulOverflow:
        BPOR_FAULT(ErrorKind::Overflow, "signed integer overflow in a multiplication");
      case UbsanCheck::NegateOverflow:
        BPOR_FAULT(ErrorKind::Overflow, "signed integer overflow in a negation");
      case UbsanCheck::DivremOverflow:
        BPOR_FAULT(ErrorKind::Overflow,
                   "signed integer overflow in a division or remainder (INT_MIN / -1)");
      case UbsanCheck::ShiftOutOfBounds:
        BPOR_FAULT(ErrorKind::AssertionFailure,
                   "undefined behaviour: a shift out of bounds or of a negative value");
      default:
        if (I.imm == NotAUbsanTrap)
          BPOR_FAULT(ErrorKind::AssertionFailure, "trap executed (__builtin_trap)");
        BPOR_FAULT(ErrorKind::AssertionFailure, "undefined behaviour: a failed runtime check");
      }
    case Op::Unsupported:
      BPOR_FAULT(ErrorKind::Unsupported, program_.message(I.imm));
    case Op::LandingPad:
      R[I.dst] = thread.landedObject;
      R[I.dst + 1] = thread.landedSelector;
      ++ip;
      break;
    case Op::Resume: {
      BPOR_SAVE_PC();
      thread.instructions += executed;
      executed = 0;
      RunResult result = unwindException(thread, R[I.a], thread.frames.size() - 2);
      if (result != RunResult::Ready)
        return result;
      BPOR_RELOAD();
      break;
    }
    case Op::Call: {
      BPOR_SAVE_PC();
      thread.instructions += executed;
      executed = 0;
      RunResult result = call(thread, function->calls[I.imm]);
      if (result != RunResult::Ready)
        return result;
      if (thread.frames.empty()) {
        thread.status = RunResult::Returned;
        return RunResult::Returned;
      }
      BPOR_RELOAD();
      break;
    }

    case Op::Const:
      R[I.dst] = I.imm;
      ++ip;
      break;
    case Op::Move:
      R[I.dst] = R[I.a];
      ++ip;
      break;
    case Op::MoveN:
      std::memmove(R + I.dst, R + I.a, size_t(I.b) * sizeof(Slot));
      ++ip;
      break;
    case Op::Select:
      R[I.dst] = (R[I.a] & 1) ? R[I.b] : R[I.c];
      ++ip;
      break;
    case Op::SelectN:
      std::memmove(R + I.dst, R + ((R[I.a] & 1) ? I.b : I.c),
                   size_t(I.imm) * sizeof(Slot));
      ++ip;
      break;

    case Op::Add:
      R[I.dst] = (R[I.a] + R[I.b]) & I.imm;
      ++ip;
      break;
    case Op::Sub:
      R[I.dst] = (R[I.a] - R[I.b]) & I.imm;
      ++ip;
      break;
    case Op::Mul:
      R[I.dst] = (R[I.a] * R[I.b]) & I.imm;
      ++ip;
      break;
    case Op::UDiv:
    case Op::URem: {
      uint64_t divisor = R[I.b];
      if (divisor == 0)
        BPOR_FAULT(ErrorKind::AssertionFailure,
                   "undefined behaviour: integer division by zero");
      R[I.dst] = I.op == Op::UDiv ? R[I.a] / divisor : R[I.a] % divisor;
      ++ip;
      break;
    }
    case Op::SDiv:
    case Op::SRem: {
      int64_t dividend = sext(R[I.a], I.bits), divisor = sext(R[I.b], I.bits);
      if (divisor == 0)
        BPOR_FAULT(ErrorKind::AssertionFailure,
                   "undefined behaviour: integer division by zero");
      if (divisor == -1 &&
          dividend == sext(uint64_t(1) << (I.bits - 1), I.bits))
        BPOR_FAULT(
            ErrorKind::AssertionFailure,
            "undefined behaviour: signed division overflow (INT_MIN / -1)");
      R[I.dst] =
          uint64_t(I.op == Op::SDiv ? dividend / divisor : dividend % divisor) &
          I.imm;
      ++ip;
      break;
    }
    case Op::Shl:
      R[I.dst] = R[I.b] >= I.bits ? 0 : (R[I.a] << R[I.b]) & I.imm;
      ++ip;
      break;
    case Op::LShr:
      R[I.dst] = R[I.b] >= I.bits ? 0 : R[I.a] >> R[I.b];
      ++ip;
      break;
    case Op::AShr: {
      uint64_t amount = R[I.b] >= I.bits ? I.bits - 1 : R[I.b];
      R[I.dst] = uint64_t(sext(R[I.a], I.bits) >> amount) & I.imm;
      ++ip;
      break;
    }
    case Op::And:
      R[I.dst] = R[I.a] & R[I.b];
      ++ip;
      break;
    case Op::Or:
      R[I.dst] = R[I.a] | R[I.b];
      ++ip;
      break;
    case Op::Xor:
      R[I.dst] = R[I.a] ^ R[I.b];
      ++ip;
      break;
    case Op::AddImm:
      R[I.dst] = R[I.a] + I.imm;
      ++ip;
      break;

    case Op::ICmpEq:
      R[I.dst] = R[I.a] == R[I.b];
      ++ip;
      break;
    case Op::ICmpNe:
      R[I.dst] = R[I.a] != R[I.b];
      ++ip;
      break;
    case Op::ICmpUlt:
      R[I.dst] = R[I.a] < R[I.b];
      ++ip;
      break;
    case Op::ICmpUle:
      R[I.dst] = R[I.a] <= R[I.b];
      ++ip;
      break;
    case Op::ICmpUgt:
      R[I.dst] = R[I.a] > R[I.b];
      ++ip;
      break;
    case Op::ICmpUge:
      R[I.dst] = R[I.a] >= R[I.b];
      ++ip;
      break;
    case Op::ICmpSlt:
      R[I.dst] = sext(R[I.a], I.bits) < sext(R[I.b], I.bits);
      ++ip;
      break;
    case Op::ICmpSle:
      R[I.dst] = sext(R[I.a], I.bits) <= sext(R[I.b], I.bits);
      ++ip;
      break;
    case Op::ICmpSgt:
      R[I.dst] = sext(R[I.a], I.bits) > sext(R[I.b], I.bits);
      ++ip;
      break;
    case Op::ICmpSge:
      R[I.dst] = sext(R[I.a], I.bits) >= sext(R[I.b], I.bits);
      ++ip;
      break;

    case Op::Trunc:
      R[I.dst] = R[I.a] & I.imm;
      ++ip;
      break;
    case Op::SExt:
      R[I.dst] = uint64_t(sext(R[I.a], I.bits)) & I.imm;
      ++ip;
      break;
    case Op::FPToSI: {
      double value = fpValue(R[I.a], I.c);
      // Out of range is poison in LLVM; avoid the host's undefined behaviour
      // and give 0.
      int64_t result =
          value > -9223372036854775808.0 - 1.0 && value < 9223372036854775808.0
              ? int64_t(value)
              : 0;
      R[I.dst] = uint64_t(result) & I.imm;
      ++ip;
      break;
    }
    case Op::FPToUI: {
      double value = fpValue(R[I.a], I.c);
      uint64_t result =
          value > -1.0 && value < 18446744073709551616.0 ? uint64_t(value) : 0;
      R[I.dst] = result & I.imm;
      ++ip;
      break;
    }
    case Op::SIToFP: {
      int64_t value = sext(R[I.a], I.bits);
      R[I.dst] = I.c ? fromDouble(double(value)) : fromFloat(float(value));
      ++ip;
      break;
    }
    case Op::UIToFP: {
      uint64_t value = R[I.a];
      R[I.dst] = I.c ? fromDouble(double(value)) : fromFloat(float(value));
      ++ip;
      break;
    }
    case Op::FPTrunc:
      R[I.dst] = floatbits::isNaN(R[I.a], true) ? floatbits::truncatedNaN(R[I.a])
                                                 : fromFloat(float(toDouble(R[I.a])));
      ++ip;
      break;
    case Op::FPExt:
      R[I.dst] = floatbits::isNaN(R[I.a], false) ? floatbits::extendedNaN(R[I.a])
                                                  : fromDouble(double(toFloat(R[I.a])));
      ++ip;
      break;

    case Op::FAdd:
      R[I.dst] = floatbits::withNaNRule(I.c ? fromDouble(toDouble(R[I.a]) + toDouble(R[I.b]))
                                            : fromFloat(toFloat(R[I.a]) + toFloat(R[I.b])),
                                        R[I.a], R[I.b], I.c);
      ++ip;
      break;
    case Op::FSub:
      R[I.dst] = floatbits::withNaNRule(I.c ? fromDouble(toDouble(R[I.a]) - toDouble(R[I.b]))
                                            : fromFloat(toFloat(R[I.a]) - toFloat(R[I.b])),
                                        R[I.a], R[I.b], I.c);
      ++ip;
      break;
    case Op::FMul:
      R[I.dst] = floatbits::withNaNRule(I.c ? fromDouble(toDouble(R[I.a]) * toDouble(R[I.b]))
                                            : fromFloat(toFloat(R[I.a]) * toFloat(R[I.b])),
                                        R[I.a], R[I.b], I.c);
      ++ip;
      break;
    case Op::FDiv:
      R[I.dst] = floatbits::withNaNRule(I.c ? fromDouble(toDouble(R[I.a]) / toDouble(R[I.b]))
                                            : fromFloat(toFloat(R[I.a]) / toFloat(R[I.b])),
                                        R[I.a], R[I.b], I.c);
      ++ip;
      break;
    case Op::FRem:
      R[I.dst] = I.c ? fromDouble(std::fmod(toDouble(R[I.a]), toDouble(R[I.b])))
                     : fromFloat(std::fmod(toFloat(R[I.a]), toFloat(R[I.b])));
      ++ip;
      break;
    case Op::FNeg:
      R[I.dst] = R[I.a] ^ (I.c ? uint64_t(1) << 63 : uint64_t(1) << 31);
      ++ip;
      break;
    case Op::FCmp:
      R[I.dst] = fcmp(I.flag, fpValue(R[I.a], I.c), fpValue(R[I.b], I.c));
      ++ip;
      break;

    case Op::Load: {
      Address address = R[I.a] + I.imm;
      bool unwritten = false;
      if (MemoryFault kind = memory.checkLoad(address, I.flag, unwritten);
          kind != MemoryFault::None)
        BPOR_MEMORY_FAULT(kind, address, I.flag, "load");
      if (unwritten) { // every byte of it: a partly written value is a copy with padding
        BPOR_SAVE_PC();
        handler_.readUnwritten(thread);
      }
      R[I.dst] = loadBytes(memory.host(address), I.flag);
      ++ip;
      break;
    }
    case Op::Store: {
      Address address = R[I.b] + I.imm;
      if (MemoryFault kind = memory.checkStore(address, I.flag);
          kind != MemoryFault::None)
        BPOR_MEMORY_FAULT(kind, address, I.flag, "store");
      storeBytes(memory.host(address), R[I.a], I.flag);
      ++ip;
      break;
    }
    case Op::Alloca: {
      uint64_t size = I.a == NoSlot ? I.imm : I.imm * R[I.a];
      Address address =
          memory.allocate(ObjectKind::Stack, size, 16, thread.threadId);
      if (address == 0)
        BPOR_FAULT(
            ErrorKind::ResourceLimit,
            fmt::format("stack allocation of {} bytes failed (memory limit)",
                        size));
      if (I.flag)
        memory.markUndefined(address, size);
      thread.allocas.push_back(address);
      R[I.dst] = address;
      ++ip;
      break;
    }
    case Op::Gep:
      R[I.dst] = R[I.a] + uint64_t(sext(R[I.b], I.bits)) * I.imm;
      ++ip;
      break;
    case Op::Memcpy:
    case Op::Memmove: {
      Address dst = R[I.a], src = R[I.b];
      uint64_t size = R[I.c];
      if (size != 0) {
        if (MemoryFault kind = memory.check(src, size, false);
            kind != MemoryFault::None)
          BPOR_MEMORY_FAULT(kind, src, size,
                            I.op == Op::Memcpy ? "memcpy read"
                                               : "memmove read");
        if (MemoryFault kind = memory.check(dst, size, true);
            kind != MemoryFault::None)
          BPOR_MEMORY_FAULT(kind, dst, size,
                            I.op == Op::Memcpy ? "memcpy write"
                                               : "memmove write");
        std::memmove(memory.host(dst), memory.host(src), size);
        memory.copyDefinedness(dst, src, size);
      }
      ++ip;
      break;
    }
    case Op::Memset: {
      Address dst = R[I.a];
      uint64_t size = R[I.c];
      if (size != 0) {
        if (MemoryFault kind = memory.check(dst, size, true);
            kind != MemoryFault::None)
          BPOR_MEMORY_FAULT(kind, dst, size, "memset");
        std::memset(memory.host(dst), int(R[I.b] & 0xff), size);
        memory.markDefined(dst, size);
      }
      ++ip;
      break;
    }
    case Op::StackSave:
      R[I.dst] = thread.allocas.size();
      ++ip;
      break;
    case Op::StackRestore: {
      size_t keep = std::max<size_t>(R[I.a], thread.frames.back().allocaBase);
      releaseAllocas(thread, keep);
      ++ip;
      break;
    }

    case Op::Ctlz:
      R[I.dst] = R[I.a] == 0
                     ? I.bits
                     : unsigned(std::countl_zero(R[I.a])) - (64 - I.bits);
      ++ip;
      break;
    case Op::Cttz:
      R[I.dst] = R[I.a] == 0 ? I.bits : unsigned(std::countr_zero(R[I.a]));
      ++ip;
      break;
    case Op::Ctpop:
      R[I.dst] = unsigned(std::popcount(R[I.a]));
      ++ip;
      break;
    case Op::Bswap:
      R[I.dst] = __builtin_bswap64(R[I.a]) >> (64 - I.bits);
      ++ip;
      break;
    case Op::Bitreverse:
      R[I.dst] = bitreverse(R[I.a], I.bits);
      ++ip;
      break;
    case Op::Fshl:
    case Op::Fshr: {
      uint64_t high = R[I.a], low = R[I.b], shift = R[I.c] % I.bits;
      uint64_t result;
      if (shift == 0)
        result = I.op == Op::Fshl ? high : low;
      else if (I.op == Op::Fshl)
        result = (high << shift) | (low >> (I.bits - shift));
      else
        result = (high << (I.bits - shift)) | (low >> shift);
      R[I.dst] = result & I.imm;
      ++ip;
      break;
    }
    case Op::SMin:
      R[I.dst] = sext(R[I.a], I.bits) < sext(R[I.b], I.bits) ? R[I.a] : R[I.b];
      ++ip;
      break;
    case Op::SMax:
      R[I.dst] = sext(R[I.a], I.bits) > sext(R[I.b], I.bits) ? R[I.a] : R[I.b];
      ++ip;
      break;
    case Op::UMin:
      R[I.dst] = R[I.a] < R[I.b] ? R[I.a] : R[I.b];
      ++ip;
      break;
    case Op::UMax:
      R[I.dst] = R[I.a] > R[I.b] ? R[I.a] : R[I.b];
      ++ip;
      break;
    case Op::Abs: {
      int64_t value = sext(R[I.a], I.bits);
      R[I.dst] =
          (value < 0 ? uint64_t(0) - uint64_t(value) : uint64_t(value)) & I.imm;
      ++ip;
      break;
    }
    case Op::SAddO:
    case Op::UAddO:
    case Op::SSubO:
    case Op::USubO:
    case Op::SMulO:
    case Op::UMulO:
      withOverflow(I.op, R[I.a], R[I.b], I.bits, I.imm, R + I.dst);
      ++ip;
      break;
    case Op::SAddSat:
    case Op::UAddSat:
    case Op::SSubSat:
    case Op::USubSat:
      R[I.dst] = saturating(I.op, R[I.a], R[I.b], I.bits, I.imm);
      ++ip;
      break;

    case Op::FAbs:
      R[I.dst] = R[I.a] & (I.c ? ~(uint64_t(1) << 63)
                               : ~(uint64_t(1) << 31) & 0xffffffffu);
      ++ip;
      break;
    case Op::Sqrt:
      R[I.dst] = floatbits::withNaNRule(I.c ? fromDouble(std::sqrt(toDouble(R[I.a])))
                                            : fromFloat(std::sqrt(toFloat(R[I.a]))),
                                        R[I.a], R[I.a], I.c);
      ++ip;
      break;
    case Op::Floor:
    case Op::Ceil:
    case Op::FTrunc:
    case Op::Round:
    case Op::RoundEven:
      R[I.dst] = roundedToIntegral(I.op, R[I.a], I.c);
      ++ip;
      break;
    case Op::FMin:
      R[I.dst] =
          fpSlot(std::fmin(fpValue(R[I.a], I.c), fpValue(R[I.b], I.c)), I.c);
      ++ip;
      break;
    case Op::FMax:
      R[I.dst] =
          fpSlot(std::fmax(fpValue(R[I.a], I.c), fpValue(R[I.b], I.c)), I.c);
      ++ip;
      break;
    case Op::CopySign:
      R[I.dst] = fpSlot(
          std::copysign(fpValue(R[I.a], I.c), fpValue(R[I.b], I.c)), I.c);
      ++ip;
      break;
    case Op::Fma:
      R[I.dst] = floatbits::withNaNRule(
          I.c ? fromDouble(std::fma(toDouble(R[I.a]), toDouble(R[I.b]), toDouble(R[I.imm])))
              : fromFloat(std::fma(toFloat(R[I.a]), toFloat(R[I.b]), toFloat(R[I.imm]))),
          R[I.a], R[I.b], R[I.imm], I.c);
      ++ip;
      break;

    case Op::FMath:
      R[I.dst] = I.c ? fromDouble(math(interp::MathFunction(I.flag),
                                       toDouble(R[I.a]), toDouble(R[I.b])))
                     : fromFloat(math(interp::MathFunction(I.flag),
                                      toFloat(R[I.a]), toFloat(R[I.b])));
      ++ip;
      break;
    case Op::FToIntRound: {
      double x = fpValue(R[I.a], I.c);
      double rounded = I.flag ? std::nearbyint(x) : std::round(x);
      int64_t result = rounded > -9223372036854775808.0 - 1.0 &&
                               rounded < 9223372036854775808.0
                           ? int64_t(rounded)
                           : 0;
      R[I.dst] = uint64_t(result) & I.imm;
      ++ip;
      break;
    }
    case Op::ExtractDyn: {
      uint64_t lane = R[I.b];
      R[I.dst] = lane < I.imm ? R[I.a + lane] : 0;
      ++ip;
      break;
    }
    case Op::InsertDyn: {
      uint64_t lane = R[I.b];
      Slot value = R[I.c];
      std::memmove(R + I.dst, R + I.a, size_t(I.imm) * sizeof(Slot));
      if (lane < I.imm)
        R[I.dst + lane] = value;
      ++ip;
      break;
    }

    case Op::VaStart: {
      // x86-64 va_list {i32 gp_offset, i32 fp_offset, ptr overflow_arg_area,
      // ptr reg_save_area} with both offsets "exhausted": every va_arg reads
      // the overflow area (pushFrame).
      Address list = R[I.a];
      if (MemoryFault kind = memory.check(list, 24, true);
          kind != MemoryFault::None)
        BPOR_MEMORY_FAULT(kind, list, 24, "va_start");
      uint8_t *host = memory.host(list);
      uint32_t gpOffset = 48, fpOffset = 176;
      uint64_t overflow = thread.frames.back().varargs, saveArea = 0;
      std::memcpy(host, &gpOffset, 4);
      std::memcpy(host + 4, &fpOffset, 4);
      std::memcpy(host + 8, &overflow, 8);
      std::memcpy(host + 16, &saveArea, 8);
      memory.markDefined(list, 24);
      ++ip;
      break;
    }
    case Op::VaCopy: {
      Address dst = R[I.a], src = R[I.b];
      if (MemoryFault kind = memory.check(src, 24, false);
          kind != MemoryFault::None)
        BPOR_MEMORY_FAULT(kind, src, 24, "va_copy read");
      if (MemoryFault kind = memory.check(dst, 24, true);
          kind != MemoryFault::None)
        BPOR_MEMORY_FAULT(kind, dst, 24, "va_copy write");
      std::memmove(memory.host(dst), memory.host(src), 24);
      memory.copyDefinedness(dst, src, 24);
      ++ip;
      break;
    }
    case Op::WideBinary:
      if (const char *error =
              wideBinary(I.flag, R + I.a, R + I.b, R + I.dst, I.bits))
        BPOR_FAULT(ErrorKind::AssertionFailure, error);
      ++ip;
      break;
    case Op::WideCompare:
      R[I.dst] = wideCompare(I.flag, R + I.a, R + I.b, I.bits);
      ++ip;
      break;
    case Op::WideExtend: {
      uint64_t low = R[I.a];
      uint64_t high = I.flag && (low >> (I.bits - 1)) & 1 ? ~uint64_t(0) : 0;
      R[I.dst] = I.flag ? uint64_t(sext(low, I.bits)) : low;
      R[I.dst + 1] = high & I.imm;
      ++ip;
      break;
    }
    case Op::WideTrunc: {
      Slot low = R[I.a], high = R[I.a + 1];
      R[I.dst] = low;
      R[I.dst + 1] = high & I.imm;
      ++ip;
      break;
    }
    case Op::BitcastBytes: {
      const uint64_t *table = function->extra.data() + I.imm;
      uint8_t bytes[256] = {};
      uint64_t numSource = table[1];
      const uint64_t *leaf = table + 2;
      for (uint64_t i = 0; i < numSource; ++i, leaf += 3)
        std::memcpy(bytes + leaf[1], &R[I.a + leaf[0]], leaf[2]);
      uint64_t numDest = *leaf++;
      Slot result[256];
      for (uint64_t i = 0; i < numDest; ++i, leaf += 3) {
        Slot value = 0;
        std::memcpy(&value, bytes + leaf[1], leaf[2]);
        result[leaf[0]] = value;
      }
      // Written after reading every source slot: the two may overlap only if
      // dst == a.
      std::copy_n(result, numDest, R + I.dst);
      ++ip;
      break;
    }
    case Op::NumOps:
      BPOR_FAULT(ErrorKind::Unsupported, "internal error: invalid bytecode");
    }
  }
#undef BPOR_RELOAD
#undef BPOR_SAVE_PC
#undef BPOR_FAULT
#undef BPOR_MEMORY_FAULT
#undef BPOR_BRANCH
}

template RunResult Interpreter::runLoop<false>(ThreadState &thread);
template RunResult Interpreter::runLoop<true>(ThreadState &thread);

} // namespace bpor
