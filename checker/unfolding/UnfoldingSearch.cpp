#include "checker/unfolding/UnfoldingSearch.h"

#include "checker/Dependence.h"
#include "checker/unfolding/Alternatives.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace bpor::unfolding {

namespace {

bool contains(const std::vector<Event *> &list, const Event *e) {
  return std::find(list.begin(), list.end(), e) != list.end();
}

bool byId(const Event *a, const Event *b) { return a->id < b->id; }

// Checkpoints of the states along C: every one near the root, where the search returns most,
// and then one in 16 (a return replays at most 15 steps from the one below).
bool checkpointLevel(size_t level) { return level <= 64 || level % 16 == 0; }

// The histories Extend enumerates for one transition after one new event before it gives up.
constexpr uint64_t MaxHistoriesPerStep = 100000;

} // namespace

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

// ---- Extend ----

void UnfoldingSearch::keepExtension(Event *e) {
  std::vector<Event *> &level = newAt_[C_.size()];
  if (contains(level, e))
    return;
  store.hold(e);
  level.push_back(e);
  if (!e->inC)
    store.addToU(e);
}

// The extensions of C that have `newest` (C's last event; null for the empty configuration)
// in their history: for each thread and each position in it whose transition is dependent
// with `newest` (or follows it), every history made of that position's predecessor and an
// antichain of dependent events of C that includes `newest`.
void UnfoldingSearch::extendNew(Event *newest) {
  if (newest && newest->ending)
    return; // nothing happens after an ending event
  ensureModelAtC();
  // The pending transitions of C's threads, read before any replay moves the model.
  std::vector<std::optional<Operation>> pending(chains_.size());
  if (model.status() == ExecStatus::Running)
    for (ThreadId m = 0; m < model.numThreads(); ++m) {
      if (!model.isAlive(m) || m >= threads_.canonicalOf.size())
        continue;
      CanonicalThread u = threads_.canonicalOf[m];
      if (u == NoThread || stopped(u) || model.pending(m).kind == OpKind::FailedAssume)
        continue;
      pending[u] = canonicalLabel(model.pending(m), u, threads_);
    }
  // New fork events grow chains_; their threads are not in C, so the loop stops before them.
  CanonicalThread threads = CanonicalThread(pending.size());
  for (CanonicalThread u = 0; u < threads && !stop; ++u) {
    if (u != 0 && !(forkOf_[u] && forkOf_[u]->inC))
      continue;
    const std::vector<Event *> chain = chains_[u];
    for (uint32_t k = 0; k <= chain.size() && !stop; ++k) {
      Event *pred = k ? chain[k - 1] : (u ? forkOf_[u] : nullptr);
      Event *atK = k < chain.size() ? chain[k] : nullptr;
      if (pred && pred->ending)
        break;
      Operation label;
      if (atK)
        label = atK->label;
      else if (pending[u])
        label = *pending[u];
      else
        break;
      Event *required = nullptr;
      if (pred != newest) {
        if (!newest || newest->thread == u || !transitionsDependent(newest->label, label))
          continue;
        if (atK && inLocal(*newest, atK))
          continue;
        required = newest;
      }
      std::vector<Event *> candidates;
      for (Event *c : C_) {
        if (c == required || c->thread == u || c->ending ||
            !transitionsDependent(c->label, label))
          continue;
        if ((pred && inLocal(*pred, c)) || (atK && inLocal(*c, atK)) ||
            (required && inLocal(*required, c)))
          continue;
        candidates.push_back(c);
      }
      addExtensions(u, k, pred, label, required, candidates);
    }
  }
}

void UnfoldingSearch::addExtensions(CanonicalThread u, uint32_t index, Event *pred,
                                    const Operation &label, Event *required,
                                    const std::vector<Event *> &candidates) {
  std::vector<Event *> antichain;
  if (required)
    antichain.push_back(required);
  uint64_t histories = 0;
  auto emit = [&]() {
    // A transition dependent with many concurrent events (an atomic block of unknown footprint,
    // exit() while many threads run) has a history per antichain of them: exponentially many.
    if ((++histories & 63) == 0)
      checkLimits();
    if (histories > MaxHistoriesPerStep) {
      ErrorInfo error;
      error.kind = ErrorKind::ResourceLimit;
      error.thread = threads_.model(u);
      error.location = label.location;
      error.message = fmt::format("the unfolding search: one {} operation has more than {} "
                                  "histories after one event (use another search)",
                                  opKindName(label.kind), MaxHistoriesPerStep);
      Schedule schedule;
      std::vector<Operation> trace = currentTrace(&schedule);
      report(error, trace, schedule);
      stop = true;
      return;
    }
    std::vector<Event *> causes = antichain;
    std::sort(causes.begin(), causes.end(), byId);
    for (uint32_t choice = 0; choice < label.numChoices && !stop; ++choice) {
      std::string key = eventKey(u, index, choice, pred, causes);
      Event *e = store.find(key);
      if (!e && !rejectedNames_.count(key))
        e = makeEvent(std::move(key), u, index, choice, pred, causes, label);
      if (e)
        keepExtension(e);
    }
  };
  // Every antichain of the candidates (pairwise causally unrelated), with `required`.
  auto enumerate = [&](auto &self, size_t i) -> void {
    if (stop)
      return;
    if (i == candidates.size()) {
      emit();
      return;
    }
    self(self, i + 1);
    Event *c = candidates[i];
    for (const Event *a : antichain)
      if (inLocal(*a, c) || inLocal(*c, a))
        return;
    antichain.push_back(c);
    self(self, i + 1);
    antichain.pop_back();
  };
  enumerate(enumerate, 0);
}

Event *UnfoldingSearch::makeEvent(std::string key, CanonicalThread u, uint32_t index,
                                  uint32_t choice, Event *pred, std::vector<Event *> causes,
                                  const Operation &label) {
  Operation l = label;
  if (l.kind == OpKind::Fork)
    l.otherThread = nextThread_++;
  std::string name = key;
  Event *e = store.create(std::move(key), u, index, choice, pred, std::move(causes), l);
  ++stats.events;
  if (l.global && l.kind != OpKind::Exit)
    ++stats.globalEvents;
  if (e->isFork()) {
    CanonicalThread child = e->child();
    if (forkOf_.size() <= child) {
      forkOf_.resize(child + 1, nullptr);
      chains_.resize(child + 1);
    }
    forkOf_[child] = e;
  }
  // A transition that may be disabled is an event only if it is enabled after its history;
  // with cutoffs, every event's state is needed. Either way the history is replayed.
  if (cutoffs || mayBlock(l)) {
    bool cutoff = false;
    bool enabled = checkByReplay(e, cutoff);
    if (!enabled || cutoff) {
      if (cutoff)
        ++stats.cutoffs;
      rejectedNames_.insert(std::move(name));
      store.discard(e);
      return nullptr;
    }
  }
  return e;
}

bool UnfoldingSearch::checkByReplay(Event *e, bool &cutoff) {
  ++stats.replays;
  // Start from the deepest checkpoint of C whose prefix lies in [e] (a prefix of C's order is
  // a configuration, and the rest of [e] in id order follows it causally), else from the
  // initial state.
  size_t shared = 0;
  while (shared < C_.size() && shared + 1 < e->local.size() && inLocal(*e, C_[shared]))
    ++shared;
  size_t from = shared;
  while (from > 0 && !(from < checkpointValid_.size() && checkpointValid_[from]))
    --from;
  ThreadMap threads;
  std::vector<Operation> trace;
  Schedule schedule;
  if (from > 0) {
    model.restore(*checkpoints_[from]);
    threads = threads_;
    trace.assign(executed_.begin(), executed_.begin() + from);
    schedule.assign(taken_.begin(), taken_.begin() + from);
    for (size_t i = 0; i < from; ++i)
      C_[i]->mark = epoch_ + 1;
  } else {
    model.restart();
    threads.bind(0, 0);
  }
  modelAt_ = NotAt;
  uint64_t inPrefix = ++epoch_;
  for (Event *y : e->local) {
    if (from > 0 && y->mark == inPrefix)
      continue;
    ThreadId m = threads.model(y->thread);
    if (y == e && (m == NoThread || !model.isAlive(m) || !model.isEnabled(m)))
      return false;
    const Operation *executed = stepModel(y, threads);
    if (!executed)
      return false;
    trace.push_back(*executed);
    schedule.push_back({m, y->choice});
    if (y->transition == Event::NoTransition)
      y->transition = transitionNumber(*executed, y->choice);
    if (y != e && isEnding(*executed)) {
      nondeterminism("an event of a history ended the execution when replayed");
      return false;
    }
  }
  bool firstRun = !e->executed;
  e->executed = true;
  e->ending = isEnding(trace.back());
  e->endStatus = model.status();
  if (e->ending) {
    if (firstRun)
      noteEnding(trace, schedule);
    return true;
  }
  if (cutoffs && model.stateKey(keyBuffer_)) {
    StateStore::Visit visit = states.visit(keyBuffer_, NoThread, 0, 0);
    if (leastLocal_.size() <= visit.id)
      leastLocal_.resize(visit.id + 1);
    OrderKey key = orderKeyOf(*e);
    std::optional<OrderKey> &least = leastLocal_[visit.id];
    if (least && precedes(*least, key))
      cutoff = true;
    else if (!least || precedes(key, *least))
      least = std::move(key);
  }
  return true;
}

// A transition is the thread (as the model numbers it: the state decides that) with its
// operation's kind, place, footprint and data choice.
uint32_t UnfoldingSearch::transitionNumber(const Operation &executed, uint32_t choice) {
  std::string name;
  auto put = [&](uint64_t v) { name.append(reinterpret_cast<const char *>(&v), sizeof v); };
  put(executed.thread);
  put(uint64_t(executed.kind));
  put(executed.location);
  put(choice);
  put(executed.global);
  for (unsigned i = 0; i < executed.numAccesses; ++i) {
    put(executed.accesses[i].address);
    put(executed.accesses[i].size << 1 | executed.accesses[i].write);
  }
  // Numbered down from the top: the transitions met first are the greatest, which makes the
  // configurations the depth-first search reaches first the least in the order, so that the
  // ones it reaches later in the same state are the cutoffs.
  auto [it, added] = transitionNumbers_.emplace(
      std::move(name), Event::NoTransition - 1 - uint32_t(transitionNumbers_.size()));
  return it->second;
}

// ---- The model ----

Operation UnfoldingSearch::canonicalLabel(const Operation &pending, CanonicalThread u,
                                          const ThreadMap &threads) const {
  Operation label = pending;
  label.thread = u;
  label.value = 0;
  if (label.kind == OpKind::Join && label.otherThread != NoThread)
    label.otherThread = label.otherThread < threads.canonicalOf.size()
                            ? threads.canonicalOf[label.otherThread]
                            : NoThread;
  else if (label.kind == OpKind::Fork)
    label.otherThread = NoThread;
  return label;
}

bool UnfoldingSearch::matches(const Operation &pending, const Event &e) const {
  const Operation &l = e.label;
  if (pending.kind != l.kind || pending.global != l.global ||
      pending.numChoices != l.numChoices || pending.numAccesses != l.numAccesses)
    return false;
  for (unsigned i = 0; i < l.numAccesses; ++i)
    if (pending.accesses[i].address != l.accesses[i].address ||
        pending.accesses[i].size != l.accesses[i].size ||
        pending.accesses[i].write != l.accesses[i].write)
      return false;
  return true;
}

const Operation *UnfoldingSearch::stepModel(Event *e, ThreadMap &threads) {
  ThreadId m = threads.model(e->thread);
  if (m == NoThread || m >= model.numThreads() || !model.isAlive(m) || !model.isEnabled(m) ||
      !matches(model.pending(m), *e)) {
    nondeterminism(fmt::format("thread {}'s event {} ({}) cannot be replayed", e->thread,
                               e->index, opKindName(e->label.kind)));
    return nullptr;
  }
  const Operation &executed = model.step(m, e->choice);
  ++result.stats.steps;
  // A fork that created no thread (the step failed: too many threads) binds nothing.
  if (e->isFork() && executed.otherThread != NoThread)
    threads.bind(e->child(), executed.otherThread);
  return &executed;
}

bool UnfoldingSearch::isEnding(const Operation &executed) const {
  switch (model.status()) {
  case ExecStatus::Running: return false;
  case ExecStatus::Error:
  case ExecStatus::Infeasible: return true;
  case ExecStatus::Finished: return executed.kind == OpKind::Exit;
  }
  return false;
}

void UnfoldingSearch::noteEnding(const std::vector<Operation> &trace, const Schedule &schedule) {
  switch (model.status()) {
  case ExecStatus::Error:
    report(model.error(), trace, schedule);
    observe(trace, ExecutionEnd::Error);
    break;
  case ExecStatus::Infeasible:
    observe(trace, ExecutionEnd::Infeasible);
    break;
  default:
    observe(trace, ExecutionEnd::Finished);
    break;
  }
}

void UnfoldingSearch::ensureModelAtC() {
  size_t n = C_.size();
  if (modelAt_ == n || stop)
    return;
  size_t from = n;
  while (from > 0 && !(from < checkpointValid_.size() && checkpointValid_[from]))
    --from;
  if (from < checkpointValid_.size() && checkpointValid_[from])
    model.restore(*checkpoints_[from]);
  else {
    model.restart();
    from = 0;
  }
  for (size_t i = from; i < n && !stop; ++i) {
    if (C_[i]->ending)
      continue;
    const Operation *executed = stepModel(C_[i], threads_);
    if (executed && isEnding(*executed))
      nondeterminism("an event that did not end the execution ended it when replayed");
    if (checkpointLevel(i + 1) && !C_[i]->ending) {
      modelAt_ = i + 1;
      saveCheckpoint();
    }
  }
  modelAt_ = n;
}

void UnfoldingSearch::saveCheckpoint() {
  size_t level = C_.size();
  if (!checkpointsSupported || !checkpointLevel(level) || modelAt_ != level)
    return;
  if (checkpoints_.size() <= level) {
    checkpoints_.resize(level + 1);
    checkpointValid_.resize(level + 1, false);
  }
  if (checkpointValid_[level])
    return;
  if (checkpoints_[level]) {
    if (!model.checkpointInto(*checkpoints_[level])) {
      checkpointsSupported = false;
      return;
    }
  } else {
    checkpoints_[level] = model.checkpoint();
    if (!checkpoints_[level]) {
      checkpointsSupported = false;
      return;
    }
  }
  checkpointValid_[level] = true;
}

void UnfoldingSearch::nondeterminism(const std::string &what) {
  if (stop)
    return;
  ErrorInfo error;
  error.kind = ErrorKind::Unsupported;
  error.message = "the unfolding search found the program non-deterministic: " + what;
  Schedule schedule;
  std::vector<Operation> trace = currentTrace(&schedule);
  report(error, trace, schedule);
  stop = true;
}

// ---- Ends of executions ----

void UnfoldingSearch::endBeforeAnyEvent() {
  ++result.stats.executions;
  switch (model.status()) {
  case ExecStatus::Error:
    report(model.error(), {}, {});
    observe({}, ExecutionEnd::Error);
    break;
  case ExecStatus::Infeasible:
    ++result.stats.infeasible;
    observe({}, ExecutionEnd::Infeasible);
    break;
  default:
    ++result.stats.finished;
    observe({}, ExecutionEnd::Finished);
    break;
  }
}

void UnfoldingSearch::leaf(bool enabledInModel, bool sleepBlocked) {
  ++result.stats.executions;
  stats.eventsAtLeaves += store.u().size();
  Schedule schedule;
  std::vector<Operation> trace = currentTrace(&schedule);
  if (sleepBlocked) {
    // Every enabled event is in D: explored already (only with partial alternatives).
    ++result.stats.sleepSetBlocked;
    observe(trace, ExecutionEnd::SleepSetBlocked);
    return;
  }
  if (enabledInModel) {
    observe(trace, ExecutionEnd::Cutoff);
    return;
  }
  if (!endingInC_.empty()) {
    // The program's execution ended at the first ending event, observed when it first ran;
    // the events after it here are real steps (they do not depend on it) but not an end.
    ExecStatus end = endingInC_.front()->endStatus;
    if (end == ExecStatus::Finished)
      ++result.stats.finished;
    else if (end == ExecStatus::Infeasible)
      ++result.stats.infeasible;
    observe(trace, ExecutionEnd::Cutoff);
    return;
  }
  switch (model.status()) {
  case ExecStatus::Finished:
    ++result.stats.finished;
    observe(trace, ExecutionEnd::Finished);
    return;
  case ExecStatus::Running:
    break;
  default:
    observe(trace, ExecutionEnd::Error);
    return;
  }
  if (stoppedByFailedAssume(model)) {
    ++result.stats.infeasible;
    observe(trace, ExecutionEnd::Infeasible);
    return;
  }
  ErrorInfo error;
  error.kind = ErrorKind::Deadlock;
  std::string blocked;
  for (ThreadId m = 0; m < model.numThreads(); ++m) {
    if (!model.isAlive(m))
      continue;
    blocked += fmt::format("{}{} ({})", blocked.empty() ? "" : ", ", m,
                           opKindName(model.pending(m).kind));
    if (error.thread == NoThread) {
      error.thread = m;
      error.location = model.pending(m).location;
    }
  }
  error.message = fmt::format("deadlock: no thread can run; blocked: {}", blocked);
  report(error, trace, schedule);
  observe(trace, ExecutionEnd::Deadlock);
}

void UnfoldingSearch::report(const ErrorInfo &error, const std::vector<Operation> &trace,
                             const Schedule &schedule) {
  if (error.kind != ErrorKind::Unsupported && options.isViolation && !options.isViolation(error))
    return;
  ++result.stats.errors;
  if (error.kind == ErrorKind::Deadlock)
    ++result.stats.deadlocks;
  bool counted = false;
  if (options.oneReportPerError)
    for (ErrorReport &known : result.errors)
      if (known.error.kind == error.kind && known.error.location == error.location &&
          known.error.message == error.message) {
        ++known.occurrences;
        counted = true;
        break;
      }
  if (!counted) {
    ErrorReport entry;
    entry.error = error;
    entry.trace = trace;
    entry.schedule = schedule;
    result.errors.push_back(std::move(entry));
  }
  if (!options.keepGoing)
    stop = true;
}

void UnfoldingSearch::observe(const std::vector<Operation> &trace, ExecutionEnd end) {
  if (observer && *observer)
    (*observer)(trace, end);
}

std::vector<Operation> UnfoldingSearch::currentTrace(Schedule *schedule) const {
  std::vector<Operation> trace;
  for (size_t i = 0; i < C_.size(); ++i) {
    if (C_[i]->ending)
      continue;
    trace.push_back(executed_[i]);
    if (schedule)
      schedule->push_back(taken_[i]);
  }
  return trace;
}

void UnfoldingSearch::checkLimits() {
  if (clock.tick(options, result.stats))
    stop = true;
}

} // namespace bpor::unfolding
