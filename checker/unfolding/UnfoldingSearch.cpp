// Algorithm 1 of seeds/004 (Explore, Remove) over an explicit stack of call-tree nodes, and the
// configuration C the model follows.
#include "checker/unfolding/UnfoldingSearch.h"

#include "checker/Dependence.h"
#include "checker/unfolding/Alternatives.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace bpor::unfolding {

void UnfoldingSearch::ThreadMap::reset() {
  modelOf.clear();
  canonicalOf.clear();
}

void UnfoldingSearch::ThreadMap::bind(CanonicalThread canonical, ThreadId model) {
  if (modelOf.size() <= canonical)
    modelOf.resize(canonical + 1, NoThread);
  if (canonicalOf.size() <= model)
    canonicalOf.resize(model + 1, NoThread);
  modelOf[canonical] = model;
  canonicalOf[model] = canonical;
}

UnfoldingSearch::UnfoldingSearch(Model &model, const SearchOptions &options,
                                 const UnfoldingOptions &tuning, const ExecutionObserver *observer)
    : model(model), options(options), tuning(tuning), observer(observer) {}

UnfoldingResult UnfoldingSearch::run() {
  if (options.bound != BoundKind::None)
    throw std::invalid_argument("the unfolding search does not support bounds");
  clock.start();
  model.restart();
  threads_.reset();
  threads_.bind(0, 0);
  modelAt_ = 0;
  cutoffs = tuning.cutoffs && model.stateKey(keyBuffer_);
  stats.cutoffsApplied = cutoffs;
  if (cutoffs) {
    // The initial state is the state of the bottom event's local configuration (size 0 here):
    // an event that returns to it is a cutoff.
    StateStore::Visit visit = states.visit(keyBuffer_, NoThread, 0, 0);
    leastLocal_.resize(visit.id + 1);
    leastLocal_[visit.id] = OrderKey{};
  }
  saveCheckpoint();
  chains_.assign(1, {});
  forkOf_.assign(1, nullptr);
  newAt_.resize(1);
  if (model.status() != ExecStatus::Running) {
    // The program ended before its first visible operation (abort() or a resource limit in
    // main's first local steps): one execution, no events.
    endBeforeAnyEvent();
    result.complete = !stop;
    result.stats.elapsedSeconds = clock.elapsedSeconds();
    return {std::move(result), stats};
  }
  extendNew(nullptr);
  nodes.push_back(Node{});
  while (!nodes.empty() && !stop) {
    size_t top = nodes.size() - 1;
    switch (nodes[top].stage) {
    case Node::Stage::Enter:
      enter(top);
      break;
    case Node::Stage::AfterLeft:
      afterLeft(top);
      break;
    case Node::Stage::AfterRight:
      removeEvents(nodes[top].chosen, nodes[top]);
      popNode();
      break;
    }
    // Every node: one node's Extend can be long (many histories, long replays).
    checkLimits();
  }
  result.complete = !stop;
  result.stats.elapsedSeconds = clock.elapsedSeconds();
  // Let the events go while the model still lives (nothing below refers to it, but the
  // search's lists hold references).
  while (!nodes.empty())
    popNode();
  for (auto &level : newAt_) {
    for (Event *e : level)
      store.drop(e);
    level.clear();
  }
  return {std::move(result), stats};
}

// ---- Algorithm 1 ----

void UnfoldingSearch::enter(size_t index) {
  // Extend(C): the extensions the newest event makes possible, then every extension of C back
  // into U (a deeper Remove may have moved some to G).
  if (nodes[index].pushedEvent)
    extendNew(C_.back());
  if (stop)
    return;
  for (size_t level = 0; level <= C_.size() && level < newAt_.size(); ++level)
    for (Event *x : newAt_[level])
      if (!x->inC && !x->inU)
        store.addToU(x);
  stats.maxU = std::max<uint64_t>(stats.maxU, store.u().size());

  if (C_.size() >= options.maxDepth) {
    ++result.stats.depthLimited;
    ensureModelAtC();
    ErrorInfo error;
    error.kind = ErrorKind::DepthLimit;
    error.message =
        fmt::format("an execution exceeded the maximum depth of {} steps", options.maxDepth);
    Schedule schedule;
    std::vector<Operation> trace = currentTrace(&schedule);
    report(error, trace, schedule);
    ++result.stats.executions;
    observe(trace, ExecutionEnd::DepthLimit);
    popNode();
    return;
  }

  bool enabledInModel = false;
  std::vector<Event *> enabled = enabledEvents(enabledInModel);
  Node &node = nodes[index];
  Event *chosen = nullptr;
  if (!node.A.empty()) {
    for (Event *e : enabled)
      if (contains(node.A, e)) {
        chosen = e;
        break;
      }
    if (!chosen && !enabled.empty()) {
      nondeterminism("no event of the alternative being explored is enabled");
      return;
    }
  } else {
    for (Event *e : enabled)
      if (!contains(node.D, e)) {
        chosen = e;
        break;
      }
  }
  if (!chosen) {
    leaf(enabledInModel, !enabled.empty());
    popNode();
    return;
  }
  node.chosen = chosen;
  node.stage = Node::Stage::AfterLeft;
  Node child;
  child.cSize = node.cSize + 1;
  child.D = node.D;
  child.A = node.A;
  std::erase(child.A, chosen);
  child.pushedEvent = true;
  pushEvent(chosen);
  nodes.push_back(std::move(child));
}

void UnfoldingSearch::afterLeft(size_t index) {
  Node &node = nodes[index];
  std::vector<Event *> D = node.D;
  D.push_back(node.chosen);
  std::optional<std::vector<Event *>> J = findAlternative(C_, D, tuning.partialAlternatives);
  if (!J) {
    removeEvents(node.chosen, node);
    popNode();
    return;
  }
  node.stage = Node::Stage::AfterRight;
  Node right;
  right.cSize = node.cSize;
  right.D = std::move(D);
  right.A = std::move(*J);
  nodes.push_back(std::move(right));
}

// Remove(e, C, D): moves e and the local configurations of the events in immediate conflict
// with e out of U, except the events of Q(C, D, U): C, D and the local configurations of the
// events in immediate conflict with an event of C or D.
void UnfoldingSearch::removeEvents(Event *e, const Node &node) {
  uint64_t q = ++epoch_;
  auto markQ = [&](Event *x) {
    x->mark = q;
    for (Event *conflicting : x->immediateConflicts)
      for (Event *y : conflicting->local)
        y->mark = q;
  };
  for (Event *x : C_)
    markQ(x);
  for (Event *x : node.D)
    markQ(x);
  std::vector<Event *> leaving;
  if (e->inU && e->mark != q)
    leaving.push_back(e);
  for (Event *conflicting : e->immediateConflicts)
    for (Event *y : conflicting->local)
      if (y->inU && y->mark != q)
        leaving.push_back(y);
  std::sort(leaving.begin(), leaving.end());
  leaving.erase(std::unique(leaving.begin(), leaving.end()), leaving.end());
  // Each is in U until removed, so none is deleted by an earlier one's removal.
  for (Event *y : leaving)
    store.removeFromU(y);
}

void UnfoldingSearch::popNode() {
  bool pushed = nodes.back().pushedEvent;
  nodes.pop_back();
  if (pushed)
    popEvent();
}

// ---- The configuration ----

void UnfoldingSearch::pushEvent(Event *e) {
  ensureModelAtC();
  const Operation *executed = stepModel(e, threads_);
  if (!executed)
    return;
  ScheduleStep step{threads_.model(e->thread), e->choice};
  bool firstRun = !e->executed;
  e->executed = true;
  e->ending = isEnding(*executed);
  e->endStatus = model.status();
  C_.push_back(e);
  e->inC = true;
  chains_[e->thread].push_back(e);
  if (e->isFork())
    forkOf_[e->child()] = e;
  executed_.push_back(*executed);
  taken_.push_back(step);
  if (e->ending) {
    endingInC_.push_back(e);
    if (firstRun) {
      Schedule schedule;
      std::vector<Operation> trace = currentTrace(&schedule);
      trace.push_back(*executed);
      schedule.push_back(step);
      noteEnding(trace, schedule);
    }
    modelAt_ = NotAt;
  } else {
    modelAt_ = C_.size();
    saveCheckpoint();
  }
  if (newAt_.size() <= C_.size())
    newAt_.resize(C_.size() + 1);
}

void UnfoldingSearch::popEvent() {
  Event *e = C_.back();
  size_t level = C_.size();
  for (Event *x : newAt_[level])
    store.drop(x);
  newAt_[level].clear();
  if (level < checkpointValid_.size())
    checkpointValid_[level] = false;
  e->inC = false;
  chains_[e->thread].pop_back();
  if (e->isFork())
    forkOf_[e->child()] = nullptr;
  if (e->ending)
    endingInC_.pop_back();
  C_.pop_back();
  executed_.pop_back();
  taken_.pop_back();
  if (modelAt_ != NotAt && modelAt_ > C_.size())
    modelAt_ = NotAt;
}

bool UnfoldingSearch::disabledByEnding(const Operation &label) const {
  for (const Event *ending : endingInC_)
    if (transitionsDependent(ending->label, label))
      return true;
  return false;
}

bool UnfoldingSearch::stopped(CanonicalThread u) const {
  return !chains_[u].empty() && chains_[u].back()->ending;
}

std::vector<Event *> UnfoldingSearch::enabledEvents(bool &enabledInModel) {
  ensureModelAtC();
  enabledInModel = false;
  std::vector<std::pair<CanonicalThread, Operation>> labels;
  if (model.status() == ExecStatus::Running)
    for (ThreadId m = 0; m < model.numThreads(); ++m) {
      if (!model.isAlive(m) || !model.isEnabled(m))
        continue;
      CanonicalThread u = threads_.canonicalOf[m];
      if (stopped(u))
        continue;
      Operation label = canonicalLabel(model.pending(m), u, threads_);
      if (disabledByEnding(label))
        continue;
      enabledInModel = true;
      labels.emplace_back(u, label);
    }
  std::vector<Event *> enabled;
  for (const auto &[u, label] : labels)
    for (uint32_t choice = 0; choice < label.numChoices; ++choice)
      if (Event *e = enabledEvent(u, label, choice))
        enabled.push_back(e);
  return enabled;
}

// The event of u's pending transition after all of C: its causes are the maximal events of C
// dependent with it.
Event *UnfoldingSearch::enabledEvent(CanonicalThread u, const Operation &label, uint32_t choice) {
  Event *pred = chains_[u].empty() ? forkOf_[u] : chains_[u].back();
  std::vector<Event *> causes;
  for (size_t i = C_.size(); i-- > 0;) {
    Event *c = C_[i];
    if (c->thread == u || c->ending || !transitionsDependent(c->label, label))
      continue;
    if (pred && inLocal(*pred, c))
      continue;
    bool below = false;
    for (const Event *m : causes)
      if (inLocal(*m, c)) {
        below = true;
        break;
      }
    if (!below)
      causes.push_back(c);
  }
  std::sort(causes.begin(), causes.end(), byId);
  uint32_t index = uint32_t(chains_[u].size());
  std::string key = eventKey(u, index, choice, pred, causes);
  if (Event *known = store.find(key)) {
    keepExtension(known);
    return known;
  }
  if (rejectedNames_.count(key))
    return nullptr;
  // Not found by Extend: cannot happen when the model's transitions are what Extend read.
  Event *e = makeEvent(std::move(key), u, index, choice, pred, std::move(causes), label);
  if (!e)
    return nullptr;
  keepExtension(e);
  return e;
}

} // namespace bpor::unfolding
