// A bound evaluation function Bv (dissertation 2.7), computed incrementally along the search
// stack, together with its BPOR Initialize and Backtrack procedures (Algorithm 8 calls them at
// Lines 7 and 11; Algorithms 9-13 and 20 define them per bound).
//
// Protocol: the engine calls push() after appending an event and its new final state to the
// stack (S becomes S.t) and pop() while that event is still on the stack, just before removing
// it, so a bound keeps its own stack of per-state values.
#pragma once

#include "checker/Explorer.h"
#include "checker/SearchStack.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace bpor {

/// What a bound's Initialize and Backtrack procedures may do to the stack: add backtrack
/// points. A point is `conservative` when the bound requires it beyond what DPOR would
/// (dissertation 5.2.1); with the bound optimization (6.4, Algorithms 18-19) those are kept
/// aside and explored only if the search exceeds the bound below the state.
class BacktrackSink {
public:
  virtual ~BacktrackSink() = default;
  /// Adds u to backtrack(pre(S, i)) (i is 0-based: frames[i]).
  virtual void add(size_t frameIndex, ThreadId u, bool conservative = false) = 0;
  /// Adds every enabled (and, with sleep sets, not sleeping) thread to backtrack(pre(S, i)).
  virtual void addAllEnabled(size_t frameIndex, bool conservative = false) = 0;
  /// An Initialize procedure passed over an enabled transition because it exceeds the bound.
  virtual void transitionExceedsBound() = 0;
  /// The awake threads of E(S, i, u) (Definition 6.5, dissertation) when the alternative
  /// thread optimization (6.2) is on; empty when it is off.
  virtual ThreadSet alternatives(size_t frameIndex, ThreadId u) const = 0;
};

/// Forwards to another sink with every point marked conservative: a bound's whole Backtrack
/// run for a point that only the bound needs.
class ConservativeSink final : public BacktrackSink {
public:
  explicit ConservativeSink(BacktrackSink &target) : target(target) {}
  void add(size_t frameIndex, ThreadId u, bool) override { target.add(frameIndex, u, true); }
  void addAllEnabled(size_t frameIndex, bool) override { target.addAllEnabled(frameIndex, true); }
  void transitionExceedsBound() override { target.transitionExceedsBound(); }
  ThreadSet alternatives(size_t frameIndex, ThreadId u) const override {
    return target.alternatives(frameIndex, u);
  }

private:
  BacktrackSink &target;
};

class BoundFunction {
public:
  virtual ~BoundFunction() = default;

  /// The bound c (some Initialize procedures choose among transitions within it).
  void setLimit(uint64_t c) { limit = c; }
  uint64_t limitValue() const { return limit; }
  /// Whether thread u's next transition from final(S) is within the bound: Bv(S.t) <= c.
  virtual bool allows(const SearchStack &stack, ThreadId u) const {
    return valueAfter(stack, u) <= limit;
  }

  /// Bv(S): the bounded value of the current stack.
  virtual uint64_t value(const SearchStack &stack) const = 0;
  /// Bv(S.next(final(S), u)) for a thread u enabled in final(S).
  virtual uint64_t valueAfter(const SearchStack &stack, ThreadId u) const = 0;
  /// The stack grew by stack.events.back(); frames.back() is the new final state.
  virtual void push(const SearchStack &stack) = 0;
  /// stack.events.back() is about to be removed.
  virtual void pop(const SearchStack &stack) = 0;

  /// BPOR's Initialize(S): seeds backtrack(final(S)) with at least one enabled thread within
  /// the bound, if one exists.
  virtual void initialize(const SearchStack &stack, BacktrackSink &sink) const = 0;
  /// BPOR's Backtrack(S, i, u) for the dependence between events[i] and next(final(S), u).
  virtual void backtrack(const SearchStack &stack, size_t i, ThreadId u,
                         BacktrackSink &sink) const = 0;
  /// Thread u, taken from frames[frameIndex], executed a release although its pending
  /// operation there did not show one (a transition that ends its thread: the runtime cannot
  /// tell before it runs). Adds what Initialize and Backtrack would have added at that state
  /// had they known (docs/algorithms-notes.md, item 5). Bounds that do not judge pending
  /// releases add nothing.
  virtual void releaseDiscovered(const SearchStack &stack, size_t frameIndex, ThreadId u,
                                 BacktrackSink &sink) const {}
  /// The step to frames.back() was taken from frames[size - 2] (still on the stack); a bound
  /// may add backtrack points there that depend on what the step did (the combined bound of
  /// 6.6 does when the step changed another thread's enabledness).
  virtual void stepped(const SearchStack &stack, BacktrackSink &sink) const {}
  /// Every awake enabled thread of final(S) exceeds the bound (the execution ends there).
  virtual void allCut(const SearchStack &stack, BacktrackSink &sink) const {}
  /// Whether a transition's cost reads which threads are enabled (preemption, delta, fair).
  /// Running a thread before a release can then make a later switch free (its acquire blocks,
  /// Figure 6.3, dissertation), so the release optimization (6.3) may move a race's backtrack
  /// point to the acquire only if it keeps the one before the release too, as a conservative
  /// point (docs/algorithms-notes.md, item 13).
  virtual bool costReadsEnabledness() const { return false; }
  /// The cost of thread v's next transition from frames[frame], Bv(S'.next(pre(S, frame), v))
  /// with final(S') = frames[frame], by which Algorithm 16 picks the cheapest alternative
  /// thread. Bounds that cannot tell from an earlier state return 0 (then the lowest thread
  /// id is taken).
  virtual uint64_t costFrom(const SearchStack &stack, size_t frame, ThreadId v) const { return 0; }

protected:
  uint64_t limit = ~uint64_t(0);
};

/// The thread a Backtrack procedure adds to backtrack(pre(S, i)) for a race with next(final(S),
/// u): u if it is awake in pre(S, i); otherwise, with `costs` given and the alternative thread
/// optimization on, the cheapest awake thread of E(S, i, u) by costs->costFrom (Algorithm 16);
/// otherwise NoThread, and the procedure must add every enabled thread.
ThreadId backtrackThread(const SearchStack &stack, size_t i, ThreadId u, const BacktrackSink &sink,
                         const BoundFunction *costs);

/// AddBacktrackPoint of Algorithms 11 and 19 (and Backtrack of Algorithms 7 and 20): u if it
/// is enabled in pre(S, i), otherwise (with `costs`, Algorithm 16) the cheapest alternative
/// thread of E(S, i, u), otherwise every enabled thread.
void addBacktrackPoint(const SearchStack &stack, size_t i, ThreadId u, BacktrackSink &sink,
                       bool conservative = false, const BoundFunction *costs = nullptr);

/// Initialize of Algorithms 7 and 11: the thread that ran last if it is still enabled (its
/// transition is never the more expensive one), otherwise the first enabled thread; sleeping
/// threads count as disabled.
ThreadId preferredEnabledThread(const SearchStack &stack);

/// A bound whose values are kept on a stack parallel to the search stack:
/// values[len(S)] = Bv(S).
class StackedBound : public BoundFunction {
public:
  uint64_t value(const SearchStack &) const override { return values.back(); }
  uint64_t valueAfter(const SearchStack &stack, ThreadId u) const override {
    return computeValueAfter(stack, stack.frames.size() - 1, u);
  }
  void push(const SearchStack &stack) override;
  void pop(const SearchStack &) override { values.pop_back(); }
  uint64_t costFrom(const SearchStack &stack, size_t frame, ThreadId v) const override {
    return computeValueAfter(stack, frame, v);
  }

protected:
  /// Bv(S'.u) where final(S') = frames[frameBefore] and values[frameBefore] = Bv(S').
  virtual uint64_t computeValueAfter(const SearchStack &stack, size_t frameBefore,
                                     ThreadId u) const = 0;
  std::vector<uint64_t> values{0};
};

/// The thread of last(S') where final(S') = frames[frame], or NoThread for frame 0.
inline ThreadId lastThreadBefore(const SearchStack &stack, size_t frame) {
  return frame == 0 ? NoThread : stack.events[frame - 1].thread;
}

/// The bound `kind` with limit `limit`; with `fairLimit`, combined with a fair bound of that
/// limit (6.6; `kind` must be Context, Preemption or Delta).
std::unique_ptr<BoundFunction> makeBoundFunction(BoundKind kind, uint64_t limit,
                                                 std::optional<uint64_t> fairLimit = {});

} // namespace bpor
