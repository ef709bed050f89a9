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
/// char), or nullopt for suffixes the checker does not know. The call's own
/// result type decides the width where it is an integer (long is 32 bits in an
/// ILP32 program); float and double take the domain's values converted.
std::optional<NondetType> nondetTypeFor(llvm::StringRef Suffix);

} // namespace bpor::passes

#endif
