// Data races of one execution, as SV-COMP's no-data-race property defines them: two accesses
// to the same byte by different threads, at least one a write, not both atomic, that are not
// ordered by happens-before. Happens-before is program order and synchronisation only: thread
// creation and join, a mutex (or rwlock, semaphore, pthread_once, atomic section) released and
// later acquired, and a C11 release store (or the RMWs of its release sequence) read by an
// acquire load. Plain accesses that conflict order nothing.
//
// Every complete search explores an execution of every Mazurkiewicz trace, and equivalent
// executions have the same synchronisation order, hence the same happens-before: a race in any
// execution is found in the one explored of its trace.
//
// Vector clocks in the style of FastTrack: a thread's own component grows after each release,
// an access is stamped with it, and an earlier access happened before the current thread's
// step iff its stamp is at most the current thread's component for the earlier thread.
#pragma once

#include "core/Operation.h"

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

namespace bpor::runtime {

struct RaceAccess {
  ThreadId thread = NoThread;
  uint32_t stamp = 0; // the thread's own clock component at the access
  uint32_t location = 0;
  bool write = false;
  bool atomic = false;
};

/// A race: the earlier access and the one that races with it.
struct Race {
  RaceAccess earlier;
  RaceAccess later;
  uint64_t address = 0; // the first byte both touch
};

class RaceDetector {
public:
  /// Forgets everything; thread 0 (main) exists.
  void reset();
  /// `child` starts with everything `parent` did so far.
  void threadCreated(ThreadId parent, ThreadId child);
  /// `thread` terminated: a join of it acquires its clock.
  void threadEnded(ThreadId thread);
  void joined(ThreadId thread, ThreadId target);
  /// Acquire and release of a synchronisation object (a mutex, an atomic location, ...),
  /// named by any 64-bit key.
  void acquire(ThreadId thread, uint64_t object);
  void release(ThreadId thread, uint64_t object);
  /// A relaxed store ends the release sequence of the location: later acquires of it
  /// synchronise with nothing before.
  void endReleaseSequence(uint64_t object);
  /// Atomic sections (__VERIFIER_atomic_*): one lock of them all, taken when a section begins
  /// and released when the thread leaves it (after the steps of a section a data choice split).
  void enterSection(ThreadId thread);
  void leaveSection(ThreadId thread); // if the thread is in one
  /// Checks an access of `size` bytes and records it; returns the first race it makes.
  std::optional<Race> access(ThreadId thread, uint64_t address, uint64_t size, bool write,
                             bool atomic, uint32_t location);

private:
  using Clock = std::vector<uint32_t>;
  static void joinInto(Clock &into, const Clock &from);
  Clock &clockOf(ThreadId thread);
  /// Whether the earlier access happened before `thread`'s current step.
  bool orderedBefore(const RaceAccess &earlier, ThreadId thread);

  struct Shadow {
    std::optional<RaceAccess> write;
    std::vector<RaceAccess> reads; // at most one per thread
  };
  std::vector<Clock> threads_;
  std::vector<bool> inSection_;
  std::unordered_map<ThreadId, Clock> ended_;
  std::unordered_map<uint64_t, Clock> objects_;
  std::unordered_map<uint64_t, Shadow> bytes_;
};

} // namespace bpor::runtime
