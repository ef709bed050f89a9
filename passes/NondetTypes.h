//===- NondetTypes.h - The result types of __VERIFIER_nondet_<type> ------===//
#ifndef BPOR_PASSES_NONDETTYPES_H
#define BPOR_PASSES_NONDETTYPES_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace bpor::passes {

/// What __bpor_nondet(bits, is_signed, loc) is asked for (runtime/bpor_abi.h).
struct NondetType {
  uint32_t Bits;
  bool IsSigned;
};

inline constexpr llvm::StringLiteral NondetPrefix = "__VERIFIER_nondet_";

/// The type of __VERIFIER_nondet_<Suffix>() on x86-64 Linux (LP64, signed
/// char), or nullopt for suffixes the checker does not support (float and
/// double: their values are not a small integer domain).
std::optional<NondetType> nondetTypeFor(llvm::StringRef Suffix);

} // namespace bpor::passes

#endif
