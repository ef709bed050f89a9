#include "checker/stateful/StatefulSearch.h"

#include "checker/engine/ExecutionEnds.h"
#include "checker/engine/SearchLedger.h"
#include "checker/engine/SearchStop.h"
#include "checker/stateful/FairCycle.h"

#include <algorithm>
#include <chrono>
#include <fmt/format.h>
#include <functional>
#include <unordered_map>

namespace bpor {

namespace {

constexpr uint32_t NoId = StateStore::NoId;

class StatefulExplorer {
public:
  /// `stopAtCut`: stop (incomplete, "depth limit") where a path first reaches the depth limit.
  StatefulExplorer(Model &model, const SearchOptions &options, const StatefulOptions &stateful,
                   bool stopAtCut = false)
      : model_(model), options_(options), stateful_(stateful), stopAtCut_(stopAtCut),
        store_(stateful.storage, stateful.bitstateLog2),
        bound_(stateful.preemptionBound.value_or(0)),
        bounded_(stateful.preemptionBound.has_value()),
        // Tarjan's analysis needs one number per state and a single visit of each.
        tarjan_(!bounded_ && stateful.storage != StateStorage::Bitstate),
        reduce_(stateful.partialOrderReduction && !bounded_),
        start_(std::chrono::steady_clock::now()) {}

  StatefulResult run();

private:
  struct Node {
    std::unique_ptr<ModelCheckpoint> checkpoint; // null: re-step from an ancestor's
    ScheduleStep arrivedBy;                      // the step from the parent
    Operation event;                             // what that step executed
    std::vector<ScheduleStep> moves;
    size_t next = 0;
    size_t sameThreadMoves = 0; // moves[0, sameThreadMoves) are lastThread's (A' of Fig. 3)
    /// Partial-order reduction: the other threads' moves, put off while this state explores
    /// only one thread's independent transition (empty once expanded).
    std::vector<ScheduleStep> deferred;
    bool sameThreadLeadsOn = false; // an A' successor is not a state on the search stack
    ThreadId lastThread = NoThread;
    ThreadId numThreads = 0;
    uint64_t preemptions = 0;
    uint64_t keyHash = 0;
    uint32_t id = NoId;
    uint32_t lowlink = 0;   // Tarjan
    size_t openIndex = 0;   // its entry in open_ (Tarjan)
    uint64_t stackBytes = 0; // what stackBytes_ counts for this node
  };

  /// Heap bytes a node on the stack holds with its entries in stackHashes_ and open_ (Tarjan's
  /// edges counted as one per move, and 16 bytes of allocator overhead a block): the stack is
  /// as deep as the longest path, so it counts towards the memory limit like the stored states.
  uint64_t stackBytesOf(const Node &node) const {
    uint64_t moves = node.moves.size() + node.deferred.size();
    uint64_t bytes = sizeof(Node) + moves * sizeof(ScheduleStep) + 48 /* hash entry */ + 32;
    if (tarjan_)
      bytes += sizeof(ComponentState) + node.numThreads * sizeof(ThreadId) +
               moves * sizeof(ComponentState::Edge) + 32;
    return bytes;
  }

  /// A transition whose operation touches nothing another thread can see or wait for: no
  /// footprint, not global, not a thread's creation, join or end (those are checked after the
  /// step: a yield's local code may return from the thread function).
  static bool independentOfAll(const Operation &op) {
    return !op.global && op.numAccesses == 0 &&
           (op.kind == OpKind::Yield || op.kind == OpKind::Fence || op.kind == OpKind::Nondet);
  }
  /// Partial-order reduction: the state explores the moves it put off.
  void expand(Node &node) {
    node.moves.insert(node.moves.end(), node.deferred.begin(), node.deferred.end());
    node.deferred.clear();
  }

  /// Pushes the state the model is in, reached by `step` (the event `event`).
  void push(ScheduleStep step, const Operation &event, ThreadId lastThread, uint64_t preemptions,
            uint64_t keyHash, uint32_t id);
  void finishTop();
  /// Brings the model to the state of stack_[depth].
  void moveModelTo(size_t depth);
  Schedule pathTo(size_t depth) const;
  std::vector<Operation> eventsTo(size_t depth) const;
  /// Reports an error (or counts an execution end the property ignores); false: stop.
  bool report(const ErrorInfo &error, Schedule schedule, std::vector<Operation> trace);
  bool onStack(uint64_t keyHash) const { return stackHashes_.count(keyHash) != 0; }
  bool limitsReached();
  /// The bytes the search's path vectors take on when one of them grows within the next 256
  /// steps (the interval of limitsReached): a full vector moves into one twice its size, and
  /// the move touches as many new bytes as the old one held.
  uint64_t imminentGrowthBytes() const {
    auto growth = [](const auto &v) -> uint64_t {
      return v.capacity() - v.size() <= 256 ? v.capacity() * sizeof(v[0]) : 0;
    };
    return growth(stack_) + growth(open_) + growth(dfsIndex_);
  }
  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

  Model &model_;
  const SearchOptions &options_;
  const StatefulOptions &stateful_;
  bool stopAtCut_;
  bool cut_ = false; // stopAtCut_ and a path reached the depth limit
  StateStore store_;
  uint64_t bound_;
  bool bounded_;
  bool tarjan_;
  bool reduce_;
  uint64_t reducedStates_ = 0; // states finished with moves still put off
  std::chrono::steady_clock::time_point start_;
  double lastProgress_ = 0;
  uint64_t lastMemoryCheck_ = 0; // nanoseconds since start_ (externalStop)

  std::vector<Node> stack_;
  /// The stack entry whose state the model is in, or Elsewhere.
  static constexpr size_t Elsewhere = ~size_t(0);
  size_t modelDepth_ = 0;
  std::unordered_map<uint64_t, uint32_t> stackHashes_;
  uint64_t checkpointBytes_ = 0;
  uint64_t stackBytes_ = 0; // stackBytesOf() summed over the stack
  std::string key_;

  // Tarjan: the DFS number of each state (Done once its component is finished), and the
  // states whose component is still open, in DFS order.
  static constexpr uint32_t Done = ~uint32_t(0);
  std::vector<uint32_t> dfsIndex_;
  std::vector<ComponentState> open_;

  StatefulResult result_;
  bool stop_ = false;
};

bool StatefulExplorer::limitsReached() {
  SearchResult &r = result_.search;
  if ((r.stats.steps & 255) != 0)
    return false;
  double now = elapsed();
  if (options_.progress && now - lastProgress_ >= 1) {
    lastProgress_ = now;
    r.stats.elapsedSeconds = now;
    r.stats.states = store_.states();
    options_.progress(r.stats);
  }
  // An interrupt or the process's memory (SearchStop.h), then the time limit.
  SearchLimit limit = externalStop(options_, uint64_t(now * 1e9), lastMemoryCheck_);
  if (limit == SearchLimit::None && options_.timeLimitSeconds > 0 &&
      now >= options_.timeLimitSeconds)
    limit = SearchLimit::Time;
  // Stop before a growth that would take the process past the memory limit (less the
  // reserve), not after it: the doubling of a path a million states deep takes hundreds of MiB
  // at once. Read only when a vector is about to grow.
  if (limit == SearchLimit::None && options_.memoryLimitBytes)
    if (uint64_t growth = imminentGrowthBytes();
        growth && peakResidentBytes() + growth > memoryLimitWithReserve(options_))
      limit = SearchLimit::Memory;
  if (limit != SearchLimit::None) {
    r.limit = limit;
    result_.incompleteReason = describeLimit(limit, options_);
    return true;
  }
  if (store_.bytes() + checkpointBytes_ + stackBytes_ > stateful_.memoryLimitBytes) {
    r.limit = SearchLimit::Memory;
    result_.incompleteReason =
        fmt::format("memory limit ({} MiB of states, checkpoints and the search's path)",
                    stateful_.memoryLimitBytes >> 20);
    return true;
  }
  return false;
}

void StatefulExplorer::push(ScheduleStep step, const Operation &event, ThreadId lastThread,
                            uint64_t preemptions, uint64_t keyHash, uint32_t id) {
  Node node;
  node.arrivedBy = step;
  node.event = event;
  node.lastThread = lastThread;
  node.preemptions = preemptions;
  node.keyHash = keyHash;
  node.id = id;
  node.numThreads = model_.numThreads();
  std::vector<ThreadId> enabled;
  for (ThreadId t = 0; t < node.numThreads; ++t)
    if (model_.isEnabled(t))
      enabled.push_back(t);
  auto addMoves = [&](ThreadId t) {
    for (uint32_t c = 0; c < model_.pending(t).numChoices; ++c)
      node.moves.push_back(ScheduleStep{t, c});
  };
  if (lastThread != NoThread && std::binary_search(enabled.begin(), enabled.end(), lastThread))
    addMoves(lastThread);
  node.sameThreadMoves = node.moves.size();
  for (ThreadId t : enabled)
    if (t != lastThread)
      addMoves(t);
  if (reduce_ && enabled.size() > 1)
    for (ThreadId t : enabled)
      if (independentOfAll(model_.pending(t))) {
        std::vector<ScheduleStep> all = std::move(node.moves);
        node.moves.clear();
        for (const ScheduleStep &move : all)
          (move.thread == t ? node.moves : node.deferred).push_back(move);
        break;
      }
  // The search comes back to a state only to take its next move, so a state with one move needs
  // no checkpoint. Otherwise one per state while they are cheap; past a quarter of the memory
  // limit one every 32 levels, the states between re-stepped from it.
  size_t depth = stack_.size();
  size_t moves = node.moves.size() + node.deferred.size();
  if (depth == 0 || (moves > 1 && (checkpointBytes_ < stateful_.memoryLimitBytes / 4 ||
                                   depth % 32 == 0))) {
    node.checkpoint = model_.checkpoint();
    checkpointBytes_ += node.checkpoint->bytes();
  }
  if (tarjan_) {
    if (dfsIndex_.size() <= id)
      dfsIndex_.resize(id + 1, Done);
    dfsIndex_[id] = uint32_t(open_.size());
    node.lowlink = dfsIndex_[id];
    node.openIndex = open_.size();
    open_.push_back(ComponentState{id, std::move(enabled), {}});
  }
  ++stackHashes_[keyHash];
  node.stackBytes = stackBytesOf(node);
  stackBytes_ += node.stackBytes;
  stack_.push_back(std::move(node));
  modelDepth_ = stack_.size() - 1;
}

void StatefulExplorer::moveModelTo(size_t depth) {
  if (modelDepth_ == depth)
    return;
  size_t from = depth;
  while (!stack_[from].checkpoint)
    --from;
  model_.restore(*stack_[from].checkpoint);
  for (size_t d = from + 1; d <= depth; ++d) {
    model_.step(stack_[d].arrivedBy.thread, stack_[d].arrivedBy.choice);
    ++result_.search.stats.steps;
  }
  modelDepth_ = depth;
}

Schedule StatefulExplorer::pathTo(size_t depth) const {
  Schedule schedule;
  for (size_t d = 1; d <= depth; ++d)
    schedule.push_back(stack_[d].arrivedBy);
  return schedule;
}

std::vector<Operation> StatefulExplorer::eventsTo(size_t depth) const {
  std::vector<Operation> events;
  for (size_t d = 1; d <= depth; ++d)
    events.push_back(stack_[d].event);
  return events;
}

bool StatefulExplorer::report(const ErrorInfo &error, Schedule schedule,
                              std::vector<Operation> trace) {
  SearchResult &r = result_.search;
  ++r.stats.executions;
  // A state is explored once, so each report is a distinct path; with oneReportPerError reports
  // of the same error are merged as the stateless searches do.
  if (!recordError(r, options_, error, trace, std::move(schedule)))
    return true;
  if (error.kind == ErrorKind::Livelock)
    ++r.stats.livelocks;
  return options_.keepGoing;
}

void StatefulExplorer::finishTop() {
  Node &top = stack_.back();
  if (tarjan_ && top.lowlink == dfsIndex_[top.id]) {
    // top is the root of a component: open_[top.openIndex ..] are its states.
    std::vector<ComponentState> component(std::make_move_iterator(open_.begin() + top.openIndex),
                                          std::make_move_iterator(open_.end()));
    open_.resize(top.openIndex);
    for (const ComponentState &state : component)
      dfsIndex_[state.id] = Done;
    bool selfLoop = false;
    for (const ComponentState::Edge &edge : component.front().edges)
      selfLoop |= edge.target == top.id;
    if (component.size() > 1 || selfLoop) {
      FairCycle fair = findFairCycle(component, top.id);
      Schedule &cycle = fair.cycle;
      size_t depth = stack_.size() - 1;
      if (!cycle.empty()) {
        // A thread stopped at a failed assumption would have ended every execution through
        // here: the cycle is infeasible, as a stateless search's over-long execution is.
        moveModelTo(depth);
        if (stoppedByFailedAssume(model_))
          cycle.clear();
      }
      if (!cycle.empty()) {
        Schedule schedule = pathTo(depth);
        std::vector<Operation> trace = eventsTo(depth);
        moveModelTo(depth);
        for (const ScheduleStep &step : fair.toCycle) {
          trace.push_back(model_.step(step.thread, step.choice));
          schedule.push_back(step);
        }
        size_t prefix = schedule.size();
        for (const ScheduleStep &step : cycle) {
          trace.push_back(model_.step(step.thread, step.choice));
          schedule.push_back(step);
        }
        modelDepth_ = Elsewhere;
        ErrorInfo error;
        error.kind = ErrorKind::Livelock;
        error.thread = cycle.front().thread;
        error.location = trace[prefix].location;
        error.message = livelockMessage(prefix, schedule.size());
        if (!report(error, std::move(schedule), std::move(trace)))
          stop_ = true;
      }
    }
  }
  if (!top.deferred.empty())
    ++reducedStates_;
  uint32_t lowlink = top.lowlink;
  auto it = stackHashes_.find(top.keyHash);
  if (--it->second == 0)
    stackHashes_.erase(it);
  if (top.checkpoint)
    checkpointBytes_ -= std::min(checkpointBytes_, uint64_t(top.checkpoint->bytes()));
  stackBytes_ -= top.stackBytes;
  stack_.pop_back();
  if (modelDepth_ != Elsewhere && modelDepth_ >= stack_.size())
    modelDepth_ = Elsewhere;
  if (tarjan_ && !stack_.empty())
    stack_.back().lowlink = std::min(stack_.back().lowlink, lowlink);
}

StatefulResult StatefulExplorer::run() {
  SearchResult &r = result_.search;
  result_.livelocksChecked = tarjan_;
  model_.restart();
  if (!model_.checkpoint()) {
    result_.incompleteReason = "the model cannot save its states (no checkpoints)";
    return std::move(result_);
  }
  // The schedule and events that reach the model's state: the stack's path, and the step just
  // taken (`event`, null at the initial state).
  auto reportHere = [&](const ErrorInfo &error, const Operation *event, ScheduleStep step) {
    Schedule schedule = stack_.empty() ? Schedule() : pathTo(stack_.size() - 1);
    std::vector<Operation> trace =
        stack_.empty() ? std::vector<Operation>() : eventsTo(stack_.size() - 1);
    if (event) {
      schedule.push_back(step);
      trace.push_back(*event);
    }
    if (!report(error, std::move(schedule), std::move(trace)))
      stop_ = true;
  };
  // Classifies the state the model is in; true if the path ends here.
  auto endsHere = [&](const Operation *event, ScheduleStep step) -> bool {
    ErrorInfo error;
    std::optional<ExecutionEnd> end = pathEndHere(model_, r.stats, error);
    if (!end)
      return false;
    if (*end == ExecutionEnd::Error || *end == ExecutionEnd::Deadlock)
      reportHere(error, event, step);
    return true;
  };

  if (endsHere(nullptr, {})) {
    r.complete = !stop_;
    return std::move(result_);
  }
  if (!model_.stateKey(key_)) {
    result_.incompleteReason = "the model cannot describe its states (it has no state keys)";
    return std::move(result_);
  }
  StateStore::Visit root = store_.visit(key_, NoThread, 0, bound_);
  if (stateful_.onState)
    stateful_.onState(key_);
  push(ScheduleStep{}, Operation{}, NoThread, 0, root.hash, root.id);

  while (!stack_.empty() && !stop_ && !cut_) {
    if (limitsReached())
      break;
    size_t depth = stack_.size() - 1;
    Node &top = stack_.back();
    if (top.next == top.moves.size()) {
      finishTop();
      continue;
    }
    size_t index = top.next++;
    ScheduleStep move = top.moves[index];
    bool sameThread = index < top.sameThreadMoves;
    // Fig. 3: switching away from the thread that ran last costs a preemption when it could
    // have gone on (A' non-empty), unless each of its successors led back onto the stack (3.1).
    uint64_t cost =
        bounded_ && !sameThread && top.sameThreadMoves > 0 && top.sameThreadLeadsOn ? 1 : 0;
    uint64_t preemptions = top.preemptions + cost;
    if (bounded_ && preemptions > bound_) {
      ++r.stats.prunedByBound;
      r.boundPruned = true;
      continue;
    }
    moveModelTo(depth);
    const Operation &event = model_.step(move.thread, move.choice);
    ++r.stats.steps;
    modelDepth_ = Elsewhere;
    Operation executed = event;
    // The reduced transition ended its thread or the execution: it was not independent of the
    // others after all, so this state explores them too.
    if (!top.deferred.empty() && (executed.endsThread || model_.status() != ExecStatus::Running))
      expand(top);
    if (endsHere(&executed, move)) {
      if (sameThread)
        top.sameThreadLeadsOn = true;
      continue;
    }
    if (depth + 1 >= options_.maxDepth) {
      ++r.stats.depthLimited;
      result_.incompleteReason = fmt::format("depth limit ({} steps)", options_.maxDepth);
      cut_ = stopAtCut_;
      continue;
    }
    model_.stateKey(key_);
    StateStore::Visit visit =
        store_.visit(key_, bounded_ ? move.thread : NoThread, preemptions, bound_);
    uint64_t keyHash = visit.hash;

    if (sameThread && (visit.explore || !onStack(keyHash)))
      top.sameThreadLeadsOn = true;
    // The cycle proviso: a reduced state whose transition leads back onto the stack explores
    // every thread, or the others' moves could be put off round the cycle for ever.
    if (!top.deferred.empty() && !visit.explore && onStack(keyHash))
      expand(top);
    if (tarjan_)
      open_[top.openIndex].edges.push_back(ComponentState::Edge{move, visit.id});
    if (!visit.explore) {
      ++r.stats.revisits;
      if (tarjan_ && dfsIndex_[visit.id] != Done)
        top.lowlink = std::min(top.lowlink, dfsIndex_[visit.id]);
      continue;
    }
    if (stateful_.onState)
      stateful_.onState(key_);
    push(move, executed, move.thread, preemptions, keyHash, visit.id);
  }
  r.stats.states = store_.states();
  r.stats.elapsedSeconds = elapsed();
  // A reduced graph keeps only some of each component's transitions: a fair cycle reported is
  // real, but one may be missed.
  if (reducedStates_)
    result_.livelocksChecked = false;
  result_.omissionProbability = store_.omissionProbability();
  // stop_ is set only when an error stopped a search that does not keep going.
  r.complete = stack_.empty() && result_.incompleteReason.empty() && !stop_;
  return std::move(result_);
}

} // namespace

// Iterative deepening (StatefulOptions::iterativeDeepening). A probe comes first: the search to
// ProbeDepth, stopped where a path first reaches that depth. Most programs' state graphs lie
// within it, and then the probe was the whole search and nothing is repeated (a depth-first
// path through a graph of n states can be nearly n deep, so deepening from a small depth would
// repeat most of the work on graphs of a few thousand states). Past it, the searches start
// afresh with depth limits FirstDeepeningDepth * DeepeningFactor^k, then maxDepth.
constexpr uint64_t ProbeDepth = 100'000;
constexpr uint64_t FirstDeepeningDepth = 100;
constexpr uint64_t DeepeningFactor = 100;

StatefulResult exploreStateful(Model &model, const SearchOptions &options,
                               const StatefulOptions &stateful) {
  if (!stateful.iterativeDeepening || options.keepGoing)
    return StatefulExplorer(model, options, stateful).run();
  auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  Statistics earlier; // the earlier searches' work
  SearchOptions pass = options;
  if (options.progress)
    pass.progress = [&](const Statistics &stats) {
      Statistics shown = stats;
      shown.steps += earlier.steps;
      shown.executions += earlier.executions;
      shown.elapsedSeconds = elapsed();
      options.progress(shown);
    };
  // Whether a search's result settles the answer (no deeper search is needed).
  auto settled = [&](StatefulResult &found) {
    if (found.search.stats.depthLimited == 0 || !found.search.errors.empty() ||
        !found.incompleteReason.starts_with("depth limit") || pass.maxDepth >= options.maxDepth) {
      found.search.stats.steps += earlier.steps;
      found.search.stats.executions += earlier.executions;
      found.search.stats.elapsedSeconds = elapsed();
      return true;
    }
    earlier.steps += found.search.stats.steps;
    earlier.executions += found.search.stats.executions;
    return false;
  };
  auto remainingTime = [&] {
    if (options.timeLimitSeconds > 0)
      pass.timeLimitSeconds = std::max(options.timeLimitSeconds - elapsed(), 1e-3);
  };
  if (options.maxDepth > ProbeDepth) {
    pass.maxDepth = ProbeDepth;
    StatefulResult probe = StatefulExplorer(model, pass, stateful, true).run();
    if (settled(probe))
      return probe;
  }
  for (uint64_t depth = FirstDeepeningDepth;; depth *= DeepeningFactor) {
    pass.maxDepth = std::min(depth, options.maxDepth);
    remainingTime();
    StatefulResult found = StatefulExplorer(model, pass, stateful).run();
    if (settled(found))
      return found;
  }
}

} // namespace bpor
