// Unbounded search as bounded search with Bv = 0 (chapter 4); BPOR with it is DPOR
// (Algorithm 7) without sleep sets.
#pragma once

#include "checker/bounds/BoundFunction.h"

namespace bpor {

class NoBound final : public BoundFunction {
public:
  uint64_t value(const SearchStack &) const override { return 0; }
  uint64_t valueAfter(const SearchStack &, ThreadId) const override { return 0; }
  void push(const SearchStack &) override {}
  void pop(const SearchStack &) override {}

  /// Algorithm 7, Line 11.
  void initialize(const SearchStack &stack, BacktrackSink &sink) const override {
    ThreadId u = preferredEnabledThread(stack);
    if (u != NoThread)
      sink.add(stack.frames.size() - 1, u);
  }
  /// Algorithm 7, Backtrack.
  void backtrack(const SearchStack &stack, size_t i, ThreadId u,
                 BacktrackSink &sink) const override {
    addBacktrackPoint(stack, i, u, sink, false, this); // with 6.2's alternative thread
  }
};

} // namespace bpor
