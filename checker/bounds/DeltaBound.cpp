#include "checker/bounds/DeltaBound.h"

#include "checker/Dependence.h"

#include <algorithm>

namespace bpor {

// The head of the round-robin order in frames[frame]: the thread run last, thread 0 at first.
static ThreadId priorityHead(const SearchStack &stack, size_t frame) {
  ThreadId last = lastThreadBefore(stack, frame);
  return last == NoThread ? 0 : last;
}

// Calls f(t) for the threads of frames[frame] in decreasing priority until f returns false.
template <typename F> static void inPriorityOrder(const SearchStack &stack, size_t frame, F f) {
  ThreadId head = priorityHead(stack, frame);
  ThreadId n = std::max(stack.frames[frame].numThreads(), ThreadId(head + 1));
  for (ThreadId k = 0; k < n; ++k)
    if (!f((head + k) % n))
      return;
}

uint64_t DeltaBound::priorityDiff(const SearchStack &stack, size_t frame, ThreadId u) {
  const SearchFrame &f = stack.frames[frame];
  uint64_t count = 0;
  inPriorityOrder(stack, frame, [&](ThreadId t) {
    if (t == u)
      return false;
    count += f.enabled.contains(t);
    return true;
  });
  return count;
}

ThreadId DeltaBound::highestPriorityEnabled(const SearchStack &stack, size_t frame) {
  ThreadId found = NoThread;
  inPriorityOrder(stack, frame, [&](ThreadId t) {
    if (stack.frames[frame].enabled.contains(t))
      found = t;
    return found == NoThread;
  });
  return found;
}

uint64_t DeltaBound::computeValueAfter(const SearchStack &stack, size_t frameBefore,
                                       ThreadId u) const {
  return values[frameBefore] + priorityDiff(stack, frameBefore, u);
}

// The body of Algorithm 12's Backtrack. The release test reads both S_i (as Definition 5.8,
// Post, says) and next(pre(S, i), u) (as the pseudo-code says): being conservative on either
// satisfies both readings.
void DeltaBound::addUpToPriorityOf(const SearchStack &stack, size_t i, ThreadId u,
                                   bool eventIsRelease, BacktrackSink &sink) const {
  const SearchFrame &pre = stack.frames[i];
  // u, or for a u not awake the cheapest thread of E(S, i, u) (6.2, Algorithm 16), which then
  // stands for u in Algorithm 12: it and every cheaper thread.
  u = backtrackThread(stack, i, u, sink, this);
  if (u == NoThread) {
    sink.addAllEnabled(i); // as DPOR does
    return;
  }
  sink.add(i, u); // what DPOR needs; the rest is the delta bound's
  if (eventIsRelease || isRelease(pre.next[u])) {
    sink.addAllEnabled(i, true);
    return;
  }
  inPriorityOrder(stack, i, [&](ThreadId t) {
    if (pre.enabled.contains(t))
      sink.add(i, t, true);
    return t != u;
  });
}

void DeltaBound::initialize(const SearchStack &stack, BacktrackSink &sink) const {
  size_t top = stack.frames.size() - 1;
  // The highest-priority thread that is awake (sleeping threads count as disabled).
  ThreadId u = NoThread;
  inPriorityOrder(stack, top, [&](ThreadId t) {
    if (stack.top().awake(t))
      u = t;
    return u == NoThread;
  });
  if (u != NoThread)
    addUpToPriorityOf(stack, top, u, false, sink);
}

void DeltaBound::backtrack(const SearchStack &stack, size_t i, ThreadId u,
                           BacktrackSink &sink) const {
  addUpToPriorityOf(stack, i, u, isRelease(stack.events[i]), sink);
}

// A release found only once it ran from frames[frameIndex] (a transition that ends its thread,
// without the model's hint). Both Initialize (when it chose u) and Backtrack(S, i, u) (which
// added u) would have added every enabled thread for a pending release; u was taken from this
// state, so one of them did add u, and the state is still on the stack.
void DeltaBound::releaseDiscovered(const SearchStack &stack, size_t frameIndex, ThreadId u,
                                   BacktrackSink &sink) const {
  if (stack.frames[frameIndex].enabled.contains(u))
    sink.addAllEnabled(frameIndex, true);
}

} // namespace bpor
