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

} // namespace bpor
