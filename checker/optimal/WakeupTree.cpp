#include "checker/optimal/WakeupTree.h"

#include <algorithm>
#include <cstddef>

namespace bpor::optimal {

namespace {

// Index of the first event of `thread` in v, or v.size().
size_t firstOf(ThreadId thread, const std::vector<Event> &v) {
  for (size_t k = 0; k < v.size(); ++k)
    if (v[k].thread() == thread)
      return k;
  return v.size();
}

bool independentOfPrefix(const Event &event, const std::vector<Event> &v, size_t end) {
  for (size_t k = 0; k < end; ++k)
    if (conflicts(v[k], event))
      return false;
  return true;
}

size_t countNodes(const std::vector<WakeupNode> &nodes) {
  size_t n = nodes.size();
  for (const WakeupNode &node : nodes)
    n += countNodes(node.children);
  return n;
}

} // namespace

bool inInitials(ThreadId thread, const std::vector<Event> &v) {
  size_t k = firstOf(thread, v);
  return k < v.size() && independentOfPrefix(v[k], v, k);
}

bool inWeakInitials(const Event &next, const std::vector<Event> &v) {
  size_t k = firstOf(next.thread(), v);
  if (k < v.size())
    return sameChoice(next, v[k]) && independentOfPrefix(v[k], v, k);
  return independentOfPrefix(next, v, v.size());
}

std::vector<ThreadId> initials(const std::vector<Event> &v) {
  std::vector<ThreadId> result;
  for (size_t k = 0; k < v.size(); ++k) {
    ThreadId t = v[k].thread();
    if (firstOf(t, v) == k && independentOfPrefix(v[k], v, k))
      result.push_back(t);
  }
  return result;
}

uint32_t choiceIn(const std::vector<Event> &v, ThreadId thread) {
  size_t k = firstOf(thread, v);
  return k < v.size() ? v[k].choice : 0;
}

bool threadsExistFor(const std::vector<Event> &v, const ThreadSet &alive) {
  for (size_t k = 0; k < v.size(); ++k) {
    ThreadId t = v[k].thread();
    if (alive.contains(t))
      continue;
    bool created = false;
    for (size_t c = 0; c < k && !created; ++c)
      created = v[c].op.kind == OpKind::Fork && v[c].op.otherThread == t;
    if (!created)
      return false;
  }
  return true;
}

void WakeupTree::insert(std::vector<Event> &v) {
  std::vector<WakeupNode> *level = &roots;
  bool atRoot = true;
  while (!v.empty()) {
    if (!atRoot && level->empty())
      return; // a leaf: some branch already leads to an execution equivalent to one v extends
    WakeupNode *match = nullptr;
    for (WakeupNode &child : *level)
      if (inWeakInitials(child.event, v)) {
        match = &child;
        break;
      }
    if (!match) {
      // The rest of v becomes a new last branch here.
      WakeupNode chain{v.back(), {}};
      for (size_t k = v.size() - 1; k-- > 0;) {
        WakeupNode parent{v[k], {}};
        parent.children.push_back(std::move(chain));
        chain = std::move(parent);
      }
      level->push_back(std::move(chain));
      return;
    }
    size_t k = firstOf(match->event.thread(), v);
    if (k < v.size())
      v.erase(v.begin() + std::ptrdiff_t(k));
    level = &match->children;
    atRoot = false;
  }
}

void WakeupTree::takeFirst(WakeupTree &subtree) {
  subtree.roots.clear();
  subtree.roots.swap(roots.front().children);
  roots.erase(roots.begin());
}

size_t WakeupTree::numNodes() const { return countNodes(roots); }

} // namespace bpor::optimal
