// A condition variable: the threads waiting on it, in the order they started waiting, and
// whether each has been signalled. pthread_cond_wait is two visible operations (Model.h):
// CondWait releases the mutex and adds the waiter; CondWake removes it and reacquires the mutex,
// and is enabled only once the waiter is signalled (or, for timedwait, at any time: the timeout).
//
// A signal wakes the oldest unsignalled waiter. POSIX lets it wake any waiter; choosing one
// deterministically keeps the pending operations a function of each thread's own state, at the
// price of not exploring which waiter a single signal wakes. There are no spurious wakeups.
#pragma once

#include "checker/Model.h"

#include <vector>

namespace bpor::runtime {

class CondVar {
public:
  void addWaiter(ThreadId thread, bool timed);
  /// Whether `thread`'s CondWake may execute (the mutex must also be lockable).
  bool canWake(ThreadId thread) const;
  /// Removes `thread`; returns true if it had been signalled, false if it timed out.
  bool removeWaiter(ThreadId thread);
  /// Returns the number of waiters woken (0 or 1).
  unsigned signal();
  unsigned broadcast();
  bool hasWaiters() const { return !waiters_.empty(); }

private:
  struct Waiter {
    ThreadId thread;
    bool timed;
    bool signalled;
  };
  std::vector<Waiter> waiters_;
};

} // namespace bpor::runtime
