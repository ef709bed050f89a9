#include "checker/bestfirst/ExecutionTree.h"

#include <algorithm>

namespace bpor {

bool TreeNode::has(uint32_t k, ScheduleStep step) const {
  uint32_t first = firstOwnStep();
  if (k >= first && k - first < taken.size() && taken[k - first] == step)
    return true;
  return std::find(queued.begin(), queued.end(), std::make_pair(k, step)) != queued.end();
}

ExecutionTree::ExecutionTree() {
  auto root = std::make_unique<TreeNode>();
  root_ = root.get();
  nodes_.emplace(root_, std::move(root));
  fringe_.push(Entry{0, 0, order_++, root_});
}

TreeNode &ExecutionTree::owner(TreeNode &node, uint32_t k) {
  TreeNode *n = &node;
  while (n->parent && k < n->firstOwnStep())
    n = n->parent;
  return *n;
}

std::vector<std::pair<uint32_t, ScheduleStep>> ExecutionTree::path(const TreeNode &node) {
  std::vector<std::pair<uint32_t, ScheduleStep>> out;
  for (const TreeNode *n = &node; n->parent; n = n->parent)
    out.emplace_back(n->divergeStep, n->divergence);
  std::reverse(out.begin(), out.end());
  return out;
}

void ExecutionTree::account(const TreeNode &node, int64_t sign) {
  uint64_t size = sizeof(TreeNode) + node.taken.capacity() * sizeof(ScheduleStep) +
                  node.queued.capacity() * sizeof(node.queued[0]);
  bytes_ = sign > 0 ? bytes_ + size : bytes_ - std::min(bytes_, size);
}

TreeNode &ExecutionTree::addChild(TreeNode &parent, uint32_t k, ScheduleStep step,
                                  uint64_t priority, uint64_t tieBreak) {
  account(parent, -1);
  parent.queued.emplace_back(k, step);
  account(parent, +1);
  auto child = std::make_unique<TreeNode>();
  child->parent = &parent;
  child->divergeStep = k;
  child->divergence = step;
  child->priority = priority;
  TreeNode &added = *child;
  nodes_.emplace(&added, std::move(child));
  account(added, +1);
  ++parent.openChildren;
  fringe_.push(Entry{priority, tieBreak, order_++, &added});
  return added;
}

TreeNode *ExecutionTree::next() {
  if (fringe_.empty())
    return nullptr;
  TreeNode *node = fringe_.top().node;
  fringe_.pop();
  return node;
}

uint64_t ExecutionTree::leastPriority() const {
  return fringe_.empty() ? UINT64_MAX : fringe_.top().priority;
}

void ExecutionTree::close(TreeNode &node) {
  TreeNode *n = &node;
  while (n && n->executed && n->openChildren == 0) {
    TreeNode *parent = n->parent;
    account(*n, -1);
    nodes_.erase(n);
    if (!parent)
      break;
    --parent->openChildren;
    n = parent;
  }
}

} // namespace bpor
