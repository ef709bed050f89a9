#include "checker/stateful/FairCycle.h"

#include <fmt/format.h>

#include <algorithm>
#include <deque>
#include <functional>
#include <unordered_map>

namespace bpor {

namespace {

class Analysis {
public:
  explicit Analysis(const std::vector<ComponentState> &component) : states_(component) {
    for (size_t i = 0; i < states_.size(); ++i)
      index_.emplace(states_[i].id, i);
  }

  /// A set of states (indices) in which every thread enabled somewhere takes an inner step,
  /// strongly connected with at least one inner edge; empty if `within` holds none.
  std::vector<size_t> fairComponent(const std::vector<size_t> &within) {
    for (const std::vector<size_t> &scc : components(within)) {
      std::vector<bool> member = mask(scc);
      bool innerEdge = false;
      std::vector<ThreadId> enabled, ran;
      for (size_t s : scc) {
        enabled.insert(enabled.end(), states_[s].enabled.begin(), states_[s].enabled.end());
        for (const ComponentState::Edge &edge : states_[s].edges)
          if (inside(edge.target, member)) {
            innerEdge = true;
            ran.push_back(edge.step.thread);
          }
      }
      if (!innerEdge)
        continue;
      std::sort(ran.begin(), ran.end());
      std::vector<ThreadId> starved; // enabled somewhere in scc, never run inside it
      for (ThreadId u : enabled)
        if (!std::binary_search(ran.begin(), ran.end(), u))
          starved.push_back(u);
      if (starved.empty())
        return scc;
      std::vector<size_t> rest;
      for (size_t s : scc)
        if (std::none_of(starved.begin(), starved.end(), [&](ThreadId u) {
              return std::binary_search(states_[s].enabled.begin(), states_[s].enabled.end(), u);
            }))
          rest.push_back(s);
      if (std::vector<size_t> found = fairComponent(rest); !found.empty())
        return found;
    }
    return {};
  }

  /// The shortest path from `from` to a state satisfying `goal`, using edges whose target is
  /// in `allowed`; appends its steps to `out` and returns the state reached.
  size_t walk(size_t from, const std::vector<bool> &allowed,
              const std::function<bool(size_t)> &goal, Schedule &out) const {
    std::unordered_map<size_t, std::pair<size_t, ScheduleStep>> parent;
    std::deque<size_t> queue{from};
    parent.emplace(from, std::pair{from, ScheduleStep{}});
    while (!queue.empty()) {
      size_t at = queue.front();
      queue.pop_front();
      if (goal(at)) {
        Schedule path;
        for (size_t s = at; s != from; s = parent.at(s).first)
          path.push_back(parent.at(s).second);
        out.insert(out.end(), path.rbegin(), path.rend());
        return at;
      }
      for (const ComponentState::Edge &edge : states_[at].edges) {
        auto it = index_.find(edge.target);
        if (it != index_.end() && allowed[it->second] &&
            parent.emplace(it->second, std::pair{at, edge.step}).second)
          queue.push_back(it->second);
      }
    }
    return from;
  }

  size_t indexOf(uint32_t id) const { return index_.at(id); }
  size_t size() const { return states_.size(); }
  const ComponentState &state(size_t s) const { return states_[s]; }
  std::vector<bool> mask(const std::vector<size_t> &set) const {
    std::vector<bool> member(states_.size());
    for (size_t s : set)
      member[s] = true;
    return member;
  }
  bool inside(uint32_t id, const std::vector<bool> &member) const {
    auto it = index_.find(id);
    return it != index_.end() && member[it->second];
  }

private:
  /// The strongly connected components of the subgraph on `within` (Tarjan, recursive: the
  /// components analysed here are small).
  std::vector<std::vector<size_t>> components(const std::vector<size_t> &within) const {
    std::vector<bool> member = mask(within);
    std::vector<int> number(states_.size(), -1), low(states_.size());
    std::vector<bool> onStack(states_.size());
    std::vector<size_t> stack;
    std::vector<std::vector<size_t>> result;
    int counter = 0;
    std::function<void(size_t)> visit = [&](size_t s) {
      number[s] = low[s] = counter++;
      stack.push_back(s);
      onStack[s] = true;
      for (const ComponentState::Edge &edge : states_[s].edges) {
        auto it = index_.find(edge.target);
        if (it == index_.end() || !member[it->second])
          continue;
        size_t t = it->second;
        if (number[t] < 0) {
          visit(t);
          low[s] = std::min(low[s], low[t]);
        } else if (onStack[t]) {
          low[s] = std::min(low[s], number[t]);
        }
      }
      if (low[s] == number[s]) {
        std::vector<size_t> scc;
        size_t t;
        do {
          t = stack.back();
          stack.pop_back();
          onStack[t] = false;
          scc.push_back(t);
        } while (t != s);
        result.push_back(std::move(scc));
      }
    };
    for (size_t s : within)
      if (number[s] < 0)
        visit(s);
    return result;
  }

  const std::vector<ComponentState> &states_;
  std::unordered_map<uint32_t, size_t> index_;
};

} // namespace

std::string livelockMessage(size_t cycleStart, size_t end) {
  size_t length = end - cycleStart;
  return fmt::format("livelock: a fair cycle of {} step{} (steps {}-{}) returns to the state after "
                     "step {}; every thread enabled anywhere on it runs in it, and it can repeat "
                     "forever",
                     length, length == 1 ? "" : "s", cycleStart + 1, end, cycleStart);
}

FairCycle findFairCycle(const std::vector<ComponentState> &component, uint32_t root) {
  Analysis analysis(component);
  std::vector<size_t> all(analysis.size());
  for (size_t s = 0; s < all.size(); ++s)
    all[s] = s;
  std::vector<size_t> fair = analysis.fairComponent(all);
  FairCycle result;
  if (fair.empty())
    return result;
  std::vector<bool> everywhere(analysis.size(), true), member = analysis.mask(fair);
  // Into the fair component, then around it: a step of every thread enabled anywhere in it
  // (each has one inside it), and back to where the cycle started.
  size_t start = analysis.walk(analysis.indexOf(root), everywhere,
                               [&](size_t s) { return member[s]; }, result.toCycle);
  std::vector<ThreadId> threads;
  for (size_t s : fair)
    threads.insert(threads.end(), analysis.state(s).enabled.begin(),
                   analysis.state(s).enabled.end());
  std::sort(threads.begin(), threads.end());
  threads.erase(std::unique(threads.begin(), threads.end()), threads.end());
  size_t at = start;
  auto innerStepOf = [&](size_t s, ThreadId u) -> const ComponentState::Edge * {
    for (const ComponentState::Edge &edge : analysis.state(s).edges)
      if (edge.step.thread == u && analysis.inside(edge.target, member))
        return &edge;
    return nullptr;
  };
  for (ThreadId u : threads) {
    at = analysis.walk(at, member, [&](size_t s) { return innerStepOf(s, u) != nullptr; },
                       result.cycle);
    const ComponentState::Edge *edge = innerStepOf(at, u);
    result.cycle.push_back(edge->step);
    at = analysis.indexOf(edge->target);
  }
  analysis.walk(at, member, [&](size_t s) { return s == start; }, result.cycle);
  return result;
}

} // namespace bpor
