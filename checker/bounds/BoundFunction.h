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

namespace bpor {

/// What a bound's Backtrack procedure may do to the stack: add backtrack points. Counting the
/// conservative ones (every enabled thread) is the engine's business.
class BacktrackSink {
public:
  virtual ~BacktrackSink() = default;
  /// Adds u to backtrack(pre(S, i)) (i is 0-based: frames[i]).
  virtual void add(size_t frameIndex, ThreadId u) = 0;
  /// Adds every enabled (and, with sleep sets, not sleeping) thread to backtrack(pre(S, i)).
  virtual void addAllEnabled(size_t frameIndex) = 0;
};

class BoundFunction {
public:
  virtual ~BoundFunction() = default;

  /// Bv(S): the bounded value of the current stack.
  virtual uint64_t value(const SearchStack &stack) const = 0;
  /// Bv(S.next(final(S), u)) for a thread u enabled in final(S).
  virtual uint64_t valueAfter(const SearchStack &stack, ThreadId u) const = 0;
  /// The stack grew by stack.events.back(); frames.back() is the new final state.
  virtual void push(const SearchStack &stack) = 0;
  /// stack.events.back() is about to be removed.
  virtual void pop(const SearchStack &stack) = 0;
};

std::unique_ptr<BoundFunction> makeBoundFunction(BoundKind kind);

} // namespace bpor
