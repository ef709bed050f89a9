// The execution tree of best-first search (dissertation 3.2-3.4, GAMBIT): every execution is
// the default schedule changed at a few steps, and a node is one such change: the step at which
// its execution leaves its parent's, and the transition it takes there. A node that has run
// keeps, for each step of its own part of the execution, the transitions already taken or
// queued from the state before that step, so that no backtrack point is queued twice. Leaves
// wait in the fringe, ordered by priority; a node whose subtree is finished is deleted ("we
// close nodes by deleting them"), so memory grows with the open nodes, not with the executions.
#pragma once

#include "checker/Explorer.h"

#include <cstdint>
#include <memory>
#include <queue>
#include <unordered_map>
#include <vector>

namespace bpor {

// A node's execution shares the states before steps 0..divergeStep with its parent's (the
// state before divergeStep is where it leaves); its own part is the states after that.
struct TreeNode {
  TreeNode *parent = nullptr;
  uint32_t divergeStep = 0;     // the step at which it leaves its parent's execution
  ScheduleStep divergence;      // the transition taken there (none for the root)
  uint64_t priority = 0;        // its cost when queued
  uint32_t openChildren = 0;    // children not yet finished
  bool executed = false;
  /// The transition taken at each step of its own part, from firstOwnStep() on.
  std::vector<ScheduleStep> taken;
  /// Transitions queued (or cut by the bound) from the states of its own part: (step, it).
  std::vector<std::pair<uint32_t, ScheduleStep>> queued;

  uint32_t firstOwnStep() const { return parent ? divergeStep + 1 : 0; }
  /// Whether `step` from the state before step k (one of its own) was taken or queued.
  bool has(uint32_t k, ScheduleStep step) const;
};

class ExecutionTree {
public:
  ExecutionTree();
  TreeNode &root() { return *root_; }

  /// The node whose own part holds the state before step k, from `node` up.
  static TreeNode &owner(TreeNode &node, uint32_t k);
  /// The divergences from the root to `node`, in step order.
  static std::vector<std::pair<uint32_t, ScheduleStep>> path(const TreeNode &node);

  /// Queues a new child of `parent` diverging at step k with `step`.
  TreeNode &addChild(TreeNode &parent, uint32_t k, ScheduleStep step, uint64_t priority,
                     uint64_t tieBreak);
  /// The open leaf of least priority (ties: the one queued last, which keeps the search close
  /// to depth-first and its fringe small, dissertation 3.5.4); null when none is left.
  TreeNode *next();
  /// The least priority in the fringe (UINT64_MAX when it is empty).
  uint64_t leastPriority() const;
  /// After `node` ran and queued its children: deletes it and every ancestor whose subtree is
  /// finished.
  void close(TreeNode &node);

  size_t openNodes() const { return fringe_.size(); }
  size_t liveNodes() const { return nodes_.size(); }
  /// Bytes held by the live nodes (their vectors included).
  uint64_t bytes() const { return bytes_; }
  void account(const TreeNode &node, int64_t sign);

private:
  struct Entry {
    uint64_t priority, tieBreak, order;
    TreeNode *node;
    bool operator<(const Entry &o) const { // std::priority_queue pops the largest
      if (priority != o.priority)
        return priority > o.priority;
      if (tieBreak != o.tieBreak)
        return tieBreak > o.tieBreak;
      return order < o.order; // later queued first
    }
  };
  std::unordered_map<TreeNode *, std::unique_ptr<TreeNode>> nodes_;
  TreeNode *root_;
  std::priority_queue<Entry> fringe_;
  uint64_t order_ = 0;
  uint64_t bytes_ = 0;
};

} // namespace bpor
