// The state key (Model::stateKey) is canonical: every interleaving of one Mazurkiewicz trace
// reaches the same key. The stateful search, the livelock check and the unfolding's cutoffs
// match states by key, so a key that depended on the schedule (an object named by a global
// allocation counter, a thread numbered in schedule order) would make them explore one state
// twice at best and, with partial-order reduction, miss states at worst.
#pragma once

#include "tests/pipeline/PipelineValidation.h"

namespace bpor::testing {

struct CanonicalKeysOptions {
  /// Paths of the exhaustive enumeration before the program is skipped as too big.
  uint64_t maxExecutions = 3000;
};

/// Enumerates every schedule and data choice of `program` (through the real pipeline), names
/// each state reached by the trace of the path to it (checker/StateHash's sum of event hashes,
/// each event with its happens-before past) and requires every path to one trace to reach one
/// key. PipelineCheck::referenceExecutions counts the states reached by more than one
/// interleaving, which is what the check compares.
PipelineCheck checkCanonicalKeys(const CProgram &program, const CanonicalKeysOptions &options = {});

} // namespace bpor::testing
