//===- AssumedValues.h - The values of a nondet input its assumption allows -===//
//
// `int i = __VERIFIER_nondet_int(); assume_abort_if_not(0 <= i && i < 4); use(slot[i]);`
// A value outside [0, 4) ends its execution at the assumption, before anything but the
// assumption has looked at it; a value inside goes on. Up to that point both executions do
// the same (only the input differs, and nothing has read it), so whatever an execution of an
// outside value can reach, an execution of an inside value reaches too, with this thread held
// back before its next visible step. Drawing only the allowed values {0, 1, 2, 3} therefore
// covers every behaviour of the input: a plain-values search is complete for it, where the
// plain draw ({-1, 0, 1} by default) is not and misses slots 2 and 3.
//
// The rule, checked on the IR after SROA and mem2reg. From the nondet call, walk forward once
// for each class of values the walk's comparisons cannot tell apart (NondetDomain.h's arcs;
// the cuts come from every comparison and switch of the input or of its extension):
//  - What the walk may compute from the input: comparisons of the input, or of its sign or
//    zero extension, with constants; and any arithmetic, logic, cast, select or phi over the
//    answers of those comparisons and constants (constant-folded). So every instruction the
//    walk evaluates answers alike for all values of one arc, and one walk decides the arc.
//  - Control: unconditional branches, and branches and switches on computed values. Before
//    the first branch on a computed value, instructions that do not use the input run alike
//    for every value and are stepped over; after it (the values' paths have parted), only
//    instructions without effects are (no memory access, nothing that may fail), so that no
//    value does anything visible the others do not.
//  - An arc *fails* where its walk ends silently: __VERIFIER_assume of zero (its thread stops,
//    the execution is dropped or goes on without it), or abort() where abort is no violation
//    (SV-COMP's properties; elsewhere abort is an error and ends nothing silently). A call of
//    a function whose body the walk can follow to a return or a silent end, with arguments
//    computed from the input (assume_abort_if_not), is walked through.
//  - Any other arc stops at the first instruction the walk cannot take: the *frontier*. Every
//    arc that does not fail must stop at the same frontier, and every use of the input and of
//    the values computed from it must be one the walk took or come after the frontier
//    (dominated by it): only allowed values reach those.
//  - The allowed values (the arcs that do not fail) number at most MaxAssumedValues, and at
//    least one arc fails (else nothing is restricted).
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/IR/InstrTypes.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace bpor::passes {

/// At most this many values are drawn for one input: each is a branch of the search.
inline constexpr uint64_t MaxAssumedValues = 16;

/// What ends an execution silently (no violation) where the assumption fails.
struct SilentEnds {
  /// abort() is no violation (SV-COMP): a failed assume_abort_if_not ends silently.
  bool Abort = false;
};

/// The values of the nondet call `Nondet` (an integer result of at most 64 bits) that its
/// assumption lets through, sorted as W-bit patterns zero-extended; nullopt unless the rule
/// above holds.
std::optional<std::vector<uint64_t>> assumedValues(const llvm::CallBase &Nondet,
                                                   const SilentEnds &Ends);

} // namespace bpor::passes
