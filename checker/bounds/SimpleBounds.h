// The total-order bound functions of dissertation 2.7, each computed incrementally.
#pragma once

#include "checker/bounds/BoundFunction.h"

#include <vector>

namespace bpor {

/// Bv(S) = 0 for every S: unbounded search is bounded search with this function (chapter 4).
class NoBound final : public BoundFunction {
public:
  uint64_t value(const SearchStack &) const override { return 0; }
  uint64_t valueAfter(const SearchStack &, ThreadId) const override { return 0; }
  void push(const SearchStack &) override {}
  void pop(const SearchStack &) override {}
};

/// Definition 2.7: Df(S) = len(S).
class DepthBound final : public BoundFunction {
public:
  uint64_t value(const SearchStack &stack) const override { return stack.length(); }
  uint64_t valueAfter(const SearchStack &stack, ThreadId) const override {
    return stack.length() + 1;
  }
  void push(const SearchStack &) override {}
  void pop(const SearchStack &) override {}
};

/// Values kept on a stack parallel to the search stack: values[len(S)] = Bv(S).
class StackedBound : public BoundFunction {
public:
  uint64_t value(const SearchStack &) const override { return values.back(); }
  void push(const SearchStack &stack) override;
  void pop(const SearchStack &) override { values.pop_back(); }
  uint64_t valueAfter(const SearchStack &stack, ThreadId u) const override {
    return computeValueAfter(stack, stack.frames.size() - 1, u);
  }

protected:
  /// Bv(S.t) where S is the stack without its last event t. `frameBefore` is final(S).
  virtual uint64_t computeValueAfter(const SearchStack &stack, size_t frameBefore,
                                     ThreadId u) const = 0;
  std::vector<uint64_t> values{0};
};

/// Definition 2.8: one per context switch (a transition by another thread than last(S)).
class ContextBound final : public StackedBound {
private:
  uint64_t computeValueAfter(const SearchStack &stack, size_t frameBefore,
                             ThreadId u) const override;
};

/// Definition 2.9 (and Definition 1.5, proof companion): one per preemptive context switch,
/// a switch away from last(S).tid while that thread is still enabled.
class PreemptionBound final : public StackedBound {
private:
  uint64_t computeValueAfter(const SearchStack &stack, size_t frameBefore,
                             ThreadId u) const override;
};

/// Definition 2.10: round-robin priorities; running u costs the number of enabled threads with
/// higher priority than u, and makes u the highest-priority thread. Priorities are the cyclic
/// order of thread ids starting at the last thread run (thread 0 initially), which gives each
/// thread, including threads created later, a unique priority in every state.
class DeltaBound final : public StackedBound {
public:
  /// PriorityDiff(s, u): enabled threads of frames[frame] that come before u in priority.
  static uint64_t priorityDiff(const SearchStack &stack, size_t frame, ThreadId u);
  /// The highest-priority enabled thread of frames[frame] (NoThread if none is enabled).
  static ThreadId highestPriorityEnabled(const SearchStack &stack, size_t frame);

private:
  uint64_t computeValueAfter(const SearchStack &stack, size_t frameBefore,
                             ThreadId u) const override;
};

/// Definition 1.9 of the proof companion: Fb(S.t) = max(Fb(S), max over u enabled in final(S)
/// of Y(S, t.tid) - Y(S, u)) where Y counts each thread's yields. (The dissertation's
/// Definition 2.11 prints the difference the other way round; the companion's is the one that
/// penalises a thread that keeps yielding while others are enabled, which is what prunes
/// cycles.)
class FairBound final : public StackedBound {
public:
  void push(const SearchStack &stack) override;
  void pop(const SearchStack &stack) override;
  uint64_t yieldCount(ThreadId u) const { return u < yields.size() ? yields[u] : 0; }

private:
  uint64_t computeValueAfter(const SearchStack &stack, size_t frameBefore,
                             ThreadId u) const override;
  std::vector<uint64_t> yields; // per thread, in final(S)
};

} // namespace bpor
