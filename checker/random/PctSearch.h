// Random testing with probabilistic concurrency testing (PCT; Burckhardt, Kothari, Musuvathi,
// Nagarakatte, ASPLOS 2010): each execution gives the threads random distinct priorities, always
// runs the enabled thread of highest priority, and at d - 1 random steps lowers the running
// thread's priority below all others. A bug of depth d (d ordering constraints) is found by
// one execution with probability at least 1 / (n k^(d-1)) for n threads and k steps. It covers
// nothing exhaustively: a bug hunt, and the baseline practitioners use (issue 14).
#pragma once

#include "checker/Explorer.h"

#include <cstdint>

namespace bpor {

struct PctOptions {
  /// d: the bug depth aimed at (d - 1 priority change points per execution).
  unsigned depth = 3;
  /// Seed of the random choices; the same seed gives the same executions.
  uint64_t seed = 1;
  /// Steps an execution is expected to take (k), where the change points are drawn from;
  /// grown to the longest execution seen.
  uint64_t expectedSteps = 100;
};

/// Runs random executions until an error (or with keepGoing, the limits), within
/// SearchOptions' maxExecutions, timeLimitSeconds and maxDepth. The result is never complete.
SearchResult explorePct(Model &model, const SearchOptions &options, const PctOptions &pct);

} // namespace bpor
