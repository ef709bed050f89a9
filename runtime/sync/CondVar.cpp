#include "runtime/sync/CondVar.h"

#include <algorithm>

namespace bpor::runtime {

const CondVar::Waiter *CondVar::find(ThreadId thread) const {
  for (const Waiter &w : waiters_)
    if (w.thread == thread)
      return &w;
  return nullptr;
}

bool CondVar::mayTake(const Token &token, ThreadId thread) const {
  return std::find(token.eligible.begin(), token.eligible.end(), thread) != token.eligible.end();
}

unsigned CondVar::waitersWithoutBroadcast() const {
  return unsigned(std::count_if(waiters_.begin(), waiters_.end(),
                                [](const Waiter &w) { return !w.broadcast; }));
}

void CondVar::addWaiter(ThreadId thread, bool timed) {
  waiters_.push_back(Waiter{thread, timed, false});
}

bool CondVar::canWake(ThreadId thread) const {
  const Waiter *w = find(thread);
  if (!w)
    return false;
  if (w->broadcast || w->timed)
    return true;
  return std::any_of(tokens_.begin(), tokens_.end(),
                     [&](const Token &t) { return mayTake(t, thread); });
}

bool CondVar::removeWaiter(ThreadId thread) {
  auto it = std::find_if(waiters_.begin(), waiters_.end(),
                         [&](const Waiter &w) { return w.thread == thread; });
  if (it == waiters_.end())
    return false;
  bool woken = it->broadcast;
  waiters_.erase(it);
  if (!woken) {
    // Take the oldest token this waiter may take (see the header for why the oldest).
    auto token = std::find_if(tokens_.begin(), tokens_.end(),
                              [&](const Token &t) { return mayTake(t, thread); });
    if (token != tokens_.end()) {
      tokens_.erase(token);
      woken = true;
    }
  }
  // A waiter that leaves is nobody's candidate any more.
  for (Token &t : tokens_)
    t.eligible.erase(std::remove(t.eligible.begin(), t.eligible.end(), thread), t.eligible.end());
  return woken;
}

unsigned CondVar::signal() {
  // Every waiter without a broadcast wakeup may already be owed one by an earlier token; the
  // newest token's candidates are all of them, so one more token can be honoured iff there are
  // more such waiters than tokens (Hall's condition on nested sets).
  if (waitersWithoutBroadcast() <= tokens_.size())
    return 0;
  Token token;
  for (const Waiter &w : waiters_)
    if (!w.broadcast)
      token.eligible.push_back(w.thread);
  tokens_.push_back(std::move(token));
  return 1;
}

unsigned CondVar::broadcast() {
  unsigned woken = 0;
  for (Waiter &w : waiters_) {
    if (!w.broadcast) {
      w.broadcast = true;
      ++woken;
    }
  }
  // Every token's candidates are waiting still and now woken: the tokens are honoured.
  woken -= std::min<unsigned>(woken, unsigned(tokens_.size()));
  tokens_.clear();
  return woken;
}

} // namespace bpor::runtime
