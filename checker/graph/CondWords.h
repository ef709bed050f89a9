// A condition variable as a synchronisation word (SyncWords.h; docs/weak-memory.md,
// "Condition variables"). Under the weak-memory search the runtime runs pthread_cond_wait in
// four steps (runtime/sync/CondVar.h): the wait (the thread becomes a waiter), the unlock of the
// mutex, the wakeup (it takes the wakeup a signal or a broadcast owes it, and waits until one
// does) and the lock of the mutex. The wait, the wakeup, pthread_cond_signal and
// pthread_cond_broadcast are acq_rel updates of the word, which holds the state runtime::CondVar
// keeps: atomicity makes them one total order, the order in which the runtime performs them, so
// the word's value is the runtime's state at each of them; the wakeup waits, as a lock does, on
// a value that owes its thread nothing.
//
// The state, as CondVar defines it: the waiters in the order they began to wait; a broadcast
// wakes every waiter; a signal leaves a token that any waiter not woken by a broadcast and
// waiting at the time of the signal may take, and is lost if those waiters are as many as the
// tokens; a waiter leaving takes the oldest token it may take. A token's takers are then a
// prefix of the waiters not woken by a broadcast (those that came later are not among them, a
// broadcast takes every token), so the state is: those waiters in order, the threads woken by a
// broadcast, and per token the length of its prefix. It fits a word for threads named below 16
// (ThreadNames) and at most seven waiters not woken by a broadcast; a state beyond that is not
// modelled (the search reports it unsupported).
#pragma once

#include "core/Operation.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace bpor::graph {

class CondWord {
public:
  static constexpr ThreadId MaxThreads = 16;
  static constexpr size_t MaxWaiting = 7;
  /// What the search reports unsupported for a state beyond that.
  static constexpr const char *Unmodelled =
      "a condition variable with more than 7 waiters, or waited on by a thread past the 16th";

  static CondWord decode(uint64_t word);
  /// The word for this state; nullopt if it does not fit (see above).
  std::optional<uint64_t> encode() const;

  void wait(ThreadId self) { waiting_.push_back(self); }
  void signal();
  void broadcast();
  /// Whether `self` waits and is owed a wakeup.
  bool canWake(ThreadId self) const;
  /// `self` leaves, taking the wakeup owed to it (canWake).
  void wake(ThreadId self);

private:
  /// The position of `self` among the waiters not woken by a broadcast, or -1.
  int positionOf(ThreadId self) const;

  std::vector<ThreadId> waiting_; // not woken by a broadcast, in the order they began to wait
  uint32_t broadcastWoken_ = 0;   // bit per thread name
  std::vector<uint8_t> tokens_;   // per token, oldest first: its takers' prefix of waiting_
};

/// What a condition-variable operation (SyncWord::CondWait, CondWake, CondSignal,
/// CondBroadcast) of thread `self` makes of the word's value `value`: nullopt where the wakeup
/// is owed nothing (it waits) or the state does not fit a word (`fits` false).
std::optional<uint64_t> condWordAfter(SyncWord op, ThreadId self, uint64_t value, bool &fits);

} // namespace bpor::graph
