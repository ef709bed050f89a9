#include "runtime/sync/CondVar.h"

namespace bpor::runtime {

void CondVar::addWaiter(ThreadId thread, bool timed) {
  waiters_.push_back(Waiter{thread, timed, false});
}

bool CondVar::canWake(ThreadId thread) const {
  for (const Waiter &w : waiters_)
    if (w.thread == thread)
      return w.signalled || w.timed;
  return false;
}

bool CondVar::removeWaiter(ThreadId thread) {
  for (auto it = waiters_.begin(); it != waiters_.end(); ++it) {
    if (it->thread == thread) {
      bool signalled = it->signalled;
      waiters_.erase(it);
      return signalled;
    }
  }
  return false;
}

unsigned CondVar::signal() {
  for (Waiter &w : waiters_) {
    if (!w.signalled) {
      w.signalled = true;
      return 1;
    }
  }
  return 0;
}

unsigned CondVar::broadcast() {
  unsigned woken = 0;
  for (Waiter &w : waiters_) {
    if (!w.signalled) {
      w.signalled = true;
      ++woken;
    }
  }
  return woken;
}

} // namespace bpor::runtime
