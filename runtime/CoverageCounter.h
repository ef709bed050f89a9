// The coverage gaps an Execution counts (CoverageGaps.h) over its whole life (restarts and
// restores do not reset them), and the rule for the places that count.
//
// A load of bytes never written and an atomic access whose order is weaker than seq_cst count
// only in the program's own code. Library code is trusted with the bytes it reads and with its
// memory orders: code without a source place (the support libraries, built without debug
// information) and code from system headers (libstdc++'s templates) read indeterminate bytes of
// the objects they manage as a matter of course (a string's unused inline buffer, an
// out-parameter a wait loop has not set yet), and libstdc++'s reference counts and waits use
// acquire, release and relaxed orders correctly: counting them would make every C++ program
// incomplete. An order a caller chose through std::atomic's interface (bpor_abi.h) is the
// program's.
#pragma once

#include "runtime/CoverageGaps.h"
#include "runtime/LocationTable.h"

#include <cstdint>

namespace bpor::runtime {

class CoverageCounter {
public:
  const CoverageGaps &gaps() const { return gaps_; }
  /// This model's gaps with `ownSolverUnknowns`, its solver's undecided conditions, added.
  CoverageGaps own(uint64_t ownSolverUnknowns) const {
    CoverageGaps gaps = gaps_;
    gaps.solverUnknowns = solverUnknowns(ownSolverUnknowns);
    return gaps;
  }
  /// Undecided conditions: this model's solver's, and those of the models added.
  uint64_t solverUnknowns(uint64_t ownSolverUnknowns) const {
    return gaps_.solverUnknowns + ownSolverUnknowns;
  }
  /// The gaps of another model of the same program (a parallel search's worker, a distributed
  /// search's rank).
  void add(const CoverageGaps &other) { gaps_.add(other); }

  /// The symbolic part counts its concretised values here (SymbolicData::enable).
  std::array<uint64_t, size_t(Concretisation::NumKinds)> &concretised() {
    return gaps_.concretised;
  }
  void countPartialNondetDraw() { ++gaps_.partialNondetDraws; }
  void countWithheldWakeup() { ++gaps_.spuriousWakeupsWithheld; }
  void countFixedRandomValue() { ++gaps_.fixedRandomValues; }
  void countAllocationAssumedToSucceed() { ++gaps_.allocationsAssumedToSucceed; }
  /// A load of never-written bytes at `location` by the thread in `state`, unless library code.
  void countUndefinedRead(const LocationTable &locations, const ThreadState &state,
                          uint32_t location);
  /// An atomic access at `location` with an order weaker than seq_cst, unless library code chose
  /// the order (`callersOrder`: a function of std::atomic's interface, whose order its caller
  /// chose).
  void countWeakOrder(const LocationTable &locations, const ThreadState &state, uint32_t location,
                      bool callersOrder);

private:
  CoverageGaps gaps_;
};

} // namespace bpor::runtime
