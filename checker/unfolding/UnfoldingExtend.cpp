// Extend(C) of seeds/004's Algorithm 1: the extensions a new event makes possible, each checked
// by replaying its history (enabledness, cutoffs), and the numbering of transitions.
#include "checker/unfolding/UnfoldingSearch.h"

#include "checker/Dependence.h"

#include <fmt/format.h>

#include <algorithm>

namespace bpor::unfolding {

// The histories Extend enumerates for one transition after one new event before it gives up.
constexpr uint64_t MaxHistoriesPerStep = 100000;

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
    if (u != 0 && !forkOf_[u])
      continue; // not created in C
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

// Whether a maximal event of e's history, of another thread, may have left its thread inside
// an atomic block (Event.h, excludesOthers).
static bool afterExclusion(const Event &e) {
  for (const Event *c : e.causes)
    if (c->thread != e.thread && excludesOthers(c->label) && c->label.kind != OpKind::Exit)
      return true;
  return false;
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
  if (excludesOthers(l) && l.kind != OpKind::Exit)
    ++stats.globalEvents;
  if (e->isFork()) {
    CanonicalThread child = e->child();
    if (forkOf_.size() <= child) {
      forkOf_.resize(child + 1, nullptr);
      chains_.resize(child + 1);
    }
  }
  // A transition that may be disabled is an event only if it is enabled after its history;
  // with cutoffs, every event's state is needed. Either way the history is replayed. After a
  // step of another thread that excludes the others any transition may be disabled: an
  // atomic block whose step stopped inside it at a data choice keeps every other thread out
  // until the block ends.
  if (cutoffs || mayBlock(l) || afterExclusion(*e)) {
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
    put(executed.accesses[i].size << 4 | executed.accesses[i].update << 1 |
        executed.accesses[i].write);
  }
  // Numbered down from the top: the transitions met first are the greatest, which makes the
  // configurations the depth-first search reaches first the least in the order, so that the
  // ones it reaches later in the same state are the cutoffs.
  auto [it, added] = transitionNumbers_.emplace(
      std::move(name), Event::NoTransition - 1 - uint32_t(transitionNumbers_.size()));
  return it->second;
}

} // namespace bpor::unfolding
