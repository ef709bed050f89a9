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
      .Cases("pointer", "u64", Result(NondetType{64, false}))
      .Case("u8", Result(NondetType{8, false}))
      .Case("u16", Result(NondetType{16, false}))
      .Default(std::nullopt);
}

} // namespace bpor::passes
