// The context bound (Definition 2.8) and its BPOR procedures (Algorithm 10).
#pragma once

#include "checker/bounds/BoundFunction.h"

namespace bpor {

/// One per context switch: a transition by another thread than last(S).
class ContextBound final : public StackedBound {
public:
  /// Algorithm 10: last(S).tid if it is enabled (free), otherwise every enabled thread (they
  /// all cost a context switch).
  void initialize(const SearchStack &stack, BacktrackSink &sink) const override;
  /// Algorithm 10: backtrack(pre(S, i)) = enabled(pre(S, i)).
  void backtrack(const SearchStack &stack, size_t i, ThreadId u,
                 BacktrackSink &sink) const override;

private:
  uint64_t computeValueAfter(const SearchStack &stack, size_t frameBefore,
                             ThreadId u) const override;
};

} // namespace bpor
