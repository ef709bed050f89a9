#include "tests/pipeline/ReferenceStateGraph.h"

#include <fmt/format.h>

#include <algorithm>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace bpor::testing {

namespace {

struct Node {
  std::unique_ptr<ModelCheckpoint> checkpoint;
  std::vector<ThreadId> enabled;
  std::vector<std::pair<ThreadId, size_t>> edges; // (thread, target)
  bool stopped = false; // a thread stopped at a failed assumption
};

// Kosaraju: the components of the subgraph on `within` (a mask over all nodes).
std::vector<std::vector<size_t>> components(const std::vector<Node> &nodes,
                                            const std::vector<bool> &within) {
  size_t n = nodes.size();
  std::vector<std::vector<size_t>> reverse(n);
  for (size_t s = 0; s < n; ++s)
    if (within[s])
      for (auto [thread, t] : nodes[s].edges)
        if (within[t])
          reverse[t].push_back(s);
  std::vector<size_t> order;
  std::vector<bool> seen(n);
  for (size_t root = 0; root < n; ++root) {
    if (!within[root] || seen[root])
      continue;
    // Iterative post-order.
    std::vector<std::pair<size_t, size_t>> stack{{root, 0}};
    seen[root] = true;
    while (!stack.empty()) {
      auto &[s, next] = stack.back();
      if (next < nodes[s].edges.size()) {
        size_t t = nodes[s].edges[next++].second;
        if (within[t] && !seen[t]) {
          seen[t] = true;
          stack.push_back({t, 0});
        }
        continue;
      }
      order.push_back(s);
      stack.pop_back();
    }
  }
  std::vector<std::vector<size_t>> result;
  std::vector<bool> assigned(n);
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    if (assigned[*it])
      continue;
    std::vector<size_t> component, work{*it};
    assigned[*it] = true;
    while (!work.empty()) {
      size_t s = work.back();
      work.pop_back();
      component.push_back(s);
      for (size_t p : reverse[s])
        if (!assigned[p]) {
          assigned[p] = true;
          work.push_back(p);
        }
    }
    result.push_back(std::move(component));
  }
  return result;
}

bool fairCycleWithin(const std::vector<Node> &nodes, const std::vector<bool> &within) {
  for (const std::vector<size_t> &component : components(nodes, within)) {
    std::vector<bool> member(nodes.size());
    for (size_t s : component)
      member[s] = true;
    std::set<ThreadId> enabled, ran;
    bool inner = false, stopped = false;
    for (size_t s : component) {
      enabled.insert(nodes[s].enabled.begin(), nodes[s].enabled.end());
      stopped |= nodes[s].stopped;
      for (auto [thread, t] : nodes[s].edges)
        if (member[t]) {
          inner = true;
          ran.insert(thread);
        }
    }
    if (!inner || stopped)
      continue;
    std::vector<ThreadId> starved;
    for (ThreadId u : enabled)
      if (!ran.count(u))
        starved.push_back(u);
    if (starved.empty())
      return true;
    std::vector<bool> rest(nodes.size());
    for (size_t s : component)
      rest[s] = std::none_of(starved.begin(), starved.end(), [&](ThreadId u) {
        return std::find(nodes[s].enabled.begin(), nodes[s].enabled.end(), u) !=
               nodes[s].enabled.end();
      });
    if (fairCycleWithin(nodes, rest))
      return true;
  }
  return false;
}

} // namespace

std::string errorText(const Model &model, const ErrorInfo &error) {
  if (error.kind == ErrorKind::Deadlock)
    return "deadlock";
  return fmt::format("{} at {}", errorKindName(error.kind),
                     error.location ? model.describeLocation(error.location) : "unknown location");
}

ReferenceGraph exploreReferenceGraph(Model &model, size_t maxStates) {
  ReferenceGraph graph;
  std::vector<Node> nodes;
  std::map<std::string, size_t> index;
  std::deque<size_t> queue;
  std::string key;
  // Classifies the state the model is in: its node, or none if the path ends here.
  auto reach = [&]() -> std::optional<size_t> {
    switch (model.status()) {
    case ExecStatus::Error:
      graph.errors.insert(errorText(model, model.error()));
      return std::nullopt;
    case ExecStatus::Finished:
    case ExecStatus::Infeasible:
      return std::nullopt;
    case ExecStatus::Running:
      break;
    }
    std::vector<ThreadId> enabled;
    for (ThreadId t = 0; t < model.numThreads(); ++t)
      if (model.isEnabled(t))
        enabled.push_back(t);
    if (enabled.empty()) {
      if (!stoppedByFailedAssume(model))
        graph.errors.insert("deadlock");
      return std::nullopt;
    }
    model.stateKey(key);
    auto [it, inserted] = index.try_emplace(key, nodes.size());
    if (inserted) {
      graph.states.insert(std::hash<std::string>()(key));
      Node node;
      node.checkpoint = model.checkpoint();
      node.enabled = std::move(enabled);
      node.stopped = stoppedByFailedAssume(model);
      nodes.push_back(std::move(node));
      queue.push_back(it->second);
    }
    return it->second;
  };
  model.restart();
  reach();
  while (!queue.empty()) {
    if (nodes.size() > maxStates)
      return graph;
    size_t s = queue.front();
    queue.pop_front();
    std::vector<ThreadId> enabled = nodes[s].enabled;
    for (ThreadId t : enabled) {
      model.restore(*nodes[s].checkpoint);
      uint32_t choices = model.pending(t).numChoices;
      for (uint32_t c = 0; c < choices; ++c) {
        model.restore(*nodes[s].checkpoint);
        model.step(t, c);
        if (std::optional<size_t> target = reach())
          nodes[s].edges.push_back({t, *target});
      }
    }
    nodes[s].checkpoint.reset(); // explored: keep memory bounded
  }
  graph.complete = true;
  graph.livelock = fairCycleWithin(nodes, std::vector<bool>(nodes.size(), true));
  return graph;
}

} // namespace bpor::testing
