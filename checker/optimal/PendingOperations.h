// next(s, u) for every state s on the search stack, stored as the changes along the path.
//
// A thread's pending operation changes only when the thread itself steps (Model.h: another
// thread's step never changes it), so the state a step reaches has new operations only for the
// thread that stepped and the threads it created. Each state records those; next(s, u) is u's
// latest change at or above s. A step then copies one operation, not one per thread, and
// backtracking past a state drops the changes made there.
#pragma once

#include "core/Operation.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace bpor::optimal {

class PendingOperations {
public:
  /// Thread u's next operation in state `depth` is `op`, as u's (a model need not name the
  /// thread in it); replaces one set at that depth. u's earlier changes are at smaller depths.
  /// Returns the stored operation (its other fields the caller may still adjust).
  Operation &set(size_t depth, ThreadId u, const Operation &op) {
    if (u >= byThread_.size())
      byThread_.resize(u + 1);
    std::vector<Change> &changes = byThread_[u];
    Operation *stored;
    if (!changes.empty() && changes.back().depth == depth) {
      stored = &changes.back().op;
    } else {
      Change &change = changes.emplace_back();
      change.depth = depth;
      stored = &change.op;
      if (depth >= changedAt_.size())
        changedAt_.resize(depth + 1);
      changedAt_[depth].push_back(u);
    }
    *stored = op;
    // Written only when it differs: a field stored just before the operation is copied whole
    // is read back from a store still in flight (copyEvent, Event.h).
    if (stored->thread != u)
      stored->thread = u;
    return *stored;
  }

  /// next(state `depth`, u). u must have a change at or above `depth`. The reference is valid
  /// until the next set().
  const Operation &at(size_t depth, ThreadId u) const {
    const std::vector<Change> &changes = byThread_[u];
    if (changes.back().depth <= depth) // the top state and most others: the latest change
      return changes.back().op;
    size_t low = 0, high = changes.size() - 1; // changes[high].depth > depth
    while (high - low > 1) {
      size_t middle = (low + high) / 2;
      (changes[middle].depth <= depth ? low : high) = middle;
    }
    return changes[low].op;
  }

  /// Drops the changes made at `depth` (the deepest state, popped from the stack).
  void pop(size_t depth) {
    if (depth >= changedAt_.size())
      return;
    for (ThreadId u : changedAt_[depth])
      byThread_[u].pop_back();
    changedAt_[depth].clear();
  }

private:
  struct Change {
    size_t depth;
    Operation op;
  };
  std::vector<std::vector<Change>> byThread_; // per thread, by increasing depth
  std::vector<std::vector<ThreadId>> changedAt_; // per depth: the threads changed there
};

} // namespace bpor::optimal
