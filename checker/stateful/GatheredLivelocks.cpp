#include "checker/stateful/GatheredLivelocks.h"

#include "checker/engine/SearchLedger.h"
#include "checker/stateful/FairCycle.h"

#include <algorithm>
#include <cstring>
#include <deque>
#include <span>

namespace bpor {

void RecordedStates::append(const RecordedStates &other) {
  uint64_t enabledBase = enabled.size(), moveBase = moves.size();
  hashes.insert(hashes.end(), other.hashes.begin(), other.hashes.end());
  for (uint64_t e : other.enabledEnd)
    enabledEnd.push_back(enabledBase + e);
  for (uint64_t m : other.moveEnd)
    moveEnd.push_back(moveBase + m);
  enabled.insert(enabled.end(), other.enabled.begin(), other.enabled.end());
  moves.insert(moves.end(), other.moves.begin(), other.moves.end());
}

uint64_t RecordedStates::bytes() const {
  return hashes.capacity() * sizeof(uint64_t) +
         (enabledEnd.capacity() + moveEnd.capacity()) * sizeof(uint64_t) +
         enabled.capacity() * sizeof(ThreadId) + moves.capacity() * sizeof(Move);
}

namespace {

constexpr uint32_t None = ~uint32_t(0);

/// The recorded states as a graph of node numbers, in the order of their hashes (so that the
/// analysis does not depend on the order partitions sent in), edges in compressed rows: moves
/// to states nobody recorded (the search stopped before expanding them) are left out.
struct Graph {
  const RecordedStates &records;
  std::vector<uint32_t> record;  // node -> its record
  std::vector<uint64_t> edgeEnd; // node -> the end of its edges
  std::vector<std::pair<ScheduleStep, uint32_t>> edges;
  /// Open addressing from a hash to its node, probed linearly from the hash's low bits (the
  /// hashes are mixed already); a node None marks a free slot.
  std::vector<std::pair<uint64_t, uint32_t>> slots;
  uint64_t slotMask = 0;
  uint32_t root = None;
  /// Two records with one hash: every state is expanded once, so two distinct states share a
  /// hash (only the first record is kept).
  bool collided = false;

  Graph(const RecordedStates &recorded, uint64_t rootHash) : records(recorded) {
    std::vector<std::pair<uint64_t, uint32_t>> byHash(records.size());
    for (uint32_t i = 0; i < byHash.size(); ++i)
      byHash[i] = {records.hashes[i], i};
    std::sort(byHash.begin(), byHash.end());
    uint64_t capacity = 16;
    while (capacity < 2 * byHash.size())
      capacity *= 2;
    slots.assign(capacity, {0, None});
    slotMask = capacity - 1;
    for (size_t i = 0; i < byHash.size(); ++i) {
      if (i > 0 && byHash[i].first == byHash[i - 1].first) {
        collided = true;
        continue;
      }
      uint64_t at = byHash[i].first & slotMask;
      while (slots[at].second != None)
        at = (at + 1) & slotMask;
      slots[at] = {byHash[i].first, uint32_t(record.size())};
      record.push_back(byHash[i].second);
    }
    root = find(rootHash);
    for (uint32_t node = 0; node < record.size(); ++node) {
      uint32_t r = record[node];
      for (uint64_t m = r ? records.moveEnd[r - 1] : 0; m < records.moveEnd[r]; ++m)
        if (uint32_t target = find(records.moves[m].target); target != None)
          edges.emplace_back(records.moves[m].step, target);
      edgeEnd.push_back(edges.size());
    }
  }
  size_t size() const { return record.size(); }
  /// The node named `hash`, or None.
  uint32_t find(uint64_t hash) const {
    for (uint64_t at = hash & slotMask; slots[at].second != None; at = (at + 1) & slotMask)
      if (slots[at].first == hash)
        return slots[at].second;
    return None;
  }
  std::span<const std::pair<ScheduleStep, uint32_t>> out(uint32_t node) const {
    uint64_t from = node ? edgeEnd[node - 1] : 0;
    return {edges.data() + from, edges.data() + edgeEnd[node]};
  }
  std::vector<ThreadId> enabled(uint32_t node) const {
    uint32_t r = record[node];
    return {records.enabled.begin() + (r ? records.enabledEnd[r - 1] : 0),
            records.enabled.begin() + records.enabledEnd[r]};
  }
};

/// Breadth-first from the root: each state's parent and the step from it (the shortest
/// schedule to every state).
struct ShortestPaths {
  std::vector<uint32_t> parent;
  std::vector<ScheduleStep> step;
  std::vector<uint32_t> distance;

  explicit ShortestPaths(const Graph &graph)
      : parent(graph.size(), None), step(graph.size()), distance(graph.size(), None) {
    std::deque<uint32_t> queue{graph.root};
    distance[graph.root] = 0;
    while (!queue.empty()) {
      uint32_t s = queue.front();
      queue.pop_front();
      for (const auto &[move, t] : graph.out(s))
        if (distance[t] == None) {
          distance[t] = distance[s] + 1;
          parent[t] = s;
          step[t] = move;
          queue.push_back(t);
        }
    }
  }
  Schedule to(uint32_t state) const {
    Schedule path;
    for (uint32_t s = state; parent[s] != None; s = parent[s])
      path.push_back(step[s]);
    std::reverse(path.begin(), path.end());
    return path;
  }
};

/// Tarjan's strongly connected components, iteratively (the graph may be deep), from the root
/// only: the components that can hold a cycle (more than one state, or a state with a move to
/// itself) in the order they complete, each a list of states.
std::vector<std::vector<uint32_t>> components(const Graph &graph) {
  size_t n = graph.size();
  std::vector<uint32_t> order(n, None), low(n, 0);
  std::vector<bool> onStack(n, false);
  std::vector<uint32_t> stack;
  std::vector<std::vector<uint32_t>> found;
  struct Frame {
    uint32_t state;
    size_t next = 0;
  };
  std::vector<Frame> frames{{graph.root}};
  uint32_t counter = 0;
  order[graph.root] = low[graph.root] = counter++;
  stack.push_back(graph.root);
  onStack[graph.root] = true;
  while (!frames.empty()) {
    Frame &frame = frames.back();
    uint32_t s = frame.state;
    if (frame.next < graph.out(s).size()) {
      uint32_t t = graph.out(s)[frame.next++].second;
      if (order[t] == None) {
        order[t] = low[t] = counter++;
        stack.push_back(t);
        onStack[t] = true;
        frames.push_back(Frame{t});
      } else if (onStack[t]) {
        low[s] = std::min(low[s], order[t]);
      }
      continue;
    }
    if (low[s] == order[s]) {
      bool selfLoop = false;
      for (const auto &edge : graph.out(s))
        selfLoop |= edge.second == s;
      if (stack.back() == s && !selfLoop) {
        stack.pop_back(); // a component of one state without a loop: no cycle
        onStack[s] = false;
      } else {
        std::vector<uint32_t> component;
        uint32_t t;
        do {
          t = stack.back();
          stack.pop_back();
          onStack[t] = false;
          component.push_back(t);
        } while (t != s);
        found.push_back(std::move(component));
      }
    }
    frames.pop_back();
    if (!frames.empty())
      low[frames.back().state] = std::min(low[frames.back().state], low[s]);
  }
  return found;
}

} // namespace

std::string reportGatheredLivelocks(const RecordedStates &states, Model &model,
                                    const SearchOptions &options, SearchResult &result) {
  model.restart();
  std::string key;
  if (!model.stateKey(key))
    return {};
  Graph graph(states, stateKeyHash(key));
  if (graph.root == None)
    return {};
  ShortestPaths paths(graph);
  std::string unconfirmed;
  if (graph.collided)
    unconfirmed = "two states of the state graph share a hash (the livelock analysis may miss "
                  "a cycle through them)";
  for (const std::vector<uint32_t> &members : components(graph)) {
    // The component as the one-process search hands it over; entered at the member nearest
    // the root.
    std::vector<ComponentState> component;
    uint32_t entry = members.front();
    for (uint32_t s : members) {
      ComponentState state{s, graph.enabled(s), {}};
      for (const auto &[move, t] : graph.out(s))
        state.edges.push_back(ComponentState::Edge{move, t});
      component.push_back(std::move(state));
      if (paths.distance[s] < paths.distance[entry])
        entry = s;
    }
    FairCycle fair = findFairCycle(component, entry);
    if (fair.cycle.empty())
      continue;
    Schedule schedule = paths.to(entry);
    schedule.insert(schedule.end(), fair.toCycle.begin(), fair.toCycle.end());
    size_t prefix = schedule.size();
    schedule.insert(schedule.end(), fair.cycle.begin(), fair.cycle.end());
    // Replayed from the initial state: the trace, and whether the cycle returns to its start.
    model.restart();
    std::vector<Operation> trace;
    std::string atCycle, afterCycle;
    bool replays = true, stoppedAtCycle = false;
    for (size_t i = 0; i < schedule.size() && replays; ++i) {
      if (i == prefix) {
        model.stateKey(atCycle);
        // A thread stopped at a failed assumption would have ended every execution through
        // here: the cycle is infeasible (as for the one-process search).
        stoppedAtCycle = stoppedByFailedAssume(model);
      }
      const ScheduleStep &step = schedule[i];
      replays = step.thread < model.numThreads() && model.isEnabled(step.thread);
      if (replays)
        trace.push_back(model.step(step.thread, step.choice));
    }
    if (replays)
      model.stateKey(afterCycle);
    if (!replays || atCycle != afterCycle) {
      unconfirmed = "a cycle of the state graph did not replay (two states with one hash)";
      continue;
    }
    if (stoppedAtCycle)
      continue;
    ErrorInfo error;
    error.kind = ErrorKind::Livelock;
    error.thread = fair.cycle.front().thread;
    error.location = trace[prefix].location;
    error.message = livelockMessage(prefix, schedule.size());
    ++result.stats.executions;
    if (!recordError(result, options, error, trace, std::move(schedule)))
      continue;
    ++result.stats.livelocks;
    if (!options.keepGoing)
      break;
  }
  return unconfirmed;
}

} // namespace bpor
