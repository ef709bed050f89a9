// The fair bound (Definition 1.9 of the proof companion) and its BPOR procedures (Algorithm
// 13).
#pragma once

#include "checker/bounds/BoundFunction.h"

#include <vector>

namespace bpor {

/// Fb(S.t) = max(Fb(S), max over u enabled in final(S) of Y(S, t.tid) - Y(S, u)), Y counting
/// each thread's yields. The dissertation's Definition 2.11 prints the difference the other
/// way round; the companion's is the one that penalises a thread that keeps yielding while
/// others are enabled, which is what prunes the cycles of spin loops.
class FairBound final : public StackedBound {
public:
  void push(const SearchStack &stack) override;
  void pop(const SearchStack &stack) override;
  /// Algorithm 13: Backtrack at final(S) for a lowest-cost enabled thread. (Its livelock check
  /// is the engine's maxDepth.)
  void initialize(const SearchStack &stack, BacktrackSink &sink) const override;
  /// Algorithm 13: u if it is enabled in pre(S, i) and no release is involved, otherwise every
  /// enabled thread.
  void backtrack(const SearchStack &stack, size_t i, ThreadId u,
                 BacktrackSink &sink) const override;
  bool costReadsEnabledness() const override { return true; }
  /// Every enabled thread, as Initialize and Backtrack do for a pending release.
  void releaseDiscovered(const SearchStack &stack, size_t frameIndex, ThreadId u,
                         BacktrackSink &sink) const override;

  uint64_t costFrom(const SearchStack &stack, size_t frame, ThreadId v) const override;

  uint64_t yieldCount(ThreadId u) const { return u < yields.size() ? yields[u] : 0; }

private:
  uint64_t computeValueAfter(const SearchStack &stack, size_t frameBefore,
                             ThreadId u) const override;
  std::vector<uint64_t> yields; // per thread, in final(S)
};

} // namespace bpor
