// An event as the optimal explorers see it: the executed operation plus whether it ended the
// whole execution while other threads could still have run.
#pragma once

#include "checker/Model.h"

namespace bpor::optimal {

struct Event {
  Operation op;
  /// The event ended the execution (an error, a failed assume, exit()) and so disabled every
  /// other thread: it is dependent with every event of another thread (Definition 2.3,
  /// property 1, dissertation). Not set when the last thread simply ran to its end.
  bool endsExecution = false;

  ThreadId thread() const { return op.thread; }
};

/// The dependence relation the optimal explorers use: Definition 2.4 (checker/Dependence.h)
/// plus program order and the execution-ending rule above.
bool conflicts(const Event &a, const Event &b);

/// Kinds of races, judged by what the later event needs to be enabled (docs/optimal-dpor.md).
enum class RaceVerdict : uint8_t {
  NotARace,     // creation order: a fork and its child's events
  Reversible,   // the later event can run before the earlier one
  Irreversible, // the earlier event enabled the later one (an unlock and a lock, a thread's
                // end and its join)
};

/// How the race between the earlier event `e` and the later event `later` (e ⋖ later) is
/// treated. Sets `acquireRace` when the later event is a blocking acquisition whose enabling
/// release raced with it: the real race is with the acquisition that release ended.
RaceVerdict classifyRace(const Event &e, const Event &later, bool &acquireRace);

/// True if `acquire` is an acquisition that `later` (a blocking acquisition of the same object)
/// could be reordered with.
bool isMatchingAcquire(const Event &acquire, const Event &release, const Event &later);

} // namespace bpor::optimal
