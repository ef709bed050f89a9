#include "checker/Search.h"

#include "checker/Dependence.h"
#include "checker/engine/DepthFirstLoop.h"
#include "checker/engine/ExecutionEnds.h"
#include "checker/stateful/CycleCheck.h"
#include "checker/stateful/FairCycle.h"

#include <fmt/format.h>
#include <stdexcept>

namespace bpor {

SearchEngine::SearchEngine(Model &model, const SearchOptions &options,
                           const ExecutionObserver *observer)
    : model(model), options(options), observer(observer), restorer(model, options.checkpoints),
      bound(makeBoundFunction(options.bound, options.boundValue, options.combinedFairBound)),
      bounded(options.bound != BoundKind::None),
      useSleepSets(options.strategy == Strategy::DepthFirst &&
                   (options.por == PorMode::Dpor ||
                    (options.por == PorMode::Bpor && options.sleepSets))),
      ledger(this->options, observer), result(ledger.result) {}

SearchEngine::~SearchEngine() = default;

// ---- Building states ------------------------------------------------------------------------

// Pushes a frame describing the model's current state, final(S). A state whose status is not
// Running has no successors: nothing is enabled there, and only the pending operations of
// threads other than the one that just stepped are recorded (the stepping thread may have
// stopped in the middle of its transition).
void SearchEngine::captureState(bool running) {
  SearchFrame frame;
  ThreadId n = model.numThreads();
  frame.next.resize(n);
  ThreadId stepper = stack.lastThread();
  for (ThreadId u = 0; u < n; ++u) {
    if (!model.isAlive(u) || (!running && u == stepper))
      continue;
    frame.alive.insert(u);
    frame.next[u] = model.pending(u);
    frame.next[u].thread = u;
    if (running && model.isEnabled(u))
      frame.enabled.insert(u);
  }
  // Above a divided search's split an explored thread never sleeps in a later sibling: whether
  // its subtree stayed within the bound, the condition for sleeping, is known only to the worker
  // that explored it, and every worker must walk the top alike.
  if (!stack.frames.empty() && useSleepSets && !aboveSplit(stack.frames.size() - 1)) {
    // Sleep-set rule [Godefroid 1996]: a thread explored earlier from the previous state (or
    // asleep there) stays asleep after the last event iff its transition is independent of it.
    // Only a thread whose whole subtree stayed within the bound may sleep (6.5, dissertation:
    // otherwise the states below it were not all explored, and a cheaper path may be needed).
    const SearchFrame &before = stack.frames.back();
    const Operation &event = stack.events.back();
    ThreadSet candidates = before.explored;
    before.exceededBelow.forEach([&](ThreadId v) { candidates.erase(v); });
    candidates.insertAll(before.sleep);
    candidates.forEach([&](ThreadId v) {
      if (v != event.thread && !dependent(before.next[v], event))
        frame.sleep.insert(v);
    });
  }
  stack.frames.push_back(std::move(frame));
}

// Lines 4-10 of Algorithms 7 and 8: for each thread u and each other thread v, the most recent
// transition of v that is dependent with next(s, u) gets a backtrack point. Done incrementally:
// for a thread whose next transition is unchanged since the previous state, the only new
// candidate is the last event, since every older one was analysed in an earlier state of this
// stack with the same prefix (Backtrack(S, i, u) depends only on pre(S, i) and u).
//
// An event that ends the execution (an error, a failed assume, an exit) disables every other
// thread, so it is dependent with every pending transition (Definition 2.3, property 1), even
// one without a footprint such as a yield: otherwise a thread's steps that could have run
// before the end would never be explored.
void SearchEngine::analyseRaces(bool executionEnded) {
  if (options.por == PorMode::None || stack.events.empty())
    return;
  size_t last = stack.events.size() - 1;
  const Operation &event = stack.events[last];
  const SearchFrame &before = stack.frames[last];
  const SearchFrame &now = stack.top();
  now.alive.forEach([&](ThreadId u) {
    // A thread that did not step keeps its next transition, except an atomic block that a
    // write of a symbolic value into its footprint made conflict with everything
    // (ProgramThread::namedBlock): then it may race with older events too.
    bool unchanged = u != event.thread && before.alive.contains(u) &&
                     before.next[u].global == now.next[u].global;
    if (!unchanged) {
      fullRaceScan(u);
      if (executionEnded && event.thread != u)
        backtrackRace(last, u);
      return;
    }
    if (executionEnded || dependent(event, now.next[u]))
      backtrackRace(last, u);
  });
}

void SearchEngine::fullRaceScan(ThreadId u) {
  hb.dependences().latestDependent(stack.top().next[u], latestScratch);
  const uint32_t none = DependenceIndex::None;
  for (ThreadId v = 0; v < latestScratch.size(); ++v) {
    uint32_t i = latestScratch[v];
    if (i == none)
      continue;
    if (options.transitiveReduction && impliedByLaterDependence(i, u, latestScratch))
      continue;
    if (options.threadStartOptimization && createdBy(i, u))
      continue;
    backtrackRace(i, u);
  }
}

// Transitive reduction (6.1, dissertation): i ->_S u (Definition 6.2) holds if i happens
// before one of u's own events (always dependent with next(s, u)) or before a later transition
// dependent with next(s, u); the latest dependent transition of each thread (`latest`) is
// enough to decide, since an earlier one of a thread happens before its latest.
bool SearchEngine::impliedByLaterDependence(uint32_t i, ThreadId u,
                                            const std::vector<uint32_t> &latest) const {
  if (hb.happensBeforeThread(i, u))
    return true;
  for (uint32_t j : latest)
    if (j != DependenceIndex::None && j > i && hb.happensBefore(i, j))
      return true;
  return false;
}

// Whether event i is the fork that created thread u: the two are never co-enabled, so the
// dependence needs no backtrack point (6.3, dissertation; "dependent and co-enabled" in the
// original DPOR). Every earlier event of the same thread is before u existed too, and i is the
// most recent dependent event of its thread, so nothing of that thread needs one.
bool SearchEngine::createdBy(uint32_t i, ThreadId u) const {
  const Operation &e = stack.events[i];
  return e.kind == OpKind::Fork && e.otherThread == u;
}

// The lock part of 6.3 (release optimization; Algorithm 17's GetAcquire): when the dependent
// transition is an unlock of the mutex that next(s, u) locks, the two are never co-enabled (the
// lock waits for the unlock), so reversing them means running u before the lock that unlock
// released: the most recent lock of that mutex by the same thread. Without such a lock (a
// trylock, a lock taken elsewhere) the race stays where it is.
size_t SearchEngine::raceTarget(size_t i, ThreadId u) const {
  if (!options.releaseOptimization)
    return i;
  const Operation &release = stack.events[i];
  const Operation &acquire = stack.top().next[u];
  if (release.kind != OpKind::Unlock || acquire.kind != OpKind::Lock || release.numAccesses != 1 ||
      acquire.numAccesses != 1 || release.accesses[0].address != acquire.accesses[0].address)
    return i;
  uint64_t mutex = release.accesses[0].address;
  for (size_t j = i; j-- > 0;) {
    const Operation &e = stack.events[j];
    if (e.thread != release.thread || e.numAccesses == 0 || e.accesses[0].address != mutex)
      continue;
    return e.kind == OpKind::Lock ? j : i;
  }
  return i;
}

// An atomic block whose step stopped inside it at a data choice keeps every other thread out
// until its thread leaves it: the block's event and the data choices after it, up to event i,
// run back to back (the data choices are `global` there, and the block's event conflicts with
// everything: runtime/AtomicBlockFootprint.h). Another thread can only run before the whole
// section, so a race with an event of it gets its backtrack point at the section's start.
size_t SearchEngine::sectionStart(size_t i) const {
  const std::vector<Operation> &events = stack.events;
  while (i > 0 && isDataChoice(events[i].kind) && events[i].global &&
         events[i - 1].thread == events[i].thread)
    --i;
  return i;
}

// ---- Checking mode: Lines 4-10 by brute force -----------------------------------------------

namespace {
// A BacktrackSink that checks that the backtrack points a procedure asks for are present.
class RequirementChecker final : public BacktrackSink {
public:
  RequirementChecker(const SearchStack &stack, bool alternativeThread, std::string &failure)
      : stack(stack), alternativeThread(alternativeThread), failure(failure) {}
  void add(size_t i, ThreadId u, bool conservative) override {
    if (stack.frames[i].sleep.contains(u)) { // the engine asks for every awake thread then
      addAllEnabled(i, conservative);
      return;
    }
    if (!has(i, u) && failure.empty())
      failure = fmt::format("thread {} missing from backtrack(pre(S, {}))", u, i);
  }
  void addAllEnabled(size_t i, bool) override {
    const SearchFrame &f = stack.frames[i];
    f.enabled.forEach([&](ThreadId v) {
      if (!f.sleep.contains(v) && !has(i, v) && failure.empty())
        failure = fmt::format("thread {} missing from backtrack(pre(S, {})) = enabled", v, i);
    });
  }
  void transitionExceedsBound() override {}
  // E(S, i, u) of Definition 6.5 from the definitions: the events after S_i from which a
  // chain of dependent events leads to u's last event (or its fork), by a backward scan.
  ThreadSet alternatives(size_t i, ThreadId u) const override {
    ThreadSet out;
    if (!alternativeThread)
      return out;
    const SearchFrame &pre = stack.frames[i];
    if (pre.awake(u))
      out.insert(u);
    const std::vector<Operation> &events = stack.events;
    size_t target = events.size();
    for (size_t k = events.size(); k-- > i;)
      if (events[k].thread == u || (events[k].kind == OpKind::Fork && events[k].otherThread == u)) {
        target = k;
        break;
      }
    if (target == events.size())
      return out;
    std::vector<bool> leads(events.size(), false);
    leads[target] = true;
    for (size_t k = target; k-- > i + 1;)
      for (size_t m = k + 1; m <= target && !leads[k]; ++m)
        leads[k] = leads[m] && dependent(events[k], events[m]);
    for (size_t k = i + 1; k <= target; ++k) {
      ThreadId v = events[k].thread;
      if (leads[k] && v != u && pre.awake(v))
        out.insert(v);
    }
    return out;
  }

private:
  bool has(size_t i, ThreadId u) const {
    const SearchFrame &f = stack.frames[i];
    return f.backtrack.contains(u) || f.conservative.contains(u);
  }
  const SearchStack &stack;
  bool alternativeThread;
  std::string &failure;
};
} // namespace

// Recomputes Lines 4-10 of Algorithm 8 for the top state from scratch (every thread u, every
// other thread v, the most recent dependent transition by a scan of the whole execution) and
// checks that every backtrack point they require is in place: the incremental analysis, the
// dependence index and the transitive-reduction test must agree with the definitions.
void SearchEngine::checkRaceAnalysis(bool executionEnded) {
  std::string failure;
  RequirementChecker checker(stack, options.alternativeThread && options.por != PorMode::None,
                             failure);
  const SearchFrame &now = stack.top();
  size_t n = stack.events.size();
  now.alive.forEach([&](ThreadId u) {
    std::vector<uint32_t> latest(now.numThreads(), DependenceIndex::None);
    for (size_t i = 0; i < n; ++i) {
      ThreadId v = stack.events[i].thread;
      if (v == u)
        continue;
      if (dependent(stack.events[i], now.next[u]) || (executionEnded && i + 1 == n)) {
        if (v >= latest.size())
          latest.resize(v + 1, DependenceIndex::None);
        latest[v] = uint32_t(i);
      }
    }
    for (uint32_t i : latest) {
      if (i == DependenceIndex::None)
        continue;
      if (options.transitiveReduction && !(executionEnded && i + 1 == n) &&
          impliedByLaterDependence(i, u, latest))
        continue;
      if (options.threadStartOptimization && !(executionEnded && i + 1 == n) && createdBy(i, u))
        continue;
      uint32_t race = uint32_t(sectionStart(i));
      i = uint32_t(raceTarget(race, u));
      if (options.por == PorMode::Bpor) {
        bound->backtrack(stack, i, u, checker);
        if (race != i && bound->costReadsEnabledness()) {
          ConservativeSink conservative(checker);
          bound->backtrack(stack, race, u, conservative);
        }
      } else {
        addBacktrackPoint(stack, i, u, checker, false, bound.get());
      }
      if (!failure.empty())
        throw std::logic_error(
            fmt::format("checker invariant violated at depth {} for thread {} and event {}: {}", n,
                        u, i, failure));
    }
  });
}

// Line 7 of Algorithm 7 and 8: Backtrack(S, i, u).
void SearchEngine::backtrackRace(size_t frameIndex, ThreadId u) {
  frameIndex = sectionStart(frameIndex);
  size_t target = raceTarget(frameIndex, u);
  if (options.por != PorMode::Bpor) {
    dporBacktrack(target, u);
    return;
  }
  bound->backtrack(stack, target, u, *this);
  // 6.3 for a bound whose costs read enabledness: the acquire's point is DPOR's, the
  // release's stays as the bound's (docs/algorithms-notes.md, item 13).
  if (target != frameIndex && bound->costReadsEnabledness()) {
    ConservativeSink conservative(*this);
    bound->backtrack(stack, frameIndex, u, conservative);
  }
}

// Line 11: the initial backtrack set of the new final state.
void SearchEngine::initialize() {
  SearchFrame &f = stack.top();
  if (aboveSplit(stack.frames.size() - 1)) {
    // Above a divided search's split: every enabled thread (none sleeps there), a superset of
    // whatever Initialize and Backtrack would add, the same in every worker; selectNext drops
    // those beyond the bound. Initialize still runs, to say whether it asks for one of those.
    if (bounded)
      f.enabled.forEach([&](ThreadId u) {
        if (!bound->allows(stack, u))
          f.beyondBound.insert(u);
      });
    if (options.por == PorMode::Bpor)
      bound->initialize(stack, *this);
    f.backtrack = f.enabled;
    return;
  }
  if (options.por == PorMode::None) {
    f.backtrack = f.enabled; // Algorithms 1 and 3 explore every enabled thread
    return;
  }
  if (options.por == PorMode::Bpor) {
    bound->initialize(stack, *this); // Algorithm 8's per-bound Initialize
    return;
  }
  // Algorithm 7, Line 11 (with sleep sets: a thread not asleep). Prefer the thread that ran
  // last, which keeps executions free of needless context switches.
  ThreadId last = stack.lastThread();
  if (last != NoThread && f.enabled.contains(last) && !f.sleep.contains(last)) {
    f.backtrack.insert(last);
    return;
  }
  ThreadId u = f.enabled.firstNotIn(f.sleep);
  if (u != NoThread)
    f.backtrack.insert(u);
}

// Backtrack(S, i, u) of Algorithm 7 with lines 5 and 7 replaced as the DPOR addendum says:
// sleeping threads are never added, and a sleeping u is treated like a disabled one, for
// which a thread of E(S, i, u) suffices (6.2) if there is one awake.
void SearchEngine::dporBacktrack(size_t frameIndex, ThreadId u) {
  addBacktrackPoint(stack, frameIndex, u, *this, false, bound.get());
}

// E(S, i, u) of Definition 6.5 (the DPOR paper's, which it cites): u, and every thread v with
// an event j > i that happens before u's state, i.e. before u's last event or, for a thread
// that has not run, before the fork that created it. Such a v must run before S_i for
// next(final(S), u) to, so running v first from pre(S, i) starts that reversal. Only awake
// threads are returned (a sleeping one leads only to explored states).
ThreadSet SearchEngine::alternatives(size_t frameIndex, ThreadId u) const {
  ThreadSet out;
  if (!options.alternativeThread || options.por == PorMode::None)
    return out;
  const SearchFrame &pre = stack.frames[frameIndex];
  if (pre.awake(u))
    out.insert(u);
  // u's state: its last event, or the fork that created it.
  size_t past = stack.events.size();
  for (size_t k = stack.events.size(); k-- > frameIndex;) {
    const Operation &e = stack.events[k];
    if (e.thread == u || (e.kind == OpKind::Fork && e.otherThread == u)) {
      past = k;
      break;
    }
  }
  if (past == stack.events.size())
    return out; // nothing after S_i leads to u
  // v qualifies iff u's state has seen more of v's events than pre(S, i).S_i holds.
  std::vector<uint32_t> upToI;
  for (size_t k = 0; k <= frameIndex; ++k) {
    ThreadId t = stack.events[k].thread;
    if (t >= upToI.size())
      upToI.resize(t + 1, 0);
    ++upToI[t];
  }
  const VectorClock &seen = hb.clock(past);
  pre.enabled.forEach([&](ThreadId v) {
    uint32_t before = v < upToI.size() ? upToI[v] : 0;
    if (v != u && pre.awake(v) && seen[v] > before)
      out.insert(v);
  });
  return out;
}

// With the bound optimization a bound's conservative points wait in their own set.
ThreadSet &SearchEngine::backtrackSetFor(size_t frameIndex, bool conservative) {
  SearchFrame &f = stack.frames[frameIndex];
  return conservative && options.boundOptimization ? f.conservative : f.backtrack;
}

void SearchEngine::add(size_t frameIndex, ThreadId u, bool conservative) {
  if (aboveSplit(frameIndex)) {
    // Every enabled thread is there already; the ask is only recorded.
    askedAboveSplit(frameIndex, u, conservative);
    return;
  }
  // A sleeping thread is never explored: as the DPOR addendum says, treat it like a disabled
  // one and ask for every thread that is awake.
  if (stack.frames[frameIndex].sleep.contains(u)) {
    addAllEnabled(frameIndex, conservative);
    return;
  }
  if (backtrackSetFor(frameIndex, conservative).insert(u) && conservative)
    ++result.stats.conservativeBacktrackPoints;
}

void SearchEngine::addAllEnabled(size_t frameIndex, bool conservative) {
  if (aboveSplit(frameIndex)) {
    stack.frames[frameIndex].enabled.forEach(
        [&](ThreadId u) { askedAboveSplit(frameIndex, u, conservative); });
    return;
  }
  SearchFrame &pre = stack.frames[frameIndex];
  ThreadSet &target = backtrackSetFor(frameIndex, conservative);
  ++result.stats.conservativeBacktrackPoints;
  pre.enabled.forEach([&](ThreadId v) {
    if (!pre.sleep.contains(v))
      target.insert(v);
  });
}

// Above a divided search's split, BPOR asked for thread u at frames[frameIndex]: recorded with
// where the ask comes from (SplitPruning), and as pruned there if the bound excludes it. A
// conservative point with the bound optimization is needed only where the bound cut something
// below, which is then recorded anyway.
void SearchEngine::askedAboveSplit(size_t frameIndex, ThreadId u, bool conservative) {
  const SearchFrame &f = stack.frames[frameIndex];
  if ((conservative && options.boundOptimization) || !f.enabled.contains(u))
    return;
  std::vector<uint32_t> branch = splitPath(frameIndex);
  branch.push_back(u);
  // From the unit (or the state above the split) the search is in: its executions raced.
  result.splitPruning.asked.emplace(splitPath(stack.frames.size() - 1), std::move(branch));
  if (f.beyondBound.contains(u)) {
    ++result.stats.prunedByBound;
    boundCut(frameIndex);
  }
}

// The bound cut something at frames[frameIndex]. Divided, where: the unit it is in, or the
// state above the split (SplitPruning); the merged record decides boundPruned.
void SearchEngine::boundCut(size_t frameIndex) {
  if (!options.split) {
    result.boundPruned = true;
    return;
  }
  bool inUnit = frameIndex >= options.split->depth;
  if (inUnit && prunedUnit == splitUnits)
    return; // this unit is recorded already
  result.splitPruning.pruned.insert(splitPath(frameIndex));
  if (inUnit)
    prunedUnit = splitUnits;
}

// The steps from the initial state to frames[frameIndex], or to the split depth if deeper.
SplitPath SearchEngine::splitPath(size_t frameIndex) const {
  SplitPath path;
  size_t steps = std::min(frameIndex, options.split->depth);
  for (size_t i = 0; i < steps; ++i) {
    path.push_back(stack.frames[i].taken.thread);
    path.push_back(stack.frames[i].taken.choice);
  }
  return path;
}

void SearchEngine::transitionExceedsBound() {
  ++result.stats.prunedByBound;
  boundCut(stack.frames.size() - 1);
  stack.top().boundExceeded = true;
}

// ---- Choosing and taking transitions --------------------------------------------------------

bool SearchEngine::withinBound(ThreadId u) {
  if (!bounded || bound->allows(stack, u))
    return true;
  if (aboveSplit(stack.frames.size() - 1))
    return false; // a branch of the superset, not one BPOR asked for (askedAboveSplit)
  transitionExceedsBound();
  return false;
}

std::optional<ThreadId> SearchEngine::firstCandidate(const SearchFrame &f, const ThreadSet &set) const {
  ThreadId u = NoThread;
  set.forEach([&](ThreadId t) {
    if (u == NoThread && f.enabled.contains(t) && !f.done.contains(t) && !f.sleep.contains(t))
      u = t;
  });
  if (u == NoThread)
    return std::nullopt;
  return u;
}

// Lines 12-17 of Algorithm 8 for the top state: the next transition to explore from it, if
// any. A thread whose next operation is a Nondet with k choices is k transitions, explored one
// after the other before the next thread.
std::optional<ScheduleStep> SearchEngine::selectNext() {
  SearchFrame &f = stack.top();
  if (f.taken.thread != NoThread && f.taken.choice + 1 < f.next[f.taken.thread].numChoices)
    return ScheduleStep{f.taken.thread, f.taken.choice + 1};
  while (true) {
    // Lines 14-21 of Algorithm 18, then (if the bound was exceeded below) Lines 22-28.
    std::optional<ThreadId> u = firstCandidate(f, f.backtrack);
    if (!u && f.boundExceeded)
      u = firstCandidate(f, f.conservative);
    if (!u)
      return std::nullopt;
    f.done.insert(*u);
    if (withinBound(*u)) {
      f.explored.insert(*u);
      return ScheduleStep{*u, 0};
    }
  }
}

void SearchEngine::step(ScheduleStep choice) {
  stack.top().taken = choice;
  stack.events.push_back(restorer.step(choice));
  if (options.por != PorMode::None)
    hb.push(stack.events.back());
  ++result.stats.steps;
  // A release the pending operation did not show (a transition that ends its thread, when the
  // model gives no hint) is known only now; the state it ran from is still on the stack, so
  // the bound adds there what it would have added for a pending release.
  const Operation &event = stack.events.back();
  size_t from = stack.frames.size() - 1;
  if (options.por == PorMode::Bpor && isRelease(event) &&
      !isRelease(stack.frames[from].next[choice.thread]))
    bound->releaseDiscovered(stack, from, choice.thread, *this);
}

// Backtracking: return the model to the top state (StateRestorer: from the deepest checkpoint
// on the stack, or the initial state, re-stepping the rest of the prefix, which also checks that
// the program is deterministic).
bool SearchEngine::replayPrefix() {
  std::optional<StateRestorer::Divergence> diverged =
      restorer.returnToEnd(stack.events, result.stats.steps);
  if (!diverged)
    return true;
  stack.events.resize(diverged->step);
  stack.events.push_back(diverged->event);
  reportError(nondeterminismError(diverged->event, diverged->step));
  ledger.stop = StopReason::Nondeterminism;
  return false;
}

// ---- The depth-first search -----------------------------------------------------------------

// Records the state the step just taken reached (Lines 3-11 of Algorithm 8 for it). Returns
// true if the execution ended there.
bool SearchEngine::enterNewState() {
  ExecStatus status = model.status();
  bool running = status == ExecStatus::Running;
  captureState(running);
  bound->push(stack);
  if (!isInfeasibleOutcome(stack.events.back(), status))
    analyseRaces(!running);
  if (options.por == PorMode::Bpor && running)
    bound->stepped(stack, *this);
  if (options.checkInvariants && options.por != PorMode::None)
    checkRaceAnalysis(!running);
  if (!running) {
    if (leftToOthers(false))
      return true;
    if (status == ExecStatus::Error)
      reportError(model.error());
    endExecution(endOf(status));
    return true;
  }
  // Best-first search runs every execution from the initial state: it never returns.
  if (options.strategy == Strategy::DepthFirst)
    restorer.mayReturnHere();
  initialize();
  if (leftToOthers(true)) {
    // Another worker explores this unit: nothing is taken from here.
    SearchFrame &f = stack.top();
    f.backtrack.clear();
    f.conservative.clear();
    f.done.insertAll(f.enabled);
    return true;
  }
  return false;
}

// The units of a split: each state at the split depth with the subtree below it, and each
// execution that ends at or above it (a last step, a deadlock, a state whose every transition
// exceeds the bound or the depth limit). Every worker meets them in the same order (the states
// above branch alike, nothing sleeps there), so `claim` sees the same numbers in each.
bool SearchEngine::leftToOthers(bool running) {
  if (!options.split)
    return false;
  size_t depth = stack.frames.size() - 1;
  if (depth > options.split->depth)
    return false;
  if (running && depth < options.split->depth && hasBranchWithinBound())
    return false; // an inner state of the shallow tree
  return !options.split->claim(splitUnits++, false, running && depth == options.split->depth,
                               result.stats);
}

// Whether the top state has a transition the search takes: an enabled thread within the bound,
// below the depth limit.
bool SearchEngine::hasBranchWithinBound() const {
  if (stack.length() >= options.maxDepth)
    return false;
  bool any = false;
  stack.top().enabled.forEach(
      [&](ThreadId u) { any = any || !bounded || bound->allows(stack, u); });
  return any;
}

// Runs from the top state until the execution ends.
void SearchEngine::runExecution() {
  while (true) {
    std::optional<ScheduleStep> next = selectNext();
    if (!next) {
      endExecution(classifyBlockedEnd());
      return;
    }
    if (stack.length() >= options.maxDepth) {
      // The execution ends here: nothing else is explored from this state either.
      SearchFrame &f = stack.top();
      f.done.insertAll(f.enabled);
      if (stoppedByFailedAssume(model)) {
        endExecution(ExecutionEnd::Infeasible);
        return;
      }
      endAtDepthLimit(next->thread);
      return;
    }
    step(*next);
    if (enterNewState())
      return;
    if ((result.stats.steps & 1023) == 0) {
      ledger.checkLimits();
      if (ledger.stopped())
        return;
    }
  }
}

// The execution went on for maxDepth steps: it ends here. If it came back to a state round a
// fair cycle, it is a livelock; otherwise it may never end or only be long: reported as
// inconclusive, or with livelocksAtDepthLimit cut (a coverage gap) while the search goes on.
void SearchEngine::endAtDepthLimit(ThreadId next) {
  bool checkCycle = options.livelocksAtDepthLimit || options.strategy == Strategy::BestFirst;
  Schedule schedule;
  std::optional<Lasso> lasso;
  if (checkCycle) {
    // The replay leaves the model in the top state, where it was.
    schedule = scheduleOf(stack.frames, stack.events.size());
    lasso = findLasso(model, schedule, true);
  }
  if (lasso && lasso->fair) {
    reportLivelock(*lasso, std::move(schedule));
    endExecution(ExecutionEnd::Error);
    return;
  }
  ++result.stats.depthLimited;
  if (!options.livelocksAtDepthLimit)
    reportError(depthLimitError(next, stack.top().next[next].location, options.maxDepth));
  else if (lasso)
    backtrackStarvedThreads(*lasso);
  endExecution(ExecutionEnd::DepthLimit);
}

// A livelock: the execution on the stack ends on a fair cycle. Its schedule and trace are cut
// after the cycle's first round, as the stateful search reports one.
void SearchEngine::reportLivelock(const Lasso &lasso, Schedule schedule) {
  ErrorInfo error;
  error.kind = ErrorKind::Livelock;
  error.thread = schedule[lasso.cycleStart].thread;
  error.location = stack.events[lasso.cycleStart].location;
  error.message = livelockMessage(lasso.cycleStart, lasso.cycleEnd);
  ++result.stats.livelocks;
  schedule.resize(lasso.cycleEnd);
  std::vector<Operation> trace(stack.events.begin(), stack.events.begin() + lasso.cycleEnd);
  ledger.reportError(error, trace, std::move(schedule));
}

// The cut execution ends on an unfair cycle: it repeats the steps [cycleStart, cycleEnd) for
// ever while a thread enabled on the cycle never runs. That thread is starved, and no race
// shows what it would do after the cycle began (the race analysis sees only executed events
// and pending ones, which commute with a spin that reads other variables), so the search would
// never run it there. It is put in the backtrack set of the first state of the cycle's first
// round where it is enabled (unless it was taken there or sleeps there: an earlier branch ran
// it): the states from there on repeat, so that covers running it in any later round, which a
// fair scheduler would do at some point.
void SearchEngine::backtrackStarvedThreads(const Lasso &lasso) {
  ThreadSet ran, placed;
  for (size_t i = lasso.cycleStart; i < lasso.cycleEnd; ++i)
    ran.insert(stack.frames[i].taken.thread);
  for (size_t i = lasso.cycleStart; i < lasso.cycleEnd; ++i) {
    SearchFrame &f = stack.frames[i];
    f.enabled.forEach([&](ThreadId u) {
      if (ran.contains(u) || !placed.insert(u))
        return;
      if (!f.sleep.contains(u) && !f.done.contains(u))
        f.backtrack.insert(u);
    });
  }
}

ExecutionEnd SearchEngine::endOf(ExecStatus status) {
  return status == ExecStatus::Running ? classifyBlockedEnd() : executionEndOf(status);
}

// The top state is running but the search takes no transition from it: why?
ExecutionEnd SearchEngine::classifyBlockedEnd() {
  const SearchFrame &f = stack.top();
  if (f.enabled.empty() && stoppedByFailedAssume(model))
    return ExecutionEnd::Infeasible;
  if (f.enabled.empty()) {
    reportError(deadlockError(model));
    return ExecutionEnd::Deadlock;
  }
  bool allAsleep = true;
  f.enabled.forEach([&](ThreadId u) { allAsleep = allAsleep && f.sleep.contains(u); });
  if (allAsleep)
    return ExecutionEnd::SleepSetBlocked;
  boundCut(stack.frames.size() - 1);
  stack.top().boundExceeded = true;
  if (options.por == PorMode::Bpor)
    bound->allCut(stack, *this);
  return ExecutionEnd::BoundBlocked;
}

void SearchEngine::endExecution(ExecutionEnd end) { ledger.endExecution(end, stack.events); }

void SearchEngine::reportError(const ErrorInfo &error) {
  ledger.reportError(error, stack.events, scheduleOf(stack.frames, stack.events.size()));
}

// Pops finished states until one has a transition left to explore, then replays the prefix
// up to it and takes that transition. Returns false when the whole stack is exhausted.
bool SearchEngine::backtrackToNextBranch() {
  while (true) {
    std::optional<ScheduleStep> next = selectNext();
    if (next) {
      if (!replayPrefix())
        return false;
      step(*next);
      lastBranchEnded = enterNewState();
      return true;
    }
    if (stack.events.empty())
      return false;
    bound->pop(stack);
    if (options.por != PorMode::None)
      hb.pop();
    stack.events.pop_back();
    restorer.pop();
    bool exceeded = stack.top().boundExceeded;
    stack.frames.pop_back();
    stack.top().boundExceeded |= exceeded; // Line 17 of Algorithm 18
    if (exceeded)
      stack.top().exceededBelow.insert(stack.top().taken.thread);
  }
}

bool SearchEngine::hasUnexploredBranch() const {
  for (const SearchFrame &f : stack.frames) {
    if (f.taken.thread != NoThread && f.taken.choice + 1 < f.next[f.taken.thread].numChoices)
      return true;
    if (firstCandidate(f, f.backtrack) || (f.boundExceeded && firstCandidate(f, f.conservative)))
      return true;
  }
  return false;
}

SearchResult SearchEngine::run() {
  if (options.strategy == Strategy::BestFirst)
    return runBestFirst();
  return runDepthFirst(*this, model, restorer, ledger);
}

} // namespace bpor
