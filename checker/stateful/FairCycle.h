// Livelocks in a finished strongly connected component of the state graph (the stateful
// search's Tarjan analysis).
//
// A livelock is an infinite execution in which every thread is treated fairly and yet the
// program never ends: strong fairness, under which a thread that is enabled infinitely often
// runs infinitely often. (Weak fairness, which only asks that a thread enabled without pause
// runs, would call a correct lock/check/unlock polling loop a livelock: the thread that would
// set the flag is disabled whenever the poller holds the lock, and a mutex that is free
// infinitely often is taken in every real scheduler.) A spin loop that repeats only because the
// thread it waits for is never scheduled is therefore an unfair cycle, not a livelock.
//
// The test is the classic one for strong fairness (Emerson and Lei): a component C holds a fair
// cycle iff every thread enabled somewhere in C also takes a step inside C; otherwise the states
// where such a thread is enabled cannot lie on a fair cycle within C, so they are removed, and
// the strongly connected components of what remains are tested in turn.
#pragma once

#include "checker/Explorer.h"

#include <cstdint>
#include <string>
#include <vector>

namespace bpor {

/// One state of a component, as the stateful search recorded it.
struct ComponentState {
  uint32_t id = 0;
  std::vector<ThreadId> enabled; // sorted
  struct Edge {
    ScheduleStep step;
    uint32_t target = 0;
  };
  std::vector<Edge> edges; // every explored transition out of the state
};

struct FairCycle {
  Schedule toCycle; // from the root to the cycle's first state (empty if the root is on it)
  Schedule cycle;   // the cycle: back to its first state; empty: no fair cycle
};

/// The message of a livelock whose schedule repeats its steps [cycleStart, end) for ever.
std::string livelockMessage(size_t cycleStart, size_t end);

/// If the component contains a strongly fair cycle, returns a path from `root` (an id of the
/// component) to it and the cycle, which runs every thread that is enabled anywhere on it;
/// otherwise an empty cycle.
FairCycle findFairCycle(const std::vector<ComponentState> &component, uint32_t root);

} // namespace bpor
