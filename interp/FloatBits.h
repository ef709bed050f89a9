// The bits of floating-point results, as the interpreter defines them whatever the host.
//
// Arithmetic is IEEE 754 binary32 or binary64 with rounding to nearest, ties to even. Where a
// result is a NaN, IEEE leaves its bits open and hosts differ (x86 gives a negative default NaN,
// ARM a positive one, and which operand's payload survives depends on the order the compiler
// gave the operands); the interpreter fixes them to one rule, x86's SSE rule: the first operand
// that is a NaN, made quiet, else the default NaN (sign and quiet bit set). Conversions between
// float and double keep a NaN's sign and the high bits of its payload, quiet. The symbolic
// encoding of the same operations (symbolic/FloatExpressions.cpp) follows these rules exactly,
// so that a slot's concrete value is always its expression's value in the model.
#pragma once

#include <cstdint>

namespace bpor::floatbits {

/// binary64 when `isDouble`, else binary32 (held in the low 32 bits of a slot).
inline constexpr unsigned significandBits(bool isDouble) { return isDouble ? 52 : 23; }
inline constexpr uint64_t signBit(bool isDouble) {
  return isDouble ? uint64_t(1) << 63 : uint64_t(1) << 31;
}
inline constexpr uint64_t quietBit(bool isDouble) {
  return uint64_t(1) << (significandBits(isDouble) - 1);
}
inline constexpr uint64_t exponentMask(bool isDouble) {
  return isDouble ? uint64_t(0x7ff) << 52 : uint64_t(0xff) << 23;
}
inline constexpr uint64_t significandMask(bool isDouble) {
  return (uint64_t(1) << significandBits(isDouble)) - 1;
}
inline constexpr uint64_t defaultNaN(bool isDouble) {
  return signBit(isDouble) | exponentMask(isDouble) | quietBit(isDouble);
}

inline constexpr bool isNaN(uint64_t bits, bool isDouble) {
  return (bits & exponentMask(isDouble)) == exponentMask(isDouble) &&
         (bits & significandMask(isDouble)) != 0;
}

/// The NaN an arithmetic operation on `a` and `b` gives when its result is a NaN.
inline constexpr uint64_t arithmeticNaN(uint64_t a, uint64_t b, bool isDouble) {
  return isNaN(a, isDouble)   ? a | quietBit(isDouble)
         : isNaN(b, isDouble) ? b | quietBit(isDouble)
                              : defaultNaN(isDouble);
}

/// `result` of an arithmetic operation on `a` and `b`, its NaN bits fixed by the rule above.
inline constexpr uint64_t withNaNRule(uint64_t result, uint64_t a, uint64_t b, bool isDouble) {
  return isNaN(result, isDouble) ? arithmeticNaN(a, b, isDouble) : result;
}

/// The same for a fused multiply-add a * b + c.
inline constexpr uint64_t withNaNRule(uint64_t result, uint64_t a, uint64_t b, uint64_t c,
                                      bool isDouble) {
  if (!isNaN(result, isDouble))
    return result;
  return isNaN(a, isDouble) || isNaN(b, isDouble) ? arithmeticNaN(a, b, isDouble)
                                                  : arithmeticNaN(c, c, isDouble);
}

/// A double NaN made float: its sign, the high 23 bits of its payload, quiet.
inline constexpr uint64_t truncatedNaN(uint64_t doubleBits) {
  return ((doubleBits >> 63) << 31) | exponentMask(false) |
         ((doubleBits & significandMask(true)) >> 29) | quietBit(false);
}

/// A float NaN made double: its sign, its payload in the high bits, quiet.
inline constexpr uint64_t extendedNaN(uint64_t floatBits) {
  return (((floatBits >> 31) & 1) << 63) | exponentMask(true) |
         ((floatBits & significandMask(false)) << 29) | quietBit(true);
}

} // namespace bpor::floatbits
