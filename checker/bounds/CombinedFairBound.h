// A fair bound enforced together with a context, preemption or delta bound (6.6,
// dissertation): the fair bound keeps spin loops finite while the other bound limits the
// schedules. A transition is within the combined bound iff it is within both.
#pragma once

#include "checker/bounds/BoundFunction.h"
#include "checker/bounds/FairBound.h"

#include <memory>

namespace bpor {

class CombinedFairBound final : public BoundFunction {
public:
  /// `main` carries its own limit (setLimit), the fair bound gets `fairLimit`.
  CombinedFairBound(std::unique_ptr<BoundFunction> main, uint64_t fairLimit);

  /// The main bound's value: the one iterative bounding raises.
  uint64_t value(const SearchStack &stack) const override { return main->value(stack); }
  uint64_t valueAfter(const SearchStack &stack, ThreadId u) const override {
    return main->valueAfter(stack, u);
  }
  bool allows(const SearchStack &stack, ThreadId u) const override {
    return main->allows(stack, u) && fair.allows(stack, u);
  }
  void push(const SearchStack &stack) override;
  void pop(const SearchStack &stack) override;

  /// Both bounds' Initialize; and where a thread is cut by either bound, every enabled thread
  /// (conservative): a cut thread changes the costs the main bound's choice relied on. Where
  /// the fair bound cuts one, each thread that may run also at its most recent cheaper state.
  void initialize(const SearchStack &stack, BacktrackSink &sink) const override;
  /// Both bounds' Backtrack; and every enabled thread (conservative) when S_i or next(pre(S, i),
  /// u) is a release or may block (6.6: "before acquires and any operation that may block").
  /// With the alternative thread optimization, only threads within the fair bound at pre(S, i)
  /// are alternatives (a fair-blocked thread counts as disabled, 6.6).
  void backtrack(const SearchStack &stack, size_t i, ThreadId u,
                 BacktrackSink &sink) const override;
  void releaseDiscovered(const SearchStack &stack, size_t frameIndex, ThreadId u,
                         BacktrackSink &sink) const override;
  /// 6.6: "we conservatively place additional backtrack points whenever a thread's
  /// enabledness changes": every enabled thread before a step that enabled or disabled another.
  void stepped(const SearchStack &stack, BacktrackSink &sink) const override;
  /// 6.6: "if all transitions exceed the bound, schedule all threads at their most recent
  /// cheaper locations": each enabled thread at the most recent earlier state where it was
  /// awake, within both bounds and not the thread taken.
  void allCut(const SearchStack &stack, BacktrackSink &sink) const override;

  bool costReadsEnabledness() const override { return true; }
  uint64_t costFrom(const SearchStack &stack, size_t frame, ThreadId v) const override {
    return main->costFrom(stack, frame, v);
  }

private:
  bool allowedFrom(const SearchStack &stack, size_t frame, ThreadId v) const;
  /// Adds v at the most recent earlier state where the main bound's value after v is below
  /// `cost`, v is within the fair bound, awake and not the thread taken.
  void scheduleWhereCheaper(const SearchStack &stack, ThreadId v, uint64_t cost,
                            BacktrackSink &sink) const;

  std::unique_ptr<BoundFunction> main;
  FairBound fair;
};

} // namespace bpor
