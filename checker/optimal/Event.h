// An event as the optimal explorers see it: the executed operation plus whether it ended the
// whole execution while other threads could still have run.
#pragma once

#include "checker/Dependence.h"
#include "core/Model.h"

namespace bpor::optimal {

struct Event {
  Operation op;
  /// The event ended the execution (an error, a failed assume, exit()) and so disabled every
  /// other thread: it is dependent with every event of another thread (Definition 2.3,
  /// property 1, dissertation). Not set when the last thread simply ran to its end.
  bool endsExecution = false;
  /// For a semaphore post: whether the count was positive before it (1), zero (0), as seen
  /// from a thread waiting on the semaphore there, or unknown (-1).
  int8_t objectAvailableBefore = -1;
  /// For a Nondet: the data choice (the index passed to Model::step; the event's value is what
  /// the program received, which need not be the index). Optimal DPOR treats different choices
  /// as different events (docs/optimal-dpor.md, "Data choices").
  uint32_t choice = 0;

  ThreadId thread() const { return op.thread; }
};

/// to := from, field by field. The search writes a new event's small fields one by one just
/// before logging it; a whole-struct copy would read them back in one wide load from stores
/// still in flight, which stalls the processor (store forwarding fails). Field by field, each
/// load matches the store it reads.
inline void copyEvent(Event &to, const Event &from) {
  to.op = from.op;
  to.endsExecution = from.endsExecution;
  to.objectAvailableBefore = from.objectAvailableBefore;
  to.choice = from.choice;
}

/// Whether `a` and `b`, events of one thread from the same state, are the same event: always,
/// except for two different data choices of a Nondet.
inline bool sameChoice(const Event &a, const Event &b) {
  return !isDataChoice(a.op.kind) || !isDataChoice(b.op.kind) || a.choice == b.choice;
}

/// The dependence relation the optimal explorers use: Definition 2.4 (checker/Dependence.h)
/// plus program order and the execution-ending rule above. Inline: asked for most pairs of
/// events the explorers look at.
inline bool conflicts(const Event &a, const Event &b) {
  if (a.thread() == b.thread())
    return true;
  if (a.endsExecution || b.endsExecution)
    return true;
  return dependent(a.op, b.op);
}

/// Kinds of races, judged by what the later event needs to be enabled (docs/optimal-dpor.md).
enum class RaceVerdict : uint8_t {
  NotARace,     // creation order: a fork and its child's events
  Reversible,   // the later event can run before the earlier one
  Irreversible, // the earlier event enabled the later one (an unlock and a lock, a thread's
                // end and its join)
};

/// For a blocking acquisition enabled by a release it races with, the acquisition whose race
/// with it is the one to reverse instead (Nidhugg's treatment of a lock acquisition as a
/// read-modify-write of the lock: acquisitions race with acquisitions).
enum class AcquirePartner : uint8_t {
  None,
  ReleasersAcquisition, // the releasing thread's own acquisition (mutex; rwlock held to write)
  HoldingSpanStart,     // the acquisition that last took the rwlock from free (a writer waits)
  LatestAcquisition,    // the latest acquisition by another thread (a semaphore wait; a lock
                        // after a failed trylock: the holder's)
};

struct RaceClass {
  RaceVerdict verdict = RaceVerdict::Reversible;
  AcquirePartner partner = AcquirePartner::None;
};

/// How the race between the earlier event `e` and the later event `later` (e ⋖ later) is
/// treated. `releaserWasWriter` says, for a reader-writer unlock `e`, whether its thread held
/// the lock to write (1), to read (0) or is unknown (-1).
RaceClass classifyRace(const Event &e, const Event &later, int releaserWasWriter);

/// Whether `op` acquires (successfully) or releases the object `later` waits for.
bool isAcquisitionFor(const Operation &op, const Operation &later);
bool isReleaseFor(const Operation &op, const Operation &later);

} // namespace bpor::optimal
