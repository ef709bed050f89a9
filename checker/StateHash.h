// Canonical hashes of the states an execution reaches: the "unique local states" statistic of
// the dissertation's experiments (chapter 8) and the state sets the validation compares
// (docs/design.md, "Validation").
//
// A thread's local state (Definition 2.1, dissertation) after event e is e together with every
// event that happens before it. Each event gets the tuple (canonical thread, index within the
// thread, operation, location, value, vector clock) hashed to 64 bits, and a set of events is
// hashed as the sum of its tuple hashes, so every interleaving of one partial order gives the
// same hash. Threads are named canonically by their creation path (the k-th child of the
// j-th child of main...), which does not depend on the schedule, unlike Model's numbering.
#pragma once

#include "core/Model.h"

#include <cstdint>
#include <vector>

namespace bpor {

struct ExecutionHashes {
  std::vector<uint64_t> eventHash; // tuple hash per event
  std::vector<uint64_t> localHash; // local state of its thread after each event
  uint64_t globalHash = 0;         // the state after the whole execution
};

ExecutionHashes hashExecution(const std::vector<Operation> &events);

/// The local-state hash of each event of `events`, in order.
std::vector<uint64_t> localStateHashes(const std::vector<Operation> &events);
/// The hash of the state reached by `events` (all of them).
uint64_t globalStateHash(const std::vector<Operation> &events);

} // namespace bpor
