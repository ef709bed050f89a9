// What a nondet result is: the `is_signed` argument of __bpor_nondet and __bpor_nondet_among
// (runtime/bpor_abi.h), written by the instrumentation (passes/CallRouter.cpp) and read by the
// runtime, the traces and the witnesses.
#pragma once

#include <cstdint>

namespace bpor {

enum class NondetKind : uint32_t {
  Unsigned = 0,
  Signed = 1,
  /// The bits of a float (32) or a double (64): every value of the type, NaNs and infinities
  /// included, where the values are symbolic; the domain's integers converted where they are
  /// plain values.
  FloatBits = 2,
};

/// A nondet draw's type in one byte, as a trace keeps it (Operation::detail): its kind and its
/// width, 1 to 64 bits. 0 is no type (a symbolic input's event shows its value elsewhere).
constexpr uint8_t nondetDetail(NondetKind kind, uint32_t bits) {
  return uint8_t(uint32_t(kind) * 65 + (bits > 64 ? 64 : bits));
}
constexpr NondetKind nondetKindOf(uint8_t detail) { return NondetKind(detail / 65); }
constexpr uint32_t nondetBitsOf(uint8_t detail) { return detail % 65; }

} // namespace bpor
