#include "checker/bounds/FairBound.h"

#include "checker/Dependence.h"

#include <algorithm>

namespace bpor {

uint64_t FairBound::computeValueAfter(const SearchStack &stack, size_t frameBefore,
                                      ThreadId u) const {
  // Called with the yield counts of final(S) = frames[frameBefore]: push() updates `yields`
  // only after computing the new value.
  uint64_t mine = yieldCount(u);
  uint64_t worst = values[frameBefore];
  stack.frames[frameBefore].enabled.forEach([&](ThreadId v) {
    uint64_t theirs = yieldCount(v);
    if (mine > theirs)
      worst = std::max(worst, mine - theirs);
  });
  return worst;
}

// computeValueAfter reads the yield counts of final(S); from an earlier state they are counted
// again up to it.
uint64_t FairBound::costFrom(const SearchStack &stack, size_t frame, ThreadId v) const {
  std::vector<uint64_t> counts;
  auto count = [&](ThreadId t) { return t < counts.size() ? counts[t] : 0; };
  for (size_t k = 0; k < frame; ++k) {
    const Operation &e = stack.events[k];
    if (e.kind != OpKind::Yield)
      continue;
    if (e.thread >= counts.size())
      counts.resize(e.thread + 1, 0);
    ++counts[e.thread];
  }
  uint64_t mine = count(v);
  uint64_t worst = values[frame];
  stack.frames[frame].enabled.forEach([&](ThreadId w) {
    if (mine > count(w))
      worst = std::max(worst, mine - count(w));
  });
  return worst;
}

void FairBound::push(const SearchStack &stack) {
  StackedBound::push(stack);
  const Operation &event = stack.events.back();
  if (event.thread >= yields.size())
    yields.resize(event.thread + 1, 0);
  if (event.kind == OpKind::Yield)
    ++yields[event.thread];
}

void FairBound::pop(const SearchStack &stack) {
  const Operation &event = stack.events.back();
  if (event.kind == OpKind::Yield)
    --yields[event.thread];
  StackedBound::pop(stack);
}

void FairBound::initialize(const SearchStack &stack, BacktrackSink &sink) const {
  size_t top = stack.frames.size() - 1;
  const SearchFrame &f = stack.top();
  // A lowest-cost enabled thread; among equals the one that ran last, then the lowest id.
  ThreadId best = NoThread;
  uint64_t bestCost = 0;
  ThreadId last = stack.lastThread();
  auto consider = [&](ThreadId u) {
    uint64_t cost = valueAfter(stack, u);
    if (best == NoThread || cost < bestCost) {
      best = u;
      bestCost = cost;
    }
  };
  if (last != NoThread && f.awake(last))
    consider(last);
  f.enabled.forEach([&](ThreadId u) {
    if (f.awake(u))
      consider(u);
  });
  if (best == NoThread)
    return;
  sink.add(top, best);
  if (isRelease(f.next[best]))
    sink.addAllEnabled(top, true);
}

// As for the delta bound, the release test reads both S_i (Definition 1.12 of the companion)
// and next(pre(S, i), u) (the pseudo-code of Algorithm 13).
void FairBound::backtrack(const SearchStack &stack, size_t i, ThreadId u,
                          BacktrackSink &sink) const {
  const SearchFrame &pre = stack.frames[i];
  // u, or for a u not awake the cheapest thread of E(S, i, u) (6.2, Algorithm 16).
  u = backtrackThread(stack, i, u, sink, this);
  if (u == NoThread) {
    sink.addAllEnabled(i); // as DPOR does
    return;
  }
  sink.add(i, u);
  if (isRelease(stack.events[i]) || isRelease(pre.next[u]))
    sink.addAllEnabled(i, true); // the fair bound's conservative point
}

// A release found only once it ran from frames[frameIndex] (a transition that ends its thread,
// without the model's hint). Both Initialize (when it chose u) and Backtrack(S, i, u) (which
// added u) would have added every enabled thread for a pending release; u was taken from this
// state, so one of them did add u, and the state is still on the stack.
void FairBound::releaseDiscovered(const SearchStack &stack, size_t frameIndex, ThreadId u,
                                  BacktrackSink &sink) const {
  if (stack.frames[frameIndex].enabled.contains(u))
    sink.addAllEnabled(frameIndex, true);
}

} // namespace bpor
