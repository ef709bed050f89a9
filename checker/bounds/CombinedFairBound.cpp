#include "checker/bounds/CombinedFairBound.h"

#include "checker/Dependence.h"

namespace bpor {

CombinedFairBound::CombinedFairBound(std::unique_ptr<BoundFunction> main, uint64_t fairLimit)
    : main(std::move(main)) {
  fair.setLimit(fairLimit);
  // Initialize procedures that choose within the bound read `limit`.
  setLimit(this->main->limitValue());
}

void CombinedFairBound::push(const SearchStack &stack) {
  main->push(stack);
  fair.push(stack);
}

void CombinedFairBound::pop(const SearchStack &stack) {
  main->pop(stack);
  fair.pop(stack);
}

void CombinedFairBound::initialize(const SearchStack &stack, BacktrackSink &sink) const {
  main->initialize(stack, sink);
  fair.initialize(stack, sink);
  size_t top = stack.frames.size() - 1;
  const SearchFrame &f = stack.top();
  bool cut = false, fairBlocked = false;
  f.enabled.forEach([&](ThreadId u) {
    cut = cut || (f.awake(u) && !allows(stack, u));
    fairBlocked = fairBlocked || (f.awake(u) && !fair.allows(stack, u));
  });
  if (cut) {
    sink.transitionExceedsBound();
    sink.addAllEnabled(top, true);
  }
  // 6.6: "schedule all threads at their most recent cheaper locations". A fair-blocked thread
  // forces the others to run here, where the other bound may charge them (a preemption of the
  // blocked thread) what an earlier state did not: each thread that may run here also goes to
  // the most recent earlier state where the other bound's value after it is lower, within the
  // fair bound there, and where it was awake and not the thread taken (pinned by test
  // CombinedFairBoundRegression.SoakRound30240558).
  if (fairBlocked)
    f.enabled.forEach([&](ThreadId v) {
      if (f.awake(v) && allows(stack, v))
        scheduleWhereCheaper(stack, v, main->valueAfter(stack, v), sink);
    });
}

void CombinedFairBound::scheduleWhereCheaper(const SearchStack &stack, ThreadId v, uint64_t cost,
                                             BacktrackSink &sink) const {
  for (size_t k = stack.events.size(); k-- > 0;) {
    if (!stack.frames[k].awake(v) || stack.events[k].thread == v ||
        main->costFrom(stack, k, v) >= cost)
      continue;
    if (fair.costFrom(stack, k, v) <= fair.limitValue()) {
      sink.add(k, v, true);
      return;
    }
  }
}

namespace {
// The alternative thread optimization (6.2) with a fair bound in the combination: E(S, i, u)
// (Definition 6.5) admits only threads enabled in pre(S, i), and 6.6 says the other bound
// must treat a fair-blocked thread as it treats a disabled one. So a thread whose next
// transition from pre(S, i) exceeds the fair bound is no alternative: it is never explored
// there (Requirement 1 keeps the explored set within the bound), and the preemption bound's
// second point would then stand on a thread that cannot run either. Without an alternative
// left, the bounds' Backtrack falls back to every enabled thread, as for an empty E
// (docs/algorithms-notes.md, "Combining the fair bound with another bound"; pinned by test
// CombinedFairBoundRegression.SoakRound1007776).
class FairAlternativesSink final : public BacktrackSink {
public:
  FairAlternativesSink(BacktrackSink &target, const SearchStack &stack, const FairBound &fair)
      : target(target), stack(stack), fair(fair) {}
  void add(size_t frameIndex, ThreadId u, bool conservative) override {
    target.add(frameIndex, u, conservative);
  }
  void addAllEnabled(size_t frameIndex, bool conservative) override {
    target.addAllEnabled(frameIndex, conservative);
  }
  void transitionExceedsBound() override { target.transitionExceedsBound(); }
  ThreadSet alternatives(size_t frameIndex, ThreadId u) const override {
    ThreadSet within = target.alternatives(frameIndex, u);
    ThreadSet all = within;
    all.forEach([&](ThreadId v) {
      if (fair.costFrom(stack, frameIndex, v) > fair.limitValue())
        within.erase(v);
    });
    return within;
  }

private:
  BacktrackSink &target;
  const SearchStack &stack;
  const FairBound &fair;
};
} // namespace

void CombinedFairBound::backtrack(const SearchStack &stack, size_t i, ThreadId u,
                                  BacktrackSink &target) const {
  FairAlternativesSink sink(target, stack, fair);
  main->backtrack(stack, i, u, sink);
  fair.backtrack(stack, i, u, sink);
  // 6.6's points before releases and operations that may block: for the transition S_i, and
  // for the one each bound runs from pre(S, i) in the race's place (u, or the alternative
  // thread standing for it).
  auto blocksOrReleases = [](const Operation &op) { return isRelease(op) || mayBlock(op); };
  // The frame is looked up at each use: the sinks may grow the stack's frames. A thread with no
  // pending operation recorded at pre(S, i) counts as blocking (the conservative choice).
  auto pendingBlocksOrReleases = [&](ThreadId t) {
    const SearchFrame &pre = stack.frames[i];
    return t >= pre.next.size() || blocksOrReleases(pre.next[t]);
  };
  bool conservative = blocksOrReleases(stack.events[i]) || pendingBlocksOrReleases(u);
  const BoundFunction *bounds[] = {main.get(), &fair};
  for (const BoundFunction *costs : bounds) {
    ThreadId v = backtrackThread(stack, i, u, sink, costs);
    conservative = conservative || (v != NoThread && pendingBlocksOrReleases(v));
  }
  if (conservative)
    sink.addAllEnabled(i, true);
}

void CombinedFairBound::releaseDiscovered(const SearchStack &stack, size_t frameIndex, ThreadId u,
                                          BacktrackSink &sink) const {
  main->releaseDiscovered(stack, frameIndex, u, sink);
  fair.releaseDiscovered(stack, frameIndex, u, sink);
}

void CombinedFairBound::stepped(const SearchStack &stack, BacktrackSink &sink) const {
  size_t from = stack.frames.size() - 2;
  const SearchFrame &before = stack.frames[from];
  const SearchFrame &after = stack.top();
  ThreadId stepper = stack.events.back().thread;
  bool changed = false;
  after.alive.forEach([&](ThreadId w) {
    if (w != stepper && before.enabled.contains(w) != after.enabled.contains(w))
      changed = true;
  });
  if (changed)
    sink.addAllEnabled(from, true);
}

bool CombinedFairBound::allowedFrom(const SearchStack &stack, size_t frame, ThreadId v) const {
  return main->costFrom(stack, frame, v) <= main->limitValue() &&
         fair.costFrom(stack, frame, v) <= fair.limitValue();
}

void CombinedFairBound::allCut(const SearchStack &stack, BacktrackSink &sink) const {
  const SearchFrame &f = stack.top();
  f.enabled.forEach([&](ThreadId v) {
    if (!f.awake(v))
      return;
    for (size_t k = stack.events.size(); k-- > 0;) {
      if (stack.frames[k].awake(v) && stack.events[k].thread != v && allowedFrom(stack, k, v)) {
        sink.add(k, v, true);
        return;
      }
    }
  });
}

} // namespace bpor
