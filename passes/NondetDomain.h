//===- NondetDomain.h - The values of a nondet input the program can tell apart -===//
//
// A __VERIFIER_nondet_int() whose result the program only compares with constants
// (`if (__VERIFIER_nondet_int())`, `switch (__VERIFIER_nondet_int()) { case 1: ... }`, `x < 5`)
// cannot behave differently for two values that every one of those comparisons answers alike.
// One value of each such class covers every behaviour, so a plain-values search that draws
// exactly those is complete for the input, however wide its type. A value stored into a global
// is seen again only where the global is loaded, if every access to the global is a whole load
// or store: then the loads' uses are the value's uses.
//
// The classes: put the 2^W values of the W-bit type on a circle. A comparison `v op c` changes
// its answer only between c - 1 and c, between c and c + 1, and, for a relational predicate,
// where its order wraps (between -1 and 0 unsigned, between INT_MAX and INT_MIN signed). So each
// class is a union of arcs between consecutive such cuts, and every arc starts at c or c + 1 of
// some constant c, at 0 (when an unsigned relation is used) or at INT_MIN (a signed one): those
// points are the representatives. A comparison of the value's sign- or zero-extension (C's
// integer promotion of a char or short) adds 0 and INT_MIN of the narrow type, where the
// extension jumps, and the low bits of its constant.
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"

#include <cstdint>
#include <optional>
#include <set>
#include <vector>

namespace bpor::passes {

/// The arc starts (above) of the comparisons of one W-bit value with constants: where some
/// comparison may change its answer, so that every class of values they cannot tell apart
/// begins at one of them.
class ValueCuts {
public:
  explicit ValueCuts(unsigned Width);

  /// `value op C` (either operand order), or `ext(value) op C` (then C's low bits count).
  void addComparison(const llvm::ICmpInst &Compare, const llvm::ConstantInt &C);
  /// A switch case on the value (or its extension).
  void addCase(const llvm::ConstantInt &C) { addConstant(C); }
  /// The value is sign- or zero-extended: the extension jumps at 0 and at INT_MIN.
  void addExtension();

  /// The starts, sorted as W-bit patterns; empty if nothing compares the value.
  std::vector<uint64_t> starts() const { return {Starts.begin(), Starts.end()}; }
  uint64_t mask() const { return Mask; }

private:
  void addConstant(const llvm::ConstantInt &C);

  uint64_t Mask;
  uint64_t SignedMin;
  std::set<uint64_t> Starts;
};

/// One value of each class of results that the program's uses of `Result` (an integer of at
/// most 64 bits) cannot tell apart, sorted, each as the W-bit pattern zero-extended; nullopt if
/// some use is not a comparison with a constant, directly, after one extension, through a phi
/// or select, where a function that returns it is called directly, or where a global it is
/// stored into is loaded (a global only loaded and stored whole); arithmetic, a call argument,
/// a store elsewhere ... keep the plain draw.
std::optional<std::vector<uint64_t>> observedValueClasses(const llvm::Value &Result);

} // namespace bpor::passes
