//===- NondetTypes.cpp - The result types of __VERIFIER_nondet_<type> ----===//
#include "passes/NondetTypes.h"

#include "llvm/ADT/StringSwitch.h"

namespace bpor::passes {

std::optional<NondetType> nondetTypeFor(llvm::StringRef Suffix) {
  using Result = std::optional<NondetType>;
  return llvm::StringSwitch<Result>(Suffix)
      .Cases("bool", "_Bool", Result(NondetType{1, false}))
      .Case("char", Result(NondetType{8, true}))
      .Case("uchar", Result(NondetType{8, false}))
      .Case("short", Result(NondetType{16, true}))
      .Case("ushort", Result(NondetType{16, false}))
      .Case("int", Result(NondetType{32, true}))
      .Cases("uint", "unsigned", "u32", Result(NondetType{32, false}))
      .Cases("long", "longlong", "loff_t", Result(NondetType{64, true}))
      .Cases("ulong", "ulonglong", "size_t", Result(NondetType{64, false}))
      .Cases("pointer", "pchar", "u64", Result(NondetType{64, false}))
      .Cases("pthread_t", "sector_t", Result(NondetType{64, false}))
      .Case("int128", Result(NondetType{128, true}))
      .Case("uint128", Result(NondetType{128, false}))
      // Floating point: every value's bits where values are symbolic, else the domain's integer
      // values converted (-1.0, 0.0, 1.0 by default; core/NondetKind.h).
      .Case("float", Result(NondetType{32, true}))
      .Case("double", Result(NondetType{64, true}))
      .Case("u8", Result(NondetType{8, false}))
      .Case("u16", Result(NondetType{16, false}))
      .Default(std::nullopt);
}

} // namespace bpor::passes
