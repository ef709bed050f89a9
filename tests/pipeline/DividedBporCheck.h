// The validation of BPOR divided among workers (checker/parallel/DivisibleSearch.h,
// divisibleBpor; docs/design.md, "BPOR: a split at a depth") on one C program through the real
// pipeline, at several bounds and split depths:
// - exact: the split on 2 and 3 workers explores exactly the executions the same split
//   explores on one worker that claims every unit (each execution's trace and how it ended, as
//   often as there), with the same errors; a unit skipped or explored twice fails it;
// - complete for the bound: that split tree finds what BPOR alone finds at the bound (local
//   states, deadlock states, errors: BPOR's promise, the same as plain bounded search's).
#pragma once

#include "tools/bporcheck/ModelFactory.h"

#include <cstdint>
#include <string>
#include <vector>

namespace bpor::testing {

struct DividedBporCheck {
  unsigned divided = 0;    // runs in which the split made units for several workers
  unsigned notCompared = 0; // runs stopped at the execution limit
};

/// Checks `built`'s program (three models of it are made) at the preemption bounds 0, 1, 2 and
/// the context bounds 1, 2, split at depths 1, 3 and 6; a search is stopped after
/// `maxExecutions` and then not compared. Appends what differs to `mismatches`.
DividedBporCheck checkDividedBpor(tool::BuiltModel &built, uint64_t maxExecutions,
                                  std::vector<std::string> &mismatches);

} // namespace bpor::testing
