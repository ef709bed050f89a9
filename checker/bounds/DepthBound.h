// The depth bound (Definition 2.7) and its BPOR procedures (Algorithm 9).
#pragma once

#include "checker/bounds/BoundFunction.h"

namespace bpor {

/// Df(S) = len(S).
class DepthBound final : public BoundFunction {
public:
  uint64_t value(const SearchStack &stack) const override { return stack.length(); }
  uint64_t valueAfter(const SearchStack &stack, ThreadId) const override {
    return stack.length() + 1;
  }
  void push(const SearchStack &) override {}
  void pop(const SearchStack &) override {}

  /// Algorithm 9: every enabled thread, which gives up partial-order reduction (a depth-bound
  /// persistent set is not local sufficient, Figure 5.1).
  void initialize(const SearchStack &stack, BacktrackSink &sink) const override {
    size_t top = stack.frames.size() - 1;
    stack.top().enabled.forEach([&](ThreadId u) { sink.add(top, u); });
  }
  /// Algorithm 9: nothing; Initialize already added every enabled thread.
  void backtrack(const SearchStack &, size_t, ThreadId, BacktrackSink &) const override {}
};

} // namespace bpor
