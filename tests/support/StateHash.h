// Canonical hashes of the states an explorer reaches (design.md, "Validation").
//
// A thread's local state (Definition 2.1, dissertation) after event e is e together with every
// event that happens before it. Each event gets the tuple (canonical thread, index within the
// thread, operation, location, value, vector clock) hashed to 64 bits, and a set of events is
// hashed as the sum of its tuple hashes, so every interleaving of one partial order gives the
// same hash. Threads are named canonically by their creation path (the k-th child of the
// j-th child of main...), which does not depend on the schedule, unlike Model's numbering.
#pragma once

#include "checker/Explorer.h"

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

/// The local-state hash of each event of `events`, in order.
std::vector<uint64_t> localStateHashes(const std::vector<Operation> &events);
/// The hash of the state reached by `events` (all of them).
uint64_t globalStateHash(const std::vector<Operation> &events);

} // namespace bpor::testing
