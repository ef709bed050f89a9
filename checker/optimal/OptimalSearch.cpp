#include "checker/optimal/OptimalSearch.h"

#include "checker/Dependence.h"
#include "checker/engine/DepthFirstLoop.h"
#include "checker/engine/ExecutionEnds.h"

namespace bpor::optimal {

OptimalSearch::OptimalSearch(Model &model, const SearchOptions &options, OptimalVariant variant,
                             const ExecutionObserver *observer, StateSharing *shared,
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
  f.singleBranch = false;
  f.later.clear();
  f.laterTaken = 0;
  f.takenThisRound = false;
  f.belowThisRound = false;
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
  if (!events.empty())
    frame.belowThisRound =
        frames[parentIndex].belowThisRound || frames[parentIndex].takenThisRound;
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
  auto choiceOf = [&](ThreadId u) { return f.awakeChoice(u, nextOf(top, u).numChoices); };
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

// The first enabled thread not asleep whose next step creates or joins a thread, NoThread if
// none. Taken alone above the split: a sibling branch would carry that step asleep, and it
// stays asleep unless another thread later does a step dependent on it (another creation, an
// access to the handle, a join or detach of the same thread, a global step), which few
// programs do: without it every execution below the sibling ends sleep-set blocked. Whether
// some thread does is what the race analysis checks (askForBranch).
ThreadId OptimalSearch::creationOrJoin() const {
  const Frame &f = frames.back();
  size_t top = frames.size() - 1;
  ThreadId found = NoThread;
  f.enabled.forEach([&](ThreadId u) {
    if (found != NoThread || f.asleep(u))
      return;
    OpKind kind = nextOf(top, u).kind;
    if (kind == OpKind::Fork || kind == OpKind::Join)
      found = u;
  });
  return found;
}

// The path from the initial state to state i: the branch taken at each state before it, as
// thread name and data choice (the same in every worker: they walk the top alike).
SplitPath OptimalSearch::pathTo(size_t i) const {
  SplitPath path;
  path.reserve(2 * i);
  for (size_t k = 0; k < i; ++k) {
    path.push_back(frames[k].taken.thread);
    path.push_back(frames[k].taken.choice);
  }
  return path;
}

bool OptimalSearch::laterBranch(const Frame &f, ThreadId t) const {
  for (const auto &branch : f.later)
    if (branch.first == t)
      return true;
  return false;
}

// Lines 8-13 of Algorithm 2 (wut(E) := WuT, or one arbitrary enabled thread not asleep) and
// lines 2-3 of Algorithm 1 (backtrack(E) := {p}).
void OptimalSearch::initialize() {
  Frame &f = frames.back();
  if (aboveSplit(frames.size() - 1)) {
    // Above a parallel search's split (source-DPOR only), the same in every worker: a creation
    // or join alone, with the branches later rounds added, where the split allows it
    // (SplitRounds.h); else every enabled thread not asleep.
    if (options.split->singleBranches)
      if (ThreadId u = creationOrJoin(); u != NoThread) {
        f.singleBranch = true;
        f.backtrack.insert(u);
        if (options.split->rounds)
          if (const auto *later = options.split->rounds->at(pathTo(frames.size() - 1)))
            for (const auto &branch : *later)
              if (branch.second <= options.split->rounds->current())
                f.later.push_back(branch);
        return;
      }
    f.enabled.forEach([&](ThreadId u) {
      if (awake(frames.size() - 1, u))
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
    putToSleep(f, f.branchEvent);
    // Source-DPOR explores the data choices of a step not asleep one after the other; optimal
    // DPOR explores each as its own branch.
    if (!perChoice()) {
      uint32_t next = nextChoice(frames.size() - 1);
      if (next != Frame::NoChoice) {
        f.taken.choice = next;
        return f.taken;
      }
    }
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
  size_t top = frames.size() - 1;
  ThreadId chosen = NoThread;
  f.backtrack.forEach([&](ThreadId t) {
    if (chosen == NoThread && !f.done.contains(t) && f.enabled.contains(t) && awake(top, t))
      chosen = t;
  });
  f.takenThisRound = false;
  // A single-branch state: then the branches later rounds added, in the order they came.
  while (chosen == NoThread && f.laterTaken < f.later.size()) {
    auto [t, round] = f.later[f.laterTaken++];
    if (!f.done.contains(t) && f.enabled.contains(t) && awake(top, t)) {
      chosen = t;
      f.takenThisRound = round == options.split->rounds->current();
    }
  }
  if (chosen == NoThread)
    return ScheduleStep{};
  f.done.insert(chosen);
  f.branchActive = true;
  f.taken = ScheduleStep{chosen, f.awakeChoice(chosen, nextOf(top, chosen).numChoices)};
  return f.taken;
}

// Whether some data choice of thread t's next step in state i is not asleep (source-DPOR's
// branches are threads, each with the choices not asleep).
bool OptimalSearch::awake(size_t i, ThreadId t) const {
  return frames[i].awakeChoice(t, nextOf(i, t).numChoices) != Frame::NoChoice;
}

// Source-DPOR: the data choice of state i's branch in progress to explore after the one taken,
// the next not asleep (Frame::NoChoice if none is left).
uint32_t OptimalSearch::nextChoice(size_t i) const {
  const Frame &f = frames[i];
  return f.awakeChoice(f.taken.thread, nextOf(i, f.taken.thread).numChoices, f.taken.choice + 1);
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
  const SplitRounds *rounds = options.split->rounds;
  if (rounds && rounds->current() > 0 && !frames.back().belowThisRound) {
    // A later round claims only the units below its own branches: walk on towards them, and
    // leave the rest (earlier rounds explored it) to no one, uncounted.
    return !(running && depth < options.split->depth && rounds->leadsToCurrent(pathTo(depth)));
  }
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
