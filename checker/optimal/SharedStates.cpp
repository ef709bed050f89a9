#include "checker/optimal/SharedStates.h"

#include <algorithm>

namespace bpor::optimal {

namespace {

bool sameBranch(const Event &e, ThreadId t, uint32_t choice) {
  return e.thread() == t && (!isDataChoice(e.op.kind) || e.choice == choice);
}

// Whether thread t's next event with data choice `choice` sleeps at `state` or was taken there.
bool asleepOrTaken(const SharedState &state, ThreadId t, uint32_t choice) {
  for (const Event &e : state.entrySleep)
    if (sameBranch(e, t, choice))
      return true;
  for (const SharedState::Taken &b : state.taken)
    if (sameBranch(b.event, t, choice))
      return true;
  return false;
}

// Whether the whole subtree of a taken branch is explored: its taker came back, and below it no
// worker is busy and no shared state has a branch left.
bool explored(const SharedState::Taken &branch) {
  return branch.returned &&
         (!branch.child || (branch.child->workers == 0 && branch.child->openBelow == 0));
}

} // namespace

void SharedStates::noteWork(SharedState &state) {
  bool open = !state.wakeup.empty() || !state.pending.empty();
  if (open != state.countedOpen) {
    state.countedOpen = open;
    for (SharedState *s = &state; s; s = s->parent)
      s->openBelow += open ? 1 : unsigned(-1);
    if (!open) {
      ++closings_;
      unsettled_ = true;
      changed_.notify_all(); // a branch above may have waited for this subtree
    }
  }
  if (!state.wakeup.empty() && !state.listedOpen) {
    state.listedOpen = true;
    if (open_.size() <= state.depth)
      open_.resize(state.depth + 1);
    open_[state.depth].push_back(&state);
    changed_.notify_all();
  }
}

// Drops the first branches that cannot be taken (their thread is disabled here, or the same
// event sleeps or was taken), as a sequential search's selectNext does.
bool SharedStates::hasBranch(SharedState &state) {
  bool dropped = false;
  while (!state.wakeup.empty()) {
    const Event &next = state.wakeup.branches().front().event;
    ThreadId t = next.thread();
    if (state.enabled.contains(t) && t < state.next.size() &&
        next.choice < state.next[t].numChoices && !asleepOrTaken(state, t, next.choice))
      break;
    state.wakeup.dropFirst();
    dropped = true;
  }
  if (dropped)
    noteWork(state);
  return !state.wakeup.empty();
}

// The rule of the tree's order (SharedStates.h): the first branch is a leaf, or the subtree of
// every branch taken before it is explored.
bool SharedStates::canTakeFirst(const SharedState &state) const {
  if (state.wakeup.branches().front().children.empty())
    return true;
  if (!state.pending.empty())
    return false; // an insertion from a branch before it is still to be applied
  for (const SharedState::Taken &b : state.taken)
    if (!explored(b))
      return false;
  return true;
}

void SharedStates::waitResolved(SharedState &state, std::unique_lock<std::mutex> &lock) {
  // A cancelled search may leave a branch unresolved; nobody uses the results then.
  changed_.wait(lock, [&] {
    if (cancelled_)
      return true;
    for (const SharedState::Taken &b : state.taken)
      if (!b.resolved)
        return false;
    return true;
  });
}

std::optional<SharedBranch> SharedStates::takeLocked(SharedState &state,
                                                     std::unique_lock<std::mutex> &lock) {
  settle();
  flush(state);
  if (!hasBranch(state) || !canTakeFirst(state))
    return std::nullopt;
  // The new branch's sleep set holds the events the branches taken before it executed.
  waitResolved(state, lock);
  if (!hasBranch(state) || !canTakeFirst(state))
    return std::nullopt;
  SharedBranch branch;
  Event first = state.wakeup.branches().front().event;
  state.wakeup.takeFirst(branch.subtree);
  branch.step = ScheduleStep{first.thread(), first.choice};
  branch.sleep = state.entrySleep;
  for (const SharedState::Taken &b : state.taken)
    branch.sleep.push_back(b.event);
  branch.index = state.taken.size();
  state.taken.push_back(SharedState::Taken{first, first});
  noteWork(state);
  return branch;
}

SharedState *SharedStates::share(SharedState *parent, size_t parentBranch, ScheduleStep edge,
                                 const StateToShare &share, bool &branchLeft) {
  std::unique_lock<std::mutex> lock(lock_);
  SharedState &state = states_.emplace_back();
  state.id = states_.size() - 1;
  state.parent = parent;
  state.parentBranch = parentBranch;
  state.edge = edge;
  state.depth = parent ? parent->depth + 1 : 0;
  state.entrySleep = share.sleep;
  state.enabled = share.enabled;
  state.next = share.next;
  state.wakeup.swap(share.wakeup);
  state.taken.push_back(SharedState::Taken{share.inProgress, share.inProgress, true});
  state.workers = 1;
  if (parent)
    parent->taken[parentBranch].child = &state;
  branchLeft = hasBranch(state) && canTakeFirst(state);
  noteWork(state);
  if (branchLeft)
    starving_.store(false, std::memory_order_relaxed); // until a waiter finds nothing again
  return &state;
}

std::optional<SharedBranch> SharedStates::take(SharedState &state) {
  std::unique_lock<std::mutex> lock(lock_);
  return takeLocked(state, lock);
}

void SharedStates::resolve(SharedState &state, size_t index, const Event &executed) {
  std::lock_guard<std::mutex> guard(lock_);
  state.taken[index].event = executed;
  state.taken[index].resolved = true;
  flush(state);
  changed_.notify_all();
}

void SharedStates::returned(SharedState &state, size_t index) {
  std::lock_guard<std::mutex> guard(lock_);
  state.taken[index].returned = true;
  unsettled_ = true;
  settle();
  changed_.notify_all(); // a branch with a subtree may have waited for this one
}

void SharedStates::leave(SharedState &state) {
  std::lock_guard<std::mutex> guard(lock_);
  if (--state.workers == 0) {
    unsettled_ = true;
    settle();
    changed_.notify_all();
  }
}

namespace {

// Depth-first order of two keys from one state: the first branch index that differs decides.
// (Equal keys are one worker's executions below one branch, in the order it met them.)
bool keyBefore(const SharedPath &a, const SharedPath &b) {
  for (size_t t = 0; t < a.size() && t < b.size(); ++t)
    if (a[t].second != b[t].second)
      return a[t].second < b[t].second;
  return false;
}

} // namespace

bool SharedStates::canApply(const SharedState::Pending &insertion) const {
  for (const auto &[state, through] : insertion.key)
    for (size_t k = 0; k < through; ++k)
      if (!explored(state->taken[k]))
        return false;
  for (const SharedState::Taken &b : insertion.key[0].first->taken)
    if (!b.resolved)
      return false;
  return true;
}

// One search would have the branches taken up to `through` asleep (explored before) or in
// progress, skipping v if one of them, as executed, is a weak initial of it; and the branches
// taken after `through` still first in its tree, leaves that cover v if one of them, as the tree
// had it, is a weak initial of it (WakeupTree::insert). Branches not resolved yet are not
// looked at (apply() runs only once all are).
bool SharedStates::covered(const SharedState &state, size_t through,
                           const std::vector<Event> &v) const {
  for (const Event &q : state.entrySleep)
    if (inWeakInitials(q, v))
      return true;
  for (size_t k = 0; k < state.taken.size(); ++k) {
    const SharedState::Taken &b = state.taken[k];
    if (k <= through ? b.resolved && inWeakInitials(b.event, v) : inWeakInitials(b.treeEvent, v))
      return true;
  }
  return false;
}

void SharedStates::apply(SharedState &state, size_t through, std::vector<Event> v) {
  if (!covered(state, through, v))
    state.wakeup.insert(v);
}

void SharedStates::insert(SharedPath key, std::vector<Event> v) {
  std::lock_guard<std::mutex> guard(lock_);
  SharedState &state = *key[0].first;
  // Covered now is covered when its turn comes (sleepers, executed events and a leaf's place
  // never change): most sequences end here, and the pending lists stay short.
  if (covered(state, key[0].second, v))
    return;
  auto at = std::upper_bound(state.pending.begin(), state.pending.end(), key,
                             [](const auto &k, const SharedState::Pending &p) {
                               return keyBefore(k, p.key);
                             });
  state.pending.insert(at, SharedState::Pending{std::move(key), std::move(v)});
  if (!state.listedPending) {
    state.listedPending = true;
    pending_.push_back(&state);
  }
  flush(state);
  noteWork(state);
}

// The pending insertions of `state` in order, as long as they can be applied: one that cannot
// waits for a branch left of its path, which is left of every later key too.
void SharedStates::flush(SharedState &state) {
  size_t applied = 0;
  while (applied < state.pending.size() && canApply(state.pending[applied])) {
    SharedState::Pending &insertion = state.pending[applied];
    apply(state, insertion.key[0].second, std::move(insertion.v));
    ++applied;
  }
  if (applied) {
    state.pending.erase(state.pending.begin(), state.pending.begin() + std::ptrdiff_t(applied));
    noteWork(state);
  }
}

// Every state's, after something may have completed a subtree (only that lets an insertion
// that had to wait be applied; a new one is tried where it arrives).
void SharedStates::settle() {
  if (!unsettled_)
    return;
  unsettled_ = false;
  size_t kept = 0;
  for (SharedState *state : pending_) {
    flush(*state);
    if (state->pending.empty())
      state->listedPending = false;
    else
      pending_[kept++] = state;
  }
  pending_.resize(kept);
}

// The shallowest state with a branch that can be taken: the largest share of the work still to
// do. First every listed state drops the branches that cannot run (which may complete a subtree
// a shallower state waits for); states left without branches leave the list (an insertion
// lists them again).
SharedState *SharedStates::shallowestOpen() {
  // Dropping branches may complete a subtree, which may let a pending insertion be applied.
  uint64_t closed;
  do {
    closed = closings_;
    settle();
    for (std::vector<SharedState *> &atDepth : open_) {
      size_t kept = 0;
      for (SharedState *state : atDepth) {
        if (!hasBranch(*state)) {
          state->listedOpen = false;
          continue;
        }
        atDepth[kept++] = state;
      }
      atDepth.resize(kept);
    }
  } while (closed != closings_);
  for (std::vector<SharedState *> &atDepth : open_)
    for (SharedState *state : atDepth)
      if (canTakeFirst(*state))
        return state;
  return nullptr;
}

SharedState *SharedStates::waitForWork() {
  std::unique_lock<std::mutex> lock(lock_);
  --busy_;
  while (true) {
    if (cancelled_ || over_)
      return nullptr;
    if (SharedState *state = shallowestOpen()) {
      ++busy_;
      for (SharedState *s = state; s; s = s->parent)
        ++s->workers; // the worker's stack will hold the path
      starving_.store(waiting_ > 0, std::memory_order_relaxed);
      return state;
    }
    if (busy_ == 0) {
      // Nothing is being explored: every branch to the left of anything left is explored, so
      // the leftmost pending insertion or branch could go on. If none can, the rules above are
      // broken: end the search as incomplete rather than claim it covered everything.
      bool left = !pending_.empty();
      for (const std::vector<SharedState *> &atDepth : open_)
        left = left || !atDepth.empty();
      stuck_ = left;
      over_ = true;
      changed_.notify_all();
      return nullptr;
    }
    ++waiting_;
    starving_.store(true, std::memory_order_relaxed);
    changed_.wait(lock);
    --waiting_;
  }
}

void SharedStates::retire() {
  std::lock_guard<std::mutex> guard(lock_);
  --busy_;
  changed_.notify_all();
}

void SharedStates::cancel() {
  std::lock_guard<std::mutex> guard(lock_);
  cancelled_ = true;
  changed_.notify_all();
}

SharedState &SharedStates::stateById(uint64_t id) {
  std::lock_guard<std::mutex> guard(lock_); // a state being shared may grow the deque
  return states_.at(id);
}

size_t SharedStates::numStates() const {
  std::lock_guard<std::mutex> guard(lock_);
  return states_.size();
}

} // namespace bpor::optimal
