#include "checker/readsfrom/DecisionTree.h"

namespace bpor::readsfrom {

std::shared_ptr<DecisionNode> newChild(const std::shared_ptr<DecisionNode> &parent,
                                       uint32_t alternative) {
  auto node = std::make_shared<DecisionNode>();
  node->parent = parent;
  node->depth = parent->depth + 1;
  node->alternative = alternative;
  node->tryAllocate(alternative);
  return node;
}

std::shared_ptr<DecisionNode> newSibling(const DecisionNode &of, uint32_t alternative, Leaf leaf) {
  auto node = std::make_shared<DecisionNode>();
  node->parent = of.parent;
  node->depth = of.depth;
  node->alternative = alternative;
  node->leaf = std::move(leaf);
  return node;
}

void DecisionQueue::push(std::shared_ptr<DecisionNode> node) {
  size_t slot = size_t(node->depth + 1);
  if (slot >= byDepth_.size())
    byDepth_.resize(slot + 1);
  byDepth_[slot].push_back(std::move(node));
  ++size_;
}

std::shared_ptr<DecisionNode> DecisionQueue::pop() {
  while (!byDepth_.empty() && byDepth_.back().empty())
    byDepth_.pop_back();
  if (byDepth_.empty())
    return nullptr;
  std::shared_ptr<DecisionNode> node = std::move(byDepth_.back().back());
  byDepth_.back().pop_back();
  --size_;
  return node;
}

} // namespace bpor::readsfrom
