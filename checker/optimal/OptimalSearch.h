// The depth-first engine behind exploreOptimal(): Algorithm 1 (source-DPOR) or Algorithm 2
// (optimal DPOR) of Abdulla et al. (POPL 2014), run iteratively over an explicit stack with
// checkpoint and replay (checker/engine/), like checker/Search.h. Its members are defined by
// job:
// - OptimalSearch.cpp: the states on the stack, the transitions between them with their sleep
//   sets, and the depth-first loop;
// - OptimalRaces.cpp: the races of an execution, each reversed into a wakeup tree (optimal
//   DPOR) or a backtrack set (source-DPOR);
// - OptimalEnds.cpp: how an execution ends, its errors, and whether a branch is left;
// - OptimalSharing.cpp: parallel optimal DPOR, a worker's side of the shared states.
#pragma once

#include "checker/engine/DepthFirstLoop.h"
#include "checker/ThreadSet.h"
#include "checker/optimal/EventLog.h"
#include "checker/optimal/OptimalExplorer.h"
#include "checker/optimal/PendingOperations.h"
#include "checker/optimal/SharedStates.h"
#include "checker/ThreadNames.h"
#include "checker/optimal/WakeupTree.h"

#include <memory>
#include <optional>

namespace bpor::optimal {

/// What the search knows about one state E on its stack (frames[i] is pre(E, e_i)). Threads are
/// named as ThreadNames names them (its Model numbers only where it says so).
struct Frame {
  /// The number of threads the Model has created so far (next(s, u) is OptimalSearch::
  /// pending's, for the names in `alive`).
  ThreadId numThreads = 0;
  ThreadSet alive;
  ThreadSet enabled;
  /// The model was Running here (false for the state after an execution's last event, where
  /// nothing is enabled because the execution is over).
  bool running = true;
  /// sleep(E): sleepers inherited from the parent and the branches already explored from E,
  /// each with the event it executes from here.
  std::vector<Event> sleep;
  /// Optimal DPOR: wut(E), the branches not started yet.
  WakeupTree wakeup;
  /// Optimal DPOR: the arbitrary first branch of a state entered with an empty wakeup tree
  /// (Algorithm 2, lines 8-13), not started yet: the tree's one leaf, kept outside it so that the
  /// common case builds no node (thread NoThread once started, or if there is none).
  ScheduleStep firstBranch;
  /// Source-DPOR: backtrack(E) and the threads of it already taken.
  ThreadSet backtrack;
  ThreadSet done;
  /// The branch in progress: its thread and data choice, the event it executed, and (optimal
  /// DPOR) the wakeup subtree below it. Source-DPOR explores every data choice of a branch
  /// not asleep, one after the other; optimal DPOR makes each choice its own branch. Either
  /// way each choice's event goes to sleep on its own once explored: choices end differently
  /// (one may end the execution with an error, which no event commutes with), so a thread's
  /// choices do not wake up together (docs/optimal-dpor.md, "Data choices").
  bool branchActive = false;
  ScheduleStep taken;
  Event branchEvent;
  WakeupTree branchSubtree;
  /// Nothing more is explored from here (an execution was cut at the maximum depth).
  bool exhausted = false;
  /// Parallel optimal DPOR: the shared record of this state (if shared), and the index of the
  /// branch in progress among those taken there, until its event is resolved.
  SharedState *shared = nullptr;
  size_t sharedIndex = 0;
  bool sharedUnresolved = false;
  bool ownsSharedBranch = false; // this worker explores branch sharedIndex of `shared`
  /// Above a split with single branches (SearchSplit::singleBranches): this state took one
  /// branch alone, `backtrack`, and then takes `later` (the branches rounds after the first
  /// added, each with its round) in order; `laterTaken` of them are started.
  bool singleBranch = false;
  std::vector<std::pair<uint32_t, unsigned>> later;
  size_t laterTaken = 0;
  /// The branch in progress is one the current round added (its units are the round's).
  bool takenThisRound = false;
  /// The path here passes a branch the current round added.
  bool belowThisRound = false;

  bool asleep(ThreadId t) const {
    for (const Event &e : sleep)
      if (e.thread() == t)
        return true;
    return false;
  }
  /// Whether thread t's next event, with data choice `choice` if it is a Nondet, is asleep.
  bool asleep(ThreadId t, uint32_t choice) const {
    for (const Event &e : sleep)
      if (e.thread() == t && (!isDataChoice(e.op.kind) || e.choice == choice))
        return true;
    return false;
  }
  static constexpr uint32_t NoChoice = ~uint32_t(0);
  /// The first data choice from `from` on of t's next event (which has `numChoices`) that is
  /// not asleep (0 for other operations), or NoChoice.
  uint32_t awakeChoice(ThreadId t, uint32_t numChoices, uint32_t from = 0) const {
    for (uint32_t c = from; c < numChoices; ++c)
      if (!asleep(t, c))
        return c;
    return NoChoice;
  }
};

/// The search stack. Popped frames stay in storage and are reset on reuse, so their vectors
/// keep their capacity and a step allocates nothing once the search has reached its depth.
class FrameStack {
public:
  size_t size() const { return depth; }
  Frame &operator[](size_t i) { return storage[i]; }
  const Frame &operator[](size_t i) const { return storage[i]; }
  Frame &back() { return storage[depth - 1]; }
  const Frame &back() const { return storage[depth - 1]; }
  const Frame *begin() const { return storage.data(); }
  const Frame *end() const { return storage.data() + depth; }
  /// A cleared frame on top (references to frames may be invalidated).
  Frame &push();
  void pop() { --depth; }

private:
  std::vector<Frame> storage;
  size_t depth = 0;
};

class OptimalSearch {
public:
  /// `shared`: this search is one worker of a parallel optimal DPOR (SharedStates.h); with
  /// `waitsFirst` it starts by waiting for a state another worker shares, not from the initial
  /// state's first branch.
  OptimalSearch(Model &model, const SearchOptions &options, OptimalVariant variant,
                const ExecutionObserver *observer, StateSharing *shared = nullptr,
                bool waitsFirst = false);

  SearchResult run();

private:
  template <typename Engine>
  friend SearchResult bpor::runDepthFirst(Engine &, Model &, StateRestorer &, SearchLedger &);

  // States.
  void captureState(bool running);
  void setNext(ThreadId u);
  void initialize();
  ThreadId creationOrJoin() const;
  SplitPath pathTo(size_t i) const;
  bool laterBranch(const Frame &f, ThreadId t) const;
  bool awake(size_t i, ThreadId t) const;
  size_t sectionStart(size_t i) const;
  uint32_t nextChoice(size_t i) const;
  void askForBranch(size_t i, const std::vector<Event> &v);
  /// Parallel search (SearchOptions::split): whether frame i is above the split depth, where
  /// every enabled thread not asleep is a branch.
  bool aboveSplit(size_t i) const { return options.split && i < options.split->depth; }
  /// Whether the state just entered (its frame on top) starts a unit of the split this worker
  /// does not explore.
  bool leftToOthers(bool running);
  uint64_t splitUnits = 0;
  /// Parallel optimal DPOR: whether frame i is a shared state, and its transitions.
  bool isShared(size_t i) const { return frames[i].shared; }
  ScheduleStep selectShared();
  /// The schedule of the first `steps` steps, in the Model's thread numbers.
  Schedule modelSchedule(size_t steps) const;
  /// Shares the states of the stack from the initial one down to the first with a branch left.
  void shareWork();
  /// Rebuilds the stack down to `target` (from the initial state); false if it is null.
  bool goToSharedState(SharedState *target);
  StateSharing *sharedStates = nullptr;
  bool waitsFirst = false;
  bool sharedSearchOver = false; // waitForWork said so
  ScheduleStep preferredStep() const;
  bool perChoice() const { return variant == OptimalVariant::Optimal; }
  bool endsExecution(ExecStatus status, const Operation &event) const;

  // Transitions.
  /// The next transition from the top state, or a step of NoThread if none is left. (Not an
  /// optional: GCC builds a returned std::optional<ScheduleStep> in memory with a byte store
  /// and reads it back wider, a store-forwarding stall on every call.)
  ScheduleStep selectNext();
  bool stepAndEnter(ScheduleStep step);
  bool replayPrefix();

  // Depth-first search.
  void runExecution();
  bool backtrackToNextBranch();
  ExecutionEnd classifyBlockedEnd();
  void endExecution(ExecutionEnd end);
  void reportError(const ErrorInfo &error);
  bool hasUnexploredBranch() const;

  // Races.
  void analyseRaces();
  void reverseRace(size_t i, const Event &later, size_t limit);
  void reverseAlternatives(size_t j, size_t limit);
  void reverseDisablings(size_t j, size_t limit);
  void reverseAt(size_t j, const Event &p, size_t limit);
  /// `pending`, a thread's next operation in state i, as the event it executes there when its
  /// footprint is known only once it has run (an atomic block the pass could not name; a
  /// compare-and-swap or trylock, which may fail and only read).
  void resolveFootprint(size_t i, Event &pending);
  /// The last event of the wakeup sequence v (to run from state i) as it runs there, when it
  /// ran differently in E (a failed compare-and-swap or trylock that may succeed before the
  /// write it raced with).
  void resolveOutcome(size_t i, std::vector<Event> &v);
  std::optional<Operation> probeLast(size_t i, const std::vector<Event> &v);
  std::vector<ScheduleStep> probeSteps;
  std::vector<Operation> probed;
  /// Inserts v (Algorithm 2, lines 5-6) at state i; consumes v (WakeupTree::insert).
  void insertWakeupSequence(size_t i, std::vector<Event> &v);
  /// insertWakeupSequence(i, {event}) and (i, {first, second}), through `sequence`.
  void insertWakeupSequence(size_t i, const Event &event);
  void insertWakeupSequence(size_t i, const Event &first, const Event &second);
  /// Scratch for the wakeup sequences of one execution's races: reused, so that reversing a
  /// race allocates nothing once it has grown.
  std::vector<Event> sequence;

  Model &model;
  SearchOptions options;
  OptimalVariant variant;
  /// Thread names (a parallel search's workers share the table).
  ThreadNameTable ownThreadNames;
  ThreadNames names;
  FrameStack frames;
  /// next(s, u) for the states on the stack (frames[i]'s at depth i).
  PendingOperations pending;
  const Operation &nextOf(size_t i, ThreadId u) const { return pending.at(i, u); }
  /// next(s, u) of state i for every thread u created there, by name (meaningless for the dead
  /// ones and for names not created there).
  std::vector<Operation> nextOperations(size_t i) const;
  int8_t semaphoreAvailable(size_t i, const Operation &post) const;
  /// The path to the top state, and returning to it by checkpoint and replay.
  StateRestorer restorer;
  EventLog log;
  std::vector<Operation> events;
  /// Events from this index on were executed by the current execution (not replayed); only
  /// their races are new.
  size_t firstNew = 0;
  SearchLedger ledger;
  bool lastBranchEnded = false;
};

} // namespace bpor::optimal
