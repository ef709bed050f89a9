// The tree of decisions of the reads-from search (docs/design.md, "The reads-from search"):
// each node is the write one read reads; the children of a node share the set of writes
// (named by their unfolding events) that some child reads or was tried with, so that each is
// tried once at that point of the search (Abdulla et al., OOPSLA 2019; Nidhugg's RFSC).
#pragma once

#include "core/Operation.h"

#include <cstdint>
#include <memory>
#include <unordered_set>
#include <vector>

namespace bpor::readsfrom {

/// One event of a witness prefix: the thread (by creation-path name) that takes it, the depth
/// of the decision it stands for (-1: none) and whether its read stays as it is (pinned).
struct Branch {
  ThreadId name = NoThread;
  int32_t decisionDepth = -1;
  bool pinned = false;
};
using Leaf = std::vector<Branch>;

struct DecisionNode {
  std::shared_ptr<DecisionNode> parent;
  int32_t depth = -1; // the root is -1
  /// The unfolding event of the write the read of this decision reads (0: the initial value).
  uint32_t alternative = 0;
  /// A sibling to explore: the prefix that makes its read read `alternative`.
  Leaf leaf;
  /// Held for the children: every alternative a child reads or was tried with.
  std::unordered_set<uint32_t> childAlternatives;

  /// Marks `alternative` taken among this node's siblings: false if it already was.
  bool tryAllocate(uint32_t other) { return parent->childAlternatives.insert(other).second; }
};

/// A new decision below `parent`, reading `alternative` (allocated among its siblings).
std::shared_ptr<DecisionNode> newChild(const std::shared_ptr<DecisionNode> &parent,
                                       uint32_t alternative);
/// A sibling of `of` reading `alternative` (already allocated), explored by replaying `leaf`.
std::shared_ptr<DecisionNode> newSibling(const DecisionNode &of, uint32_t alternative, Leaf leaf);

/// The work left: siblings to explore, the deepest first (so that finished subtrees are freed
/// early, as Nidhugg's priority queue does); within one depth the latest first.
class DecisionQueue {
public:
  void push(std::shared_ptr<DecisionNode> node);
  std::shared_ptr<DecisionNode> pop();
  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }

private:
  std::vector<std::vector<std::shared_ptr<DecisionNode>>> byDepth_; // index depth + 1
  size_t size_ = 0;
};

} // namespace bpor::readsfrom
