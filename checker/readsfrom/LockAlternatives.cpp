// The alternatives of a mutex's operations (docs/reads-from.md, "Mutexes"): Nidhugg's order of
// lock events, in which each operation reads the one before and its alternatives are swaps
// with later operations (try_swap, try_swap_lock, try_swap_blocked), not other writes.
#include "checker/readsfrom/RfExecution.h"

namespace bpor::readsfrom {

bool ReadsFromSearch::doesLock(int32_t e) const {
  LockOp l = events_[size_t(e)].lock;
  return l == LockOp::Lock || l == LockOp::TrylockOk;
}

// A mutex's operations in order, each reading the one before (Nidhugg's try_swap,
// try_swap_lock and try_swap_blocked): an operation trades places with the next one, an
// acquisition with the next acquisition after its release, and the last acquisition with a
// thread that waits for the mutex at the end.
void ReadsFromSearch::addLockAlternatives(int32_t i) {
  int32_t loc = events_[size_t(i)].readLoc;
  auto nextAccess = [&](int32_t after) {
    for (size_t j = size_t(after) + 1; j < events_.size(); ++j)
      if (events_[j].readLoc == loc)
        return int32_t(j);
    return None;
  };
  int32_t next = nextAccess(i);
  if (next == None) {
    if (doesLock(i))
      for (auto [blockedLoc, thread] : blockedOnLock_)
        if (blockedLoc == loc)
          trySwapBlocked(i, names_.nameOf(thread), thread);
    return;
  }
  if (events_[size_t(i)].lock == LockOp::Unlock && events_[size_t(next)].lock == LockOp::Lock)
    return;
  trySwapLocks(i, next);
  if (!doesLock(i))
    return;
  while (next != None && events_[size_t(next)].lock == LockOp::TrylockFail)
    next = nextAccess(next);
  if (next == None || events_[size_t(next)].lock != LockOp::Unlock)
    return;
  int32_t relock = nextAccess(next);
  if (relock != None && events_[size_t(relock)].lock == LockOp::Lock)
    trySwapLocks(i, relock);
}

// Whether the mutex is held after `write` (the initial state: free; a failed trylock leaves it
// held).
bool ReadsFromSearch::heldAfter(int32_t write, const Overlay &) const {
  return write >= 0 && (doesLock(write) || events_[size_t(write)].lock == LockOp::TrylockFail);
}

// `second`, a later operation on the mutex, takes the place of `first`: it reads what `first`
// read and stands for its decision, and `first` goes where `second`'s decision was.
void ReadsFromSearch::trySwapLocks(int32_t first, int32_t second) {
  const RfEvent &a = events_[size_t(first)];
  uint32_t alternative = unfoldingReading(second, a.readFrom);
  if (!a.decision->tryAllocate(alternative))
    return;
  if (happensBefore(first, above_[size_t(second)]))
    return;
  Overlay o = baseOverlay();
  o.readFrom[size_t(second)] = a.readFrom;
  std::swap(o.depth[size_t(first)], o.depth[size_t(second)]);
  o.modified[size_t(first)] = 1;
  o.modified[size_t(second)] = 1;
  trySat(*a.decision, o, alternative);
}

// A thread that waits for the mutex at the end takes the place of its last acquisition.
void ReadsFromSearch::trySwapBlocked(int32_t lock, ThreadId name, ThreadId thread) {
  const RfEvent &a = events_[size_t(lock)];
  RfEvent waiting;
  waiting.name = name;
  waiting.index = name < byThread_.size() ? uint32_t(byThread_[name].size()) + 1 : 1;
  // What the wait follows: the thread's last step, or the creation of a thread that waits at
  // its first.
  int32_t p = None;
  if (waiting.index > 1) {
    p = byThread_[name].back();
  } else {
    for (size_t k = 0; k < ops_.size() && p == None; ++k)
      if (ops_[k].kind == OpKind::Fork && ops_[k].otherThread == thread)
        p = int32_t(k);
    if (p == None)
      return; // an initial thread that never ran: no program starts so
    waiting.after.push_back(p);
  }
  waiting.readLoc = a.readLoc;
  waiting.readFrom = a.readFrom;
  waiting.writeLocs[0] = a.readLoc;
  waiting.lock = LockOp::Lock;
  uint32_t parent = events_[size_t(p)].unfolding; // its predecessor, or its creation
  uint32_t alternative = unfoldingOf(name, parent, unfoldingOfEvent(a.readFrom));
  if (!a.decision->tryAllocate(alternative))
    return;
  if (happensBefore(lock, clock_[size_t(p)]))
    return; // the acquisition happens before the wait
  std::shared_ptr<DecisionNode> decision = a.decision; // `a` moves with the push below
  events_.push_back(std::move(waiting));
  int32_t w = int32_t(events_.size() - 1);
  Overlay o = baseOverlay();
  o.depth[size_t(w)] = o.depth[size_t(lock)];
  o.depth[size_t(lock)] = -1;
  o.deleted[size_t(lock)] = 1;
  o.modified[size_t(w)] = 1;
  trySat(*decision, o, alternative);
  events_.pop_back();
}

} // namespace bpor::readsfrom
