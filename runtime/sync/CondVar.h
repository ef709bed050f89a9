// A condition variable: the threads waiting on it and the wakeups that signals and broadcasts
// owe them. pthread_cond_wait is two visible operations (Model.h): CondWait releases the mutex
// and adds the waiter; CondWake removes it and reacquires the mutex, and is enabled only once
// the waiter may wake (or, for timedwait, at any time: the timeout).
//
// POSIX lets pthread_cond_signal wake any one of the threads waiting at that moment. Choosing
// one here (the oldest, say) would leave the other choices unexplored. Instead each signal
// leaves a wake token that any thread waiting at the time of the signal may take: the choice
// of waiter becomes the scheduling choice of whose CondWake runs first, which the explorers
// cover like any other order of dependent operations (CondWake operations on one condition
// variable are dependent: they write its address). A waiter takes the oldest token it may
// take; tokens' eligible sets are nested (a later signal sees every earlier waiter still
// waiting, and more), so taking the oldest never strands a younger token. A signal is lost
// when every waiter is already owed a wakeup. A broadcast owes every current waiter a wakeup.
// Spurious wakeups, when the Execution allows them, are the waiter's own choice: such a waiter
// is added as a timed one, whose CondWake is enabled at any time.
#pragma once

#include "core/Operation.h"
#include "core/StateWriter.h"

#include <vector>

namespace bpor::runtime {

class CondVar {
public:
  void addWaiter(ThreadId thread, bool timed);
  /// Whether `thread`'s CondWake may execute (the mutex must also be lockable).
  bool canWake(ThreadId thread) const;
  /// Removes `thread`, taking the wakeup owed to it; returns true if it was woken, false if it
  /// timed out.
  bool removeWaiter(ThreadId thread);
  /// Returns the number of wakeups the signal added (0 if lost, else 1).
  unsigned signal();
  /// Returns the number of waiters the broadcast woke that were not already owed a wakeup.
  unsigned broadcast();
  bool hasWaiters() const { return !waiters_.empty(); }

  void writeState(StateWriter &out) const {
    out.u64(waiters_.size());
    for (const Waiter &waiter : waiters_) {
      out.u32(waiter.thread);
      out.u8(uint8_t(waiter.timed) | uint8_t(waiter.broadcast) << 1);
    }
    out.u64(tokens_.size());
    for (const Token &token : tokens_)
      out.bytes(token.eligible.data(), token.eligible.size() * sizeof(ThreadId));
  }

private:
  struct Waiter {
    ThreadId thread;
    bool timed;
    bool broadcast; // woken by a broadcast: needs no token
  };
  struct Token {
    std::vector<ThreadId> eligible; // the waiters at the time of the signal
  };
  const Waiter *find(ThreadId thread) const;
  bool mayTake(const Token &token, ThreadId thread) const;
  unsigned waitersWithoutBroadcast() const;

  std::vector<Waiter> waiters_; // in the order they started waiting
  std::vector<Token> tokens_;   // in the order of the signals
};

} // namespace bpor::runtime
