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
  /// persistent set is not local sufficient, Figure 5.1). All but DPOR's one are conservative.
  void initialize(const SearchStack &stack, BacktrackSink &sink) const override {
    size_t top = stack.frames.size() - 1;
    ThreadId first = preferredEnabledThread(stack);
    if (first == NoThread)
      return;
    sink.add(top, first);
    sink.addAllEnabled(top, true);
  }
  /// Algorithm 9 does nothing, as Initialize added every enabled thread. DPOR's own backtrack
  /// point is added too, which changes nothing then, and is what the bound optimization (6.4)
  /// keeps when the conservative ones are set aside.
  void backtrack(const SearchStack &stack, size_t i, ThreadId u,
                 BacktrackSink &sink) const override {
    addBacktrackPoint(stack, i, u, sink, false, this);
  }
};

} // namespace bpor
