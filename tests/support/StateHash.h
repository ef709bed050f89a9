// The state sets a search reaches, for the validation of the explorers (docs/design.md,
// "Validation"); the hashes themselves are checker/StateHash.h.
#pragma once

#include "checker/Explorer.h"
#include "checker/StateHash.h"

#include <cstdint>
#include <set>
#include <vector>

namespace bpor::testing {

/// The states reached by one search.
struct ReachedStates {
  std::set<uint64_t> local;    // every local state of every thread along every execution
  std::set<uint64_t> terminal; // final states of finished executions
  std::set<uint64_t> deadlock; // final states of deadlocked executions

  /// Adds the states of one explored execution (an ExecutionObserver).
  void add(const std::vector<Operation> &events, ExecutionEnd end);
  ExecutionObserver observer() {
    return [this](const std::vector<Operation> &events, ExecutionEnd end) { add(events, end); };
  }
};

} // namespace bpor::testing
