#include "checker/optimal/OptimalSearch.h"

#include "checker/Dependence.h"
#include "checker/engine/DepthFirstLoop.h"
#include "checker/engine/ExecutionEnds.h"

#include <algorithm>
#include <cassert>
#include <fmt/format.h>

namespace bpor::optimal {

OptimalSearch::OptimalSearch(Model &model, const SearchOptions &options, OptimalVariant variant,
                             const ExecutionObserver *observer, SharedStates *shared,
                             bool waitsFirst)
    : sharedStates(shared), waitsFirst(waitsFirst), model(model), options(options),
      variant(variant), names(shared ? shared->threadNames() : ownThreadNames),
      restorer(model, options.checkpoints), ledger(this->options, observer) {}

// ---- States ---------------------------------------------------------------------------------

Frame &FrameStack::push() {
  if (depth == storage.size()) {
    storage.emplace_back();
    return storage[depth++];
  }
  Frame &f = storage[depth++];
  f.alive.clear();
  f.enabled.clear();
  f.sleep.clear();
  f.wakeup.clear();
  f.firstBranch = ScheduleStep{};
  f.backtrack.clear();
  f.done.clear();
  f.branchActive = false;
  f.taken = ScheduleStep{};
  f.branchSubtree.clear();
  f.exhausted = false;
  f.shared = nullptr;
  f.sharedUnresolved = false;
  f.ownsSharedBranch = false;
  return f;
}

// next(s, u) of the top state s from the model, for the Model's thread u.
void OptimalSearch::setNext(ThreadId u) {
  // Stored with its thread's name (PendingOperations::set), then the thread it joins named.
  names.renameOther(pending.set(frames.size() - 1, names.nameOf(u), model.pending(u)));
}

std::vector<Operation> OptimalSearch::nextOperations(size_t i) const {
  std::vector<Operation> next;
  frames[i].alive.forEach([&](ThreadId u) {
    if (u >= next.size())
      next.resize(u + 1);
    next[u] = nextOf(i, u);
  });
  return next;
}

// Pushes the frame of the model's current state. In a state that is not Running nothing is
// enabled, and the thread that just stepped is left out (it may have stopped mid-transition).
// After a step that left the model Running, only the stepping thread and the threads it
// created have new pending operations, and only the stepper can have ended (Model.h: another
// thread's step never changes a thread's pending operation); the rest is the parent's.
// The sets are of names; the Model is asked by its numbers (stepAndEnter named the threads the
// step created).
void OptimalSearch::captureState(bool running) {
  ThreadId n = model.numThreads();
  if (events.empty())
    names.start(n);
  ThreadId stepper = events.empty() ? NoThread : events.back().thread;
  size_t parentIndex = frames.size() - 1;
  Frame &frame = frames.push();
  frame.running = running;
  frame.numThreads = n;
  if (running && parentIndex < frames.size() - 1 && stepper != NoThread) {
    const Frame &parent = frames[parentIndex];
    frame.alive = parent.alive;
    auto refresh = [&](ThreadId u) {
      if (!model.isAlive(u)) {
        frame.alive.erase(names.nameOf(u));
        return;
      }
      frame.alive.insert(names.nameOf(u));
      setNext(u);
    };
    refresh(stepper);
    for (ThreadId u = parent.numThreads; u < n; ++u)
      refresh(u);
    frame.alive.forEach([&](ThreadId name) {
      if (model.isEnabled(names.threadOf(name)))
        frame.enabled.insert(name);
    });
    return;
  }
  for (ThreadId u = 0; u < n; ++u) {
    if (!model.isAlive(u) || (!running && u == stepper))
      continue;
    frame.alive.insert(names.nameOf(u));
    setNext(u);
    if (running && model.isEnabled(u))
      frame.enabled.insert(names.nameOf(u));
  }
}

// The thread that ran last if it may run again (fewer context switches), else the lowest
// enabled thread that is not asleep; for optimal DPOR, with its first data choice not asleep.
ScheduleStep OptimalSearch::preferredStep() const {
  const Frame &f = frames.back();
  size_t top = frames.size() - 1;
  auto choiceOf = [&](ThreadId u) {
    if (!perChoice())
      return f.asleep(u) ? Frame::NoChoice : 0u;
    return f.awakeChoice(u, nextOf(top, u).numChoices);
  };
  ThreadId last = events.empty() ? NoThread : names.nameOf(events.back().thread);
  if (last != NoThread && f.enabled.contains(last))
    if (uint32_t c = choiceOf(last); c != Frame::NoChoice)
      return ScheduleStep{last, c};
  ScheduleStep chosen{NoThread, 0};
  f.enabled.forEach([&](ThreadId u) {
    if (chosen.thread != NoThread)
      return;
    if (uint32_t c = choiceOf(u); c != Frame::NoChoice)
      chosen = ScheduleStep{u, c};
  });
  return chosen;
}

// Lines 8-13 of Algorithm 2 (wut(E) := WuT, or one arbitrary enabled thread not asleep) and
// lines 2-3 of Algorithm 1 (backtrack(E) := {p}).
void OptimalSearch::initialize() {
  Frame &f = frames.back();
  if (aboveSplit(frames.size() - 1)) {
    // Above a parallel search's split (source-DPOR only): every enabled thread not asleep, the
    // same in every worker.
    f.enabled.forEach([&](ThreadId u) {
      if (!f.asleep(u))
        f.backtrack.insert(u);
    });
    return;
  }
  if (variant == OptimalVariant::Optimal) {
    // A wakeup sequence whose next thread is blocked here reversed a race that cannot be
    // reversed (docs/optimal-dpor.md, "Blocking operations"): drop it.
    WakeupTree &tree = f.wakeup;
    while (!tree.empty()) {
      const Event &first = tree.branches().front().event;
      if (f.enabled.contains(first.thread()) && !f.asleep(first.thread(), first.choice))
        break;
      tree.dropFirst();
    }
    if (tree.empty())
      f.firstBranch = preferredStep(); // enabled and awake here (a leaf selectNext takes as is)
  } else {
    ScheduleStep p = preferredStep();
    if (p.thread != NoThread)
      f.backtrack.insert(p.thread);
  }
}

// Whether `event` ended the execution while other threads could still have run (Event.h).
bool OptimalSearch::endsExecution(ExecStatus status, const Operation &event) const {
  switch (status) {
  case ExecStatus::Running: return false;
  case ExecStatus::Error: return true;
  case ExecStatus::Infeasible: return !isInfeasibleOutcome(event, status);
  case ExecStatus::Finished:
    if (event.kind == OpKind::Exit)
      return true;
    for (ThreadId u = 0; u < model.numThreads(); ++u)
      if (u != event.thread && model.isAlive(u))
        return true;
    return false;
  }
  return false;
}

// Adds event to f's sleep set (with its thread named, a sleeping fork keeps its child: that
// name is the same thread in every state it is carried to, where it has not been created).
static void putToSleep(Frame &f, const Event &event) { f.sleep.push_back(event); }

// Whether the semaphore `post` posts to had a positive count in state i, as a thread waiting
// on it there shows (-1 if none does).
int8_t OptimalSearch::semaphoreAvailable(size_t i, const Operation &post) const {
  const Frame &state = frames[i];
  int8_t available = -1;
  state.alive.forEach([&](ThreadId u) {
    if (u != post.thread && available < 0 && nextOf(i, u).kind == OpKind::SemWait &&
        isReleaseFor(post, nextOf(i, u)))
      available = state.enabled.contains(u) ? 1 : 0;
  });
  return available;
}

// ---- Transitions ----------------------------------------------------------------------------

// The next transition from the top state: the next data choice of the branch in progress, or
// the next branch (line 15 of Algorithm 2, line 4 of Algorithm 1), after putting the finished
// branch to sleep (line 19 / line 12).
ScheduleStep OptimalSearch::selectNext() {
  Frame &f = frames.back();
  if (f.exhausted)
    return ScheduleStep{};
  if (isShared(frames.size() - 1))
    return selectShared();
  if (f.branchActive) {
    // Source-DPOR explores the data choices of a step one after the other; optimal DPOR
    // explores each as its own branch.
    if (!perChoice() &&
        f.taken.choice + 1 < nextOf(frames.size() - 1, f.taken.thread).numChoices)
      return ScheduleStep{f.taken.thread, f.taken.choice + 1};
    putToSleep(f, f.branchEvent);
    f.branchActive = false;
    f.branchSubtree.clear();
  }
  if (variant == OptimalVariant::Optimal) {
    if (f.firstBranch.thread != NoThread) {
      f.taken = f.firstBranch;
      f.firstBranch = ScheduleStep{};
      f.branchActive = true;
      return f.taken;
    }
    while (!f.wakeup.empty()) {
      const Event &next = f.wakeup.branches().front().event;
      ThreadId t = next.thread();
      uint32_t choice = next.choice;
      if (!f.enabled.contains(t) || f.asleep(t, choice) ||
          choice >= nextOf(frames.size() - 1, t).numChoices) {
        f.wakeup.dropFirst();
        continue;
      }
      f.wakeup.takeFirst(f.branchSubtree);
      f.branchActive = true;
      f.taken = ScheduleStep{t, choice};
      return f.taken;
    }
    return ScheduleStep{};
  }
  ThreadId chosen = NoThread;
  f.backtrack.forEach([&](ThreadId t) {
    if (chosen == NoThread && !f.done.contains(t) && f.enabled.contains(t) && !f.asleep(t))
      chosen = t;
  });
  if (chosen == NoThread)
    return ScheduleStep{};
  f.done.insert(chosen);
  f.branchActive = true;
  f.taken = ScheduleStep{chosen, 0};
  return f.taken;
}

// Takes `step` from the top state and records the state it reaches (line 16-18 of Algorithm
// 2: Sleep' keeps the sleepers independent of the new event). Returns true if the execution
// ended there.
bool OptimalSearch::stepAndEnter(ScheduleStep step) {
  size_t top = frames.size() - 1;
  frames[top].taken = step;
  const Operation &executed =
      events.emplace_back(restorer.step(ScheduleStep{names.threadOf(step.thread), step.choice}));
  ++ledger.result.stats.steps;
  ExecStatus status = model.status();
  // The threads it created are named after it: the event's index in its thread, which the log
  // gives it, is one more than its thread's events so far.
  if (model.numThreads() > frames[top].numThreads)
    names.created(step.thread, log.eventsOf(step.thread) + 1, model.numThreads());
  // Built in place and logged field by field (copyEvent, Event.h).
  Event &event = frames[top].branchEvent;
  event.op = executed;
  names.rename(event.op);
  event.endsExecution = endsExecution(status, executed);
  event.objectAvailableBefore = -1;
  event.choice = step.choice;
  if (frames[top].sharedUnresolved) {
    // Other workers wait for it: the branches taken after this one sleep on this event.
    sharedStates->resolve(*frames[top].shared, frames[top].sharedIndex, event);
    frames[top].sharedUnresolved = false;
  }
  if (executed.kind == OpKind::SemPost)
    event.objectAvailableBefore = semaphoreAvailable(top, event.op);
  // No waiter to look at: a post's value is the count it wrote (the runtime's convention,
  // Model.h: "the value ... written"), so the count before was value - 1. A model that leaves
  // it 0 says nothing.
  if (executed.kind == OpKind::SemPost && event.objectAvailableBefore < 0 && executed.value > 0)
    event.objectAvailableBefore = executed.value > 1 ? 1 : 0;
  log.push(event);

  bool running = status == ExecStatus::Running;
  captureState(running);
  {
    Frame &after = frames.back();
    const Event &stepped = frames[top].branchEvent; // `event` may have moved with the stack
    for (const Event &q : frames[top].sleep)
      if (!conflicts(q, stepped))
        after.sleep.push_back(q);
    // An empty subtree (a leaf was taken) leaves the frame its own storage: the leaf the next
    // state usually gets then allocates nothing.
    if (variant == OptimalVariant::Optimal && !frames[top].branchSubtree.empty())
      after.wakeup.swap(frames[top].branchSubtree);
  }
  if (running) {
    // The threads this event enabled (EventRecord::enabledThreads).
    const Frame &before = frames[top], &after = frames.back();
    ThreadSet enabled;
    after.enabled.forEachAlsoInNotIn(before.alive, before.enabled, [&](ThreadId u) {
      if (u != step.thread)
        enabled.insert(u);
    });
    if (!enabled.empty())
      log.setEnabledThreads(enabled);
    // And whether it disabled one (reverseDisablings), noted while both states are at hand.
    bool disabled = false;
    before.enabled.forEachAlsoInNotIn(after.alive, after.enabled, [&](ThreadId u) {
      disabled = disabled || u != step.thread;
    });
    if (disabled)
      log.setDisabledOthers();
  }
  if (!running) {
    if (leftToOthers(false))
      return true;
    if (status == ExecStatus::Error)
      reportError(model.error());
    endExecution(executionEndOf(status));
    return true;
  }
  restorer.mayReturnHere();
  initialize();
  if (leftToOthers(true)) {
    frames.back().exhausted = true;
    return true;
  }
  return false;
}

// The units of a split: each state at the split depth with the subtree below it, and each
// execution that ends above it (a last step, a deadlock, every enabled thread asleep). Every
// worker meets them in the same order, so `claim` sees the same numbers in each.
bool OptimalSearch::leftToOthers(bool running) {
  if (!options.split)
    return false;
  size_t depth = frames.size() - 1;
  if (depth > options.split->depth)
    return false;
  if (running && depth < options.split->depth) {
    const Frame &f = frames.back();
    if (!f.backtrack.empty())
      return false; // an inner state of the shallow tree
  }
  bool forkAsleep = false;
  for (const Event &q : frames.back().sleep)
    forkAsleep = forkAsleep || q.op.kind == OpKind::Fork;
  return !options.split->claim(splitUnits++, forkAsleep, depth == options.split->depth,
                               ledger.result.stats);
}

// Backtracking: return the model to the top state (StateRestorer: from the deepest checkpoint
// on the stack, or the initial state, re-stepping the rest of the prefix, which also checks that
// the program is deterministic).
bool OptimalSearch::replayPrefix() {
  std::optional<StateRestorer::Divergence> diverged =
      restorer.returnToEnd(events, ledger.result.stats.steps);
  if (!diverged)
    return true;
  events.resize(diverged->step);
  events.push_back(diverged->event);
  reportError(nondeterminismError(diverged->event, diverged->step));
  ledger.stop = StopReason::Nondeterminism;
  return false;
}

// ---- Races ----------------------------------------------------------------------------------

// Lines 1-6 of Algorithm 2: the races of the whole execution; for source-DPOR, lines 5-9 of
// Algorithm 1, once per new event. Then the threads the execution left behind: their next
// operations never ran, yet they race with it (docs/optimal-dpor.md, "Executions that end
// early").
void OptimalSearch::analyseRaces() {
  size_t length = log.size();
  if (perChoice()) {
    // Algorithm 2 reverses every race of E at the end of each maximal execution E, with
    // v = notdep(e, E).e' over the whole of E. A race in the prefix this execution replayed was
    // reversed before; its v is the same again (and inserting it again changes nothing) unless
    // an event not happening after e lies beyond the replayed prefix, in this execution or in
    // the one before (docs/optimal-dpor.md, "Which races are reversed again").
    log.beginReanalysis(firstNew);
    for (size_t j = 0; j < length; ++j) {
      bool jNew = j >= firstNew;
      for (uint32_t i : log[j].races)
        if (jNew || log.notdepMayDiffer(i))
          reverseRace(i, log[j].event, length);
      if (jNew || log.notdepMayDiffer(j))
        reverseAlternatives(j, length);
    }
    log.endReanalysis();
  } else {
    for (size_t j = firstNew; j < length; ++j) {
      for (uint32_t i : log[j].races)
        reverseRace(i, log[j].event, j);
      reverseAlternatives(j, j);
    }
  }
  bool cutShort = length > 0 && log[length - 1].event.endsExecution;
  const Frame &end = frames.back();
  if (end.exhausted)
    return; // cut at the maximum depth
  end.alive.forEach([&](ThreadId u) {
    if (!cutShort && end.enabled.contains(u))
      return; // asleep at a sleep-set-blocked end: its operation was explored elsewhere
    Event pending{nextOf(frames.size() - 1, u), false};
    if (cutShort && frames[length - 1].enabled.contains(u)) {
      if (perChoice())
        resolveFootprint(length - 1, pending);
      // It could have run before the event that ended the execution. The wakeup sequence
      // keeps that event after it: a branch in which the thread merely commutes with the
      // sequence is no cover, since an execution that ends early never runs it.
      Event ending = log[length - 1].event;
      ending.endsExecution = !dependent(pending.op, ending.op);
      // For optimal DPOR each data choice of a pending Nondet is its own event.
      uint32_t choices = perChoice() ? pending.op.numChoices : 1;
      for (uint32_t c = 0; c < choices; ++c) {
        pending.choice = c;
        sequence.clear();
        sequence.push_back(pending);
        sequence.push_back(ending);
        // After the pending operation, a compare-and-swap that ended the execution may do
        // otherwise.
        if (!ending.endsExecution)
          resolveOutcome(length - 1, sequence);
        insertWakeupSequence(length - 1, sequence);
      }
      return;
    }
    // Blocked (at a deadlock, at a sleep-set-blocked end, or before the ending event): reverse
    // its races as if it ran after the execution, without the ending event.
    size_t limit = cutShort ? length - 1 : length;
    for (uint32_t i : log.racesOfPending(pending, limit))
      reverseRace(i, pending, limit);
  });
}

// An atomic block whose footprint the pass could not name is pending as `global`, while its
// event carries the ranges its body touched (docs/design.md, "Atomic blocks"). In a wakeup
// sequence the pending form conflicts with the sleepers and earlier branches that the event
// commutes with, so optimal DPOR would insert a reversal that one of them already covers (or
// not descend into the branch of the block itself), and that execution would end sleep-set
// blocked. The event is what the block does from state i: found by running it there (the
// model is left off the path; the next return to a state restores it).
//
// Likewise a pending compare-and-swap or trylock writes, and its event only reads if it fails
// (Operation::onlyRead; docs/design.md, "What an event did"): in a wakeup sequence, the pending
// form where the event reads would make the tree's branches disagree with the events they run
// (resolveOutcome, below, says what that lost). So it is resolved the same way.
void OptimalSearch::resolveFootprint(size_t i, Event &pending) {
  const Operation &op = pending.op;
  bool block = op.kind == OpKind::AtomicBlock && op.global;
  if ((!block && op.kind != OpKind::ReadModifyWrite && op.kind != OpKind::Trylock) ||
      op.numChoices != 1)
    return;
  std::optional<Operation> event = restorer.probe(
      i, ScheduleStep{names.threadOf(op.thread), 0}, events, ledger.result.stats.steps);
  if (!event || event->kind != op.kind)
    return;
  pending.op = *event;
  names.rename(pending.op);
}

// A wakeup sequence v, to run from state i, holds events as they ran in E, and each does the
// same from i: the events of notdep(e_i, E) keep every event they depend on, and its last event
// keeps all but e_i. But e_i conflicts with the last one: if that is a compare-and-swap or a
// trylock whose footprint says its outcome (Operation::outcomeFootprint), e_i wrote what it
// read, and before e_i it may do otherwise: succeed and write where it failed and only read, or
// fail where it succeeded. The wakeup tree must hold what it does there: its branches are
// compared with the sleepers and the events they run, and a branch labelled otherwise than its
// event (a write that runs as a read) left a sleeping load asleep below a branch the tree had
// put beside it, and traces were lost. Its event there is found by running v from state i (the
// model is left off the path; the next return to a state restores it); if that cannot be
// done, its pending footprint, a write, stands in (docs/design.md, "What an event did").
void OptimalSearch::resolveOutcome(size_t i, std::vector<Event> &v) {
  Event &last = v.back();
  if (!last.op.outcomeFootprint || aboveSplit(i))
    return;
  probeSteps.clear();
  for (const Event &e : v)
    probeSteps.push_back(ScheduleStep{names.threadOf(e.thread()), e.choice});
  if (restorer.probe(i, probeSteps, events, ledger.result.stats.steps, probed) &&
      probed.size() == v.size()) {
    Operation op = probed.back();
    names.rename(op);
    if (op.thread == last.op.thread && op.kind == last.op.kind &&
        op.numAccesses == last.op.numAccesses) {
      last.op = op;
      return;
    }
  }
  last.op = asPending(last.op);
}

// The reversal of the race e_i ⋖ later: v = notdep(e_i, E).later goes into wut(pre(E, e_i))
// unless a sleeping thread is a weak initial of v (Algorithm 2, lines 3-6); for source-DPOR
// some initial of v joins backtrack(pre(E, e_i)) unless one is there (Algorithm 1, lines 6-9).
void OptimalSearch::reverseRace(size_t i, const Event &later, size_t limit) {
  Event reversed = later;
  // Moved before an event it depends on through its footprint, an event that ended the
  // execution may read other values and not end it: do not assume it does
  // (docs/optimal-dpor.md, "Executions that end early").
  if (reversed.endsExecution && dependent(log[i].event.op, reversed.op))
    reversed.endsExecution = false;
  log.wakeupSequence(i, reversed, limit, sequence);
  resolveOutcome(i, sequence);
  insertWakeupSequence(i, sequence);
}

// The events that could have run in event j's place and did not: the other data choices of a
// Nondet (optimal DPOR makes each choice its own event) and the pending operations of the
// threads e_j disabled. Each is reversed like a race with e_j: v = notdep(e_j, E).p at
// pre(E, e_j), with notdep over the first `limit` events (docs/optimal-dpor.md, "Data
// choices", "Enabling and disabling").
void OptimalSearch::reverseAlternatives(size_t j, size_t limit) {
  const Event &e = log[j].event;
  if (perChoice() && isDataChoice(e.op.kind)) {
    for (uint32_t c = 0; c < e.op.numChoices; ++c) {
      if (c == e.choice)
        continue;
      Event other{nextOf(j, e.thread()), false};
      other.choice = c;
      reverseAt(j, other, limit);
    }
  }
  reverseDisablings(j, limit);
}

// The races of event j with the pending operations it disabled (docs/optimal-dpor.md,
// "Enabling and disabling"). A thread enabled before e_j and disabled after it runs its
// operation p, if ever, only once something re-enables it, which then happens before p and
// hides the race e_j ⋖ p from the executed events: a signal's wakeup taken by one waiter, after
// which the other waiter runs only once a broadcast reaches it. p was enabled in pre(E, e_j).
void OptimalSearch::reverseDisablings(size_t j, size_t limit) {
  // Not after an event that ended the execution ("Executions that end early" handles the
  // others), nor after one that disabled no other thread (stepAndEnter noted which).
  if (!log[j].disabledOthers)
    return;
  const Frame &before = frames[j], &after = frames[j + 1];
  const Event &e = log[j].event;
  before.enabled.forEachAlsoInNotIn(after.alive, after.enabled, [&](ThreadId u) {
    if (u == e.thread())
      return;
    Event pending{nextOf(j, u), false};
    if (conflicts(e, pending))
      reverseAt(j, pending, limit);
  });
}

// v = notdep(e_j, E).p over the first `limit` events, into wut(pre(E, e_j)); for source-DPOR
// (limit j) that is the one-event sequence p.
void OptimalSearch::reverseAt(size_t j, const Event &p, size_t limit) {
  log.wakeupSequence(j, p, limit, sequence);
  insertWakeupSequence(j, sequence);
}

void OptimalSearch::insertWakeupSequence(size_t i, const Event &event) {
  sequence.clear();
  sequence.push_back(event);
  insertWakeupSequence(i, sequence);
}

void OptimalSearch::insertWakeupSequence(size_t i, const Event &first, const Event &second) {
  sequence.clear();
  sequence.push_back(first);
  sequence.push_back(second);
  insertWakeupSequence(i, sequence);
}

void OptimalSearch::insertWakeupSequence(size_t i, std::vector<Event> &v) {
  if (aboveSplit(i))
    return; // every enabled thread not asleep is a branch there already
  Frame &f = frames[i];
  // Races are between events that can be reordered, so v's threads exist where it starts.
  assert(threadsExistFor(v, f.alive));
  if (isShared(i)) {
    // Its place in the depth-first order: the branches this execution took at the shared
    // states from here down (the stack's shared states come first).
    std::vector<std::pair<SharedState *, size_t>> key;
    for (size_t k = i; k < frames.size() && frames[k].shared; ++k)
      key.emplace_back(frames[k].shared, frames[k].sharedIndex);
    sharedStates->insert(std::move(key), v); // a copy: v's storage is reused
    return;
  }
  if (variant == OptimalVariant::Optimal) {
    for (const Event &q : f.sleep)
      if (inWeakInitials(q, v))
        return;
    if (f.branchActive && inWeakInitials(f.branchEvent, v))
      return;
    f.wakeup.insert(v);
    return;
  }
  std::vector<ThreadId> first = initials(v);
  for (ThreadId t : first)
    if (f.backtrack.contains(t) || f.asleep(t))
      return;
  for (ThreadId t : first)
    if (f.enabled.contains(t)) {
      f.backtrack.insert(t);
      return;
    }
}

// ---- The depth-first search -----------------------------------------------------------------

void OptimalSearch::runExecution() {
  if (waitsFirst) {
    // A parallel worker other than the first: its first branch comes from another's states.
    waitsFirst = false;
    frames.back().wakeup.clear();
    frames.back().firstBranch = ScheduleStep{};
    return;
  }
  while (true) {
    ScheduleStep next = selectNext();
    if (next.thread == NoThread) {
      endExecution(classifyBlockedEnd());
      return;
    }
    if (log.size() >= options.maxDepth) {
      Frame &f = frames.back();
      f.exhausted = true;
      f.branchActive = false;
      if (stoppedByFailedAssume(model)) {
        endExecution(ExecutionEnd::Infeasible);
        return;
      }
      ++ledger.result.stats.depthLimited;
      reportError(depthLimitError(names.threadOf(next.thread),
                                  nextOf(frames.size() - 1, next.thread).location,
                                  options.maxDepth));
      endExecution(ExecutionEnd::DepthLimit);
      return;
    }
    if (stepAndEnter(next))
      return;
    if ((ledger.result.stats.steps & 1023) == 0) {
      ledger.checkLimits();
      if (ledger.stopped())
        return;
    }
  }
}

// Pops finished states until one has a transition left, replays the prefix up to it and takes
// that transition. Returns false when the whole stack is exhausted.
bool OptimalSearch::backtrackToNextBranch() {
  if (sharedStates && sharedStates->wanted())
    shareWork();
  while (true) {
    ScheduleStep next = selectNext();
    if (next.thread != NoThread) {
      firstNew = log.size();
      if (!replayPrefix())
        return false;
      lastBranchEnded = stepAndEnter(next);
      return true;
    }
    if (frames.back().shared) {
      sharedStates->leave(*frames.back().shared);
      frames.back().shared = nullptr;
    }
    if (log.size() == 0) {
      // A parallel worker goes to wherever a shared state has a branch left.
      if (sharedStates) {
        SharedState *work = sharedStates->waitForWork();
        sharedSearchOver = !work;
        if (goToSharedState(work))
          continue;
      }
      return false;
    }
    log.pop();
    events.pop_back();
    pending.pop(frames.size() - 1);
    frames.pop();
    names.truncate(frames.back().numThreads);
    restorer.pop();
  }
}

SearchResult OptimalSearch::run() {
  SearchResult result = runDepthFirst(*this, model, restorer, ledger);
  if (sharedStates && !sharedSearchOver)
    sharedStates->retire();
  return result;
}

} // namespace bpor::optimal
