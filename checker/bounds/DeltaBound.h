// The delta bound (Definition 2.10) and its BPOR procedures (Algorithm 12).
#pragma once

#include "checker/bounds/BoundFunction.h"

namespace bpor {

/// Round-robin priorities: running u costs the number of enabled threads with higher priority
/// than u, and makes u the highest-priority thread. Priorities are the cyclic order of thread
/// ids starting at the last thread run (thread 0 initially), which gives every thread,
/// including threads created later, a unique priority in every state.
class DeltaBound final : public StackedBound {
public:
  /// Algorithm 12: Backtrack at final(S) for the cheapest (highest-priority) enabled thread.
  void initialize(const SearchStack &stack, BacktrackSink &sink) const override;
  /// Algorithm 12: u and every enabled thread of higher priority in pre(S, i), unless u is
  /// disabled there or a release is involved (then every enabled thread).
  void backtrack(const SearchStack &stack, size_t i, ThreadId u,
                 BacktrackSink &sink) const override;
  bool costReadsEnabledness() const override { return true; }
  /// Every enabled thread, as Initialize and Backtrack do for a pending release.
  void releaseDiscovered(const SearchStack &stack, size_t frameIndex, ThreadId u,
                         BacktrackSink &sink) const override;

  /// PriorityDiff(s, u) for s = frames[frame]: enabled threads before u in priority.
  static uint64_t priorityDiff(const SearchStack &stack, size_t frame, ThreadId u);
  /// The highest-priority enabled thread of frames[frame] (NoThread if none is enabled).
  static ThreadId highestPriorityEnabled(const SearchStack &stack, size_t frame);

private:
  uint64_t computeValueAfter(const SearchStack &stack, size_t frameBefore,
                             ThreadId u) const override;
  void addUpToPriorityOf(const SearchStack &stack, size_t i, ThreadId u, bool eventIsRelease,
                         BacktrackSink &sink) const;
};

} // namespace bpor
