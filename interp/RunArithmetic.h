// The arithmetic behind the run loop's operations (interp/Run.cpp): loads and stores of a
// width, float compares, the overflow and saturating intrinsics, libm functions, two-slot
// integers. Included by Run.cpp only, into an anonymous namespace as if written there, so that
// the compiler sees them as local to the hot loop's translation unit and inlines them alike.
#pragma once

#include "interp/Bytecode.h"
#include "interp/FloatBits.h"
#include "memory/Memory.h"

#include <llvm/IR/InstrTypes.h>
#include <llvm/IR/Instruction.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>

namespace bpor {
namespace {

using interp::Op;

inline int64_t sext(uint64_t value, unsigned bits) {
  unsigned shift = 64 - bits;
  return int64_t(value << shift) >> shift;
}
inline float toFloat(Slot slot) { return std::bit_cast<float>(uint32_t(slot)); }
inline double toDouble(Slot slot) { return std::bit_cast<double>(slot); }
inline Slot fromFloat(float value) { return std::bit_cast<uint32_t>(value); }
inline Slot fromDouble(double value) { return std::bit_cast<uint64_t>(value); }
inline double fpValue(Slot slot, bool isDouble) {
  return isDouble ? toDouble(slot) : double(toFloat(slot));
}
inline Slot fpSlot(double value, bool isDouble) {
  return isDouble ? fromDouble(value) : fromFloat(float(value));
}

/// floor, ceil, trunc, round (ties away from zero) and roundeven (rint, nearbyint: the default
/// mode) of a float or double: exact through a double for a float too; a NaN comes back as the
/// operand made quiet (floatbits::withNaNRule), as symbolic/FloatExpressions.cpp states it.
inline Slot roundedToIntegral(Op op, Slot a, bool isDouble) {
  double x = fpValue(a, isDouble);
  double r = op == Op::Floor    ? std::floor(x)
             : op == Op::Ceil   ? std::ceil(x)
             : op == Op::FTrunc ? std::trunc(x)
             : op == Op::Round  ? std::round(x)
                                : std::nearbyint(x);
  return floatbits::withNaNRule(fpSlot(r, isDouble), a, a, isDouble);
}

inline Slot loadBytes(const uint8_t *host, unsigned size) {
  switch (size) {
  case 1:
    return *host;
  case 2: {
    uint16_t value;
    std::memcpy(&value, host, 2);
    return value;
  }
  case 4: {
    uint32_t value;
    std::memcpy(&value, host, 4);
    return value;
  }
  case 8: {
    uint64_t value;
    std::memcpy(&value, host, 8);
    return value;
  }
  default: {
    uint64_t value = 0;
    std::memcpy(&value, host, size);
    return value;
  }
  }
}

inline void storeBytes(uint8_t *host, Slot value, unsigned size) {
  switch (size) {
  case 1:
    *host = uint8_t(value);
    return;
  case 2: {
    uint16_t narrow = uint16_t(value);
    std::memcpy(host, &narrow, 2);
    return;
  }
  case 4: {
    uint32_t narrow = uint32_t(value);
    std::memcpy(host, &narrow, 4);
    return;
  }
  default:
    std::memcpy(host, &value, size);
    return;
  }
}

bool fcmp(unsigned predicate, double a, double b) {
  bool unordered = std::isnan(a) || std::isnan(b);
  switch (predicate) {
  case 0:
    return false; // false
  case 1:
    return !unordered && a == b; // oeq
  case 2:
    return !unordered && a > b; // ogt
  case 3:
    return !unordered && a >= b; // oge
  case 4:
    return !unordered && a < b; // olt
  case 5:
    return !unordered && a <= b; // ole
  case 6:
    return !unordered && a != b; // one
  case 7:
    return !unordered; // ord
  case 8:
    return unordered; // uno
  case 9:
    return unordered || a == b; // ueq
  case 10:
    return unordered || a > b; // ugt
  case 11:
    return unordered || a >= b; // uge
  case 12:
    return unordered || a < b; // ult
  case 13:
    return unordered || a <= b; // ule
  case 14:
    return unordered || a != b; // une
  default:
    return true; // true
  }
}

uint64_t bitreverse(uint64_t value, unsigned bits) {
  uint64_t result = 0;
  for (unsigned i = 0; i < 64; ++i)
    result |= ((value >> i) & 1) << (63 - i);
  return result >> (64 - bits);
}

/// The overflow intrinsics on an exact (128-bit) result.
void withOverflow(Op op, uint64_t a, uint64_t b, unsigned bits, uint64_t mask,
                  Slot *out) {
  __int128 exact = 0;
  bool isSigned = op == Op::SAddO || op == Op::SSubO || op == Op::SMulO;
  __int128 x = isSigned ? __int128(sext(a, bits)) : __int128(a);
  __int128 y = isSigned ? __int128(sext(b, bits)) : __int128(b);
  switch (op) {
  case Op::SAddO:
  case Op::UAddO:
    exact = x + y;
    break;
  case Op::SSubO:
  case Op::USubO:
    exact = x - y;
    break;
  default:
    exact = x * y;
    break;
  }
  uint64_t truncated = uint64_t(exact) & mask;
  __int128 back =
      isSigned ? __int128(sext(truncated, bits)) : __int128(truncated);
  out[0] = truncated;
  out[1] = back != exact;
}

uint64_t saturating(Op op, uint64_t a, uint64_t b, unsigned bits,
                    uint64_t mask) {
  if (op == Op::SAddSat || op == Op::SSubSat) {
    __int128 exact = op == Op::SAddSat
                         ? __int128(sext(a, bits)) + sext(b, bits)
                         : __int128(sext(a, bits)) - sext(b, bits);
    __int128 max = (__int128(1) << (bits - 1)) - 1,
             min = -(__int128(1) << (bits - 1));
    if (exact > max)
      exact = max;
    if (exact < min)
      exact = min;
    return uint64_t(exact) & mask;
  }
  if (op == Op::UAddSat) {
    unsigned __int128 exact = (unsigned __int128)a + b;
    return exact > mask ? mask : uint64_t(exact);
  }
  return a < b ? 0 : a - b;
}

/// The libm function behind an FMath op, in the operand's own precision.
template <typename T> T math(interp::MathFunction function, T x, T y) {
  switch (function) {
  case interp::MathExp:
    return std::exp(x);
  case interp::MathExp2:
    return std::exp2(x);
  case interp::MathLog:
    return std::log(x);
  case interp::MathLog2:
    return std::log2(x);
  case interp::MathLog10:
    return std::log10(x);
  case interp::MathSin:
    return std::sin(x);
  case interp::MathCos:
    return std::cos(x);
  case interp::MathPow:
    return std::pow(x, y);
  }
  return x;
}

using u128 = unsigned __int128;
using s128 = __int128;

inline u128 wideValue(const Slot *slots) {
  return u128(slots[0]) | (u128(slots[1]) << 64);
}
inline s128 wideSigned(const Slot *slots, unsigned bits) {
  unsigned shift = 128 - bits;
  return s128(wideValue(slots) << shift) >> shift;
}
inline void setWide(Slot *slots, u128 value, unsigned bits) {
  if (bits < 128)
    value &= (u128(1) << bits) - 1;
  slots[0] = uint64_t(value);
  slots[1] = uint64_t(value >> 64);
}

bool wideCompare(unsigned predicate, const Slot *a, const Slot *b,
                 unsigned bits) {
  u128 x = wideValue(a), y = wideValue(b);
  s128 sx = wideSigned(a, bits), sy = wideSigned(b, bits);
  switch (predicate) {
  case llvm::CmpInst::ICMP_EQ:
    return x == y;
  case llvm::CmpInst::ICMP_NE:
    return x != y;
  case llvm::CmpInst::ICMP_ULT:
    return x < y;
  case llvm::CmpInst::ICMP_ULE:
    return x <= y;
  case llvm::CmpInst::ICMP_UGT:
    return x > y;
  case llvm::CmpInst::ICMP_UGE:
    return x >= y;
  case llvm::CmpInst::ICMP_SLT:
    return sx < sy;
  case llvm::CmpInst::ICMP_SLE:
    return sx <= sy;
  case llvm::CmpInst::ICMP_SGT:
    return sx > sy;
  default:
    return sx >= sy;
  }
}

/// A two-slot binary operation; returns an error message for undefined
/// behaviour.
const char *wideBinary(unsigned opcode, const Slot *a, const Slot *b, Slot *out,
                       unsigned bits) {
  u128 x = wideValue(a), y = wideValue(b);
  s128 sx = wideSigned(a, bits), sy = wideSigned(b, bits);
  // The most negative value of the width (for 128 bits not a negation: that would overflow).
  s128 min = bits >= 128 ? s128(u128(1) << 127) : -(s128(1) << (bits - 1));
  u128 result = 0;
  switch (opcode) {
  case llvm::Instruction::Add:
    result = x + y;
    break;
  case llvm::Instruction::Sub:
    result = x - y;
    break;
  case llvm::Instruction::Mul:
    result = x * y;
    break;
  case llvm::Instruction::And:
    result = x & y;
    break;
  case llvm::Instruction::Or:
    result = x | y;
    break;
  case llvm::Instruction::Xor:
    result = x ^ y;
    break;
  case llvm::Instruction::Shl:
    result = y >= bits ? 0 : x << unsigned(y);
    break;
  case llvm::Instruction::LShr:
    result = y >= bits ? 0 : x >> unsigned(y);
    break;
  case llvm::Instruction::AShr:
    result = u128(sx >> unsigned(y >= bits ? bits - 1 : y));
    break;
  case llvm::Instruction::UDiv:
  case llvm::Instruction::URem:
    if (y == 0)
      return "undefined behaviour: integer division by zero";
    result = opcode == llvm::Instruction::UDiv ? x / y : x % y;
    break;
  default: // SDiv, SRem
    if (sy == 0)
      return "undefined behaviour: integer division by zero";
    if (sy == -1 && sx == min)
      return "undefined behaviour: signed division overflow (INT_MIN / -1)";
    result = u128(opcode == llvm::Instruction::SDiv ? sx / sy : sx % sy);
    break;
  }
  setWide(out, result, bits);
  return nullptr;
}

} // namespace

} // namespace bpor
