// What a model offers so that its threads can be treated as interchangeable (docs/symmetry.md):
// the runtime's Execution implements it.
//
// Threads 1, 2, ... (every thread but main) are interchangeable when the program never tells
// them apart by their numbers: it does not join, compare or ask for thread ids and uses no
// synchronisation object that records an owner or waiters (mutexes, condition variables ...).
// Two states that differ only by a permutation of such threads then behave alike up to that
// permutation, and a thread's behaviour depends only on the shared state (memory outside the
// threads' own objects, main's thread) and its own part (its record and its own objects).
#pragma once

#include "core/Model.h"

#include <span>
#include <string>

namespace bpor {

class ThreadSymmetry {
public:
  virtual ~ThreadSymmetry() = default;

  /// Why threads 1.. of the current state cannot be permuted, copied and dropped: empty if
  /// they can. Also non-empty once the run has done something that tells threads apart.
  virtual std::string symmetryObstacle() const = 0;

  /// Replaces `key` with bytes that describe thread `thread`'s part of the state (its record
  /// and its own objects) whatever its number: two threads have equal part keys exactly when
  /// each would behave as the other in its place.
  virtual void threadPartKey(ThreadId thread, std::string &key) const = 0;

  /// Rebuilds threads 1..: thread i + 1 becomes a copy of the current thread order[i] under its
  /// new number (a thread may be listed twice: it is copied), and threads not listed are
  /// dropped. Thread 0 stays.
  virtual void rearrangeThreads(std::span<const ThreadId> order) = 0;
};

} // namespace bpor
