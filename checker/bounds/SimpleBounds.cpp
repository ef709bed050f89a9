#include "checker/bounds/SimpleBounds.h"

#include <algorithm>

namespace bpor {

void StackedBound::push(const SearchStack &stack) {
  size_t before = stack.frames.size() - 2;
  values.push_back(computeValueAfter(stack, before, stack.events.back().thread));
}

// The thread that ran last before frames[frame], i.e. last(S) for final(S) = frames[frame].
static ThreadId lastThreadBefore(const SearchStack &stack, size_t frame) {
  return frame == 0 ? NoThread : stack.events[frame - 1].thread;
}

uint64_t ContextBound::computeValueAfter(const SearchStack &stack, size_t frameBefore,
                                         ThreadId u) const {
  ThreadId last = lastThreadBefore(stack, frameBefore);
  return values[frameBefore] + (last != NoThread && last != u ? 1 : 0);
}

uint64_t PreemptionBound::computeValueAfter(const SearchStack &stack, size_t frameBefore,
                                            ThreadId u) const {
  ThreadId last = lastThreadBefore(stack, frameBefore);
  bool preempts =
      last != NoThread && last != u && stack.frames[frameBefore].enabled.contains(last);
  return values[frameBefore] + (preempts ? 1 : 0);
}

// The head of the round-robin order in frames[frame]: the thread run last, thread 0 at first.
static ThreadId priorityHead(const SearchStack &stack, size_t frame) {
  ThreadId last = lastThreadBefore(stack, frame);
  return last == NoThread ? 0 : last;
}

uint64_t DeltaBound::priorityDiff(const SearchStack &stack, size_t frame, ThreadId u) {
  const Frame &f = stack.frames[frame];
  ThreadId head = priorityHead(stack, frame);
  ThreadId n = std::max(f.numThreads(), ThreadId(head + 1));
  // Threads strictly before u in the cyclic order head, head+1, ..., n-1, 0, ..., head-1.
  uint64_t count = 0;
  for (ThreadId k = 0; k < n; ++k) {
    ThreadId t = (head + k) % n;
    if (t == u)
      break;
    if (f.enabled.contains(t))
      ++count;
  }
  return count;
}

ThreadId DeltaBound::highestPriorityEnabled(const SearchStack &stack, size_t frame) {
  const Frame &f = stack.frames[frame];
  ThreadId head = priorityHead(stack, frame);
  ThreadId n = std::max(f.numThreads(), ThreadId(head + 1));
  for (ThreadId k = 0; k < n; ++k) {
    ThreadId t = (head + k) % n;
    if (f.enabled.contains(t))
      return t;
  }
  return NoThread;
}

uint64_t DeltaBound::computeValueAfter(const SearchStack &stack, size_t frameBefore,
                                       ThreadId u) const {
  return values[frameBefore] + priorityDiff(stack, frameBefore, u);
}

uint64_t FairBound::computeValueAfter(const SearchStack &stack, size_t frameBefore,
                                      ThreadId u) const {
  // Called with the yield counts of final(S) = frames[frameBefore] (push() updates `yields`
  // only after computing the new value).
  uint64_t mine = yieldCount(u);
  uint64_t worst = values[frameBefore];
  stack.frames[frameBefore].enabled.forEach([&](ThreadId v) {
    uint64_t theirs = yieldCount(v);
    if (mine > theirs)
      worst = std::max(worst, mine - theirs);
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

std::unique_ptr<BoundFunction> makeBoundFunction(BoundKind kind) {
  switch (kind) {
  case BoundKind::None: return std::make_unique<NoBound>();
  case BoundKind::Depth: return std::make_unique<DepthBound>();
  case BoundKind::Context: return std::make_unique<ContextBound>();
  case BoundKind::Preemption: return std::make_unique<PreemptionBound>();
  case BoundKind::Delta: return std::make_unique<DeltaBound>();
  case BoundKind::Fair: return std::make_unique<FairBound>();
  case BoundKind::LocalDepth:
  case BoundKind::LocalContext: return nullptr; // chapter 7: not yet implemented
  }
  return nullptr;
}

} // namespace bpor
