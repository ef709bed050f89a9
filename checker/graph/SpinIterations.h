// The iteration of a spin loop (or of an update loop, passes/SpinLoopPass.h) that a thread
// stands at the back edge of (docs/weak-memory.md, "Spin loops"): its events are the `count`
// events of thread t in g before index `end` (the yield's Operation::value says how many the
// iteration made). The search and its oracle judge them alike.
#pragma once

#include "checker/graph/Graph.h"

#include <cstddef>

namespace bpor::graph {

/// Whether the iteration changed nothing: no write, and each update wrote the value it read (a
/// compare-and-swap that failed is a read; an exchange of 1 that read 1 is such an update).
/// Only then is its back edge an await; otherwise the loop goes round.
bool iterationChangesNothing(const Graph &g, ThreadId t, size_t end, size_t count);

/// Whether each read of the iteration read the latest write of its location: for an update, that
/// it is itself the latest (it read the write just before it).
bool iterationReadsLatest(const Graph &g, ThreadId t, size_t end, size_t count);

} // namespace bpor::graph
