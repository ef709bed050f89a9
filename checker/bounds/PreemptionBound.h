// The preemption bound (Definition 2.9; Definition 1.5 of the proof companion) and its BPOR
// procedures (Algorithm 11).
#pragma once

#include "checker/bounds/BoundFunction.h"

namespace bpor {

/// One per preemptive context switch: a switch away from last(S).tid while it is enabled.
class PreemptionBound final : public StackedBound {
public:
  /// Algorithm 11: last(S).tid if it is enabled, otherwise any enabled thread (all free).
  void initialize(const SearchStack &stack, BacktrackSink &sink) const override;
  /// Algorithm 11: a backtrack point before S_i, and one before the most recent context switch
  /// strictly before i (Requirement 3 of Definition 4.10: ext(s, t) must stay independent).
  /// With the alternative thread optimization, Algorithm 16: for a u not awake before S_i, the
  /// cheapest thread of E(S, i, u) at both points.
  void backtrack(const SearchStack &stack, size_t i, ThreadId u,
                 BacktrackSink &sink) const override;
  bool costReadsEnabledness() const override { return true; }

  /// max{j < i | j = 0 or S_{j-1}.tid != S_j.tid} (0-based), or SIZE_MAX if i == 0.
  static size_t lastContextSwitchBefore(const SearchStack &stack, size_t i);

private:
  uint64_t computeValueAfter(const SearchStack &stack, size_t frameBefore,
                             ThreadId u) const override;
};

} // namespace bpor
