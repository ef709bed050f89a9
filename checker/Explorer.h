// The checker's public API: explore a Model's schedules, or replay one schedule.
//
// explore() is one depth-first engine in the shape of Algorithm 8 (BPOR, dissertation): with
// PorMode::None it is Algorithm 1 (exhaustive search) or, with a bound, Algorithm 3 (plain
// bounded search); with PorMode::Dpor it is Algorithm 7 with sleep sets as the DPOR addendum
// says; with PorMode::Bpor it is Algorithm 8 with the Initialize/Backtrack procedures of the
// chosen bound (Algorithms 9-13, and Algorithm 20 for the partial-order bounds).
//
// The search is stateless: to reach the next unexplored branch it calls Model::restart() and
// re-steps the schedule prefix, so the model must be deterministic for a given schedule (a
// divergence is reported as an ErrorKind::Unsupported error and stops the search).
//
// Coverage: Dpor reaches every local and deadlock state; Bpor every one reachable within the
// bound (dissertation, chapters 4-5 and 7), for acyclic state spaces. With spin loops use the
// fair bound; its guarantee holds when no livelock is reported. docs/algorithms-notes.md maps
// every algorithm to the code.
#pragma once

#include "checker/SplitPruning.h"
#include "checker/SplitRounds.h"
#include "core/Model.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace bpor {

/// Which reduction the search applies.
enum class PorMode : uint8_t {
  None, // every enabled transition within the bound (Algorithms 1 and 3)
  Dpor, // DPOR with sleep sets (Algorithm 7 + addendum). With a bound this is the naive
        // combination of chapter 3, which does not preserve bounded coverage.
  Bpor, // bounded partial-order reduction (Algorithm 8); with BoundKind::None it explores
        // what Dpor does
};

/// The bound function Bv of a bounded search (dissertation 2.7 and chapter 7).
enum class BoundKind : uint8_t {
  None,         // unbounded
  Depth,        // Definition 2.7: number of transitions
  Context,      // Definition 2.8: number of context switches
  Preemption,   // Definition 2.9: number of preemptive context switches
  Delta,        // Definition 2.10: deltas from a round-robin schedule
  Fair,         // Definition 1.9 of the proof companion: yield-count imbalance
  LocalDepth,   // chapter 7: longest happens-before chain
  LocalContext, // chapter 7: context switches along happens-before chains
};

/// The order in which the search visits the schedules.
enum class Strategy : uint8_t {
  DepthFirst, // Algorithm 8: a stack, backtracking to the deepest open branch
  BestFirst,  // dissertation chapter 3 (GAMBIT): an execution tree whose cheapest open leaf runs
              // next (checker/bestfirst/)
};

/// What orders the best-first fringe (dissertation 3.5).
enum class BestFirstPriority : uint8_t {
  Cost,   // BF(Pb): the bound's cost of the leaf's prefix (preemptions unless another bound is
          // chosen), so every schedule of cost c runs before any of cost c + 1
  Random, // BF(Random): a random priority per leaf (coverage kept, order random)
  /// BF(Dpor, Pb): every enabled transition within the bound is a leaf (no reduction prunes),
  /// and those in their state's DPOR backtrack set come first, fewest preemptions next
  /// (dissertation 3.2: "we use the backtrack set to guide best-first search").
  DporGuided,
};

const char *porModeName(PorMode mode);
const char *boundKindName(BoundKind kind);

/// Which limit stopped a search before it ran out of work (SearchResult::limit).
enum class SearchLimit : uint8_t {
  None,       // none did (the search finished, or an error stopped it)
  Executions, // SearchOptions::maxExecutions
  Time,       // SearchOptions::timeLimitSeconds
  Memory,     // SearchOptions::memoryLimitBytes: the process's peak resident memory
  Interrupt,  // a signal asked every search to stop (checker/engine/SearchStop.h)
};

/// What a search has done so far; reported at the end and to the progress callback.
struct Statistics {
  uint64_t executions = 0;      // maximal executions explored, whatever their end
  uint64_t finished = 0;        // executions that ended with ExecStatus::Finished
  uint64_t infeasible = 0;      // executions pruned by an assume
  uint64_t sleepSetBlocked = 0; // executions ended because every enabled thread slept
  uint64_t boundBlocked = 0;    // executions ended because every enabled thread exceeded the bound
  uint64_t waitedInVain = 0;    // executions ended with a thread waiting at a loop in vain
  uint64_t deadlocks = 0;       // executions ending in a deadlock (also reported as errors)
  uint64_t errors = 0;          // executions ending in an error of any kind (deadlock included)
  uint64_t livelocks = 0;       // fair cycles of states (the stateful search; the DPOR/BPOR
                                // engine at the depth limit)
  uint64_t steps = 0;           // visible steps executed, replay included
  uint64_t prunedByBound = 0;   // transitions not explored because they exceeded the bound
  /// Backtrack points beyond a single thread: a bound's conservative points (5.2.1) and
  /// "every enabled thread" for a disabled one (Algorithm 7, Line 22).
  uint64_t conservativeBacktrackPoints = 0;
  /// The stateful search: states stored and transitions that led to a state already explored.
  /// Every search: executions (stateful: transitions) cut because they went deeper than
  /// SearchOptions::maxDepth.
  uint64_t states = 0;
  uint64_t revisits = 0;
  uint64_t depthLimited = 0;
  double elapsedSeconds = 0;
};

struct BoundRound;

/// How a depth-first search returns to a state on its stack to explore another branch
/// (checker/engine/StateRestorer.h): by restoring a model checkpoint (Model::checkpoint) kept
/// there or above, then re-stepping the rest of the prefix from it, or from the initial state.
enum class CheckpointPolicy : uint8_t {
  Adaptive,   // where re-stepping would cost more than twice a checkpoint (the default)
  EveryState, // every state the search enters (tests of the restore path)
  Never,      // always restart and replay
};

/// A parallel search's share of one search tree (checker/parallel/). Every worker runs the same
/// search over its own model: states shallower than `depth` branch on every enabled thread not
/// asleep (no reduction there, so the races found below them add nothing to them; but see
/// singleBranches), and each
/// subtree at `depth`, and each execution that ends above it, goes to the one worker `claim`
/// gives it to. The workers walk the shallow states in the same order, so they number these
/// units alike. Supported by source-DPOR, by the weak-memory graph search (whose depth counts
/// graphs in its recursion, and whose graphs above the split are those of one search) and by
/// depth-first BPOR at one bound (whose states above the split branch on every enabled thread
/// within the bound, with no sleep sets there).
struct SearchSplit {
  size_t depth = 0;
  /// Asked once per unit, numbered in depth-first order: whether this worker explores it.
  /// `forkAsleep`: a thread creation sleeps at the unit's root, as in a subtree where a thread
  /// ran before main created the rest; such a unit is usually all sleep-set blocked (a hint
  /// for choosing the depth, no more). `subtree`: the unit is a state at the split depth (else
  /// an execution that ended above it). `sofar`: the search's statistics when it asks (every
  /// execution belongs to a unit, so the difference between two asks of a worker is what the
  /// unit it last took cost).
  std::function<bool(uint64_t unit, bool forkAsleep, bool subtree, const Statistics &sofar)>
      claim;
  /// Source-DPOR: a state above the split where a thread's next step creates or joins a thread
  /// takes that branch alone, and the branches the races ask for there come in later rounds
  /// (checker/SplitRounds.h), which the driver runs while SearchResult::askedBranches is not
  /// empty. Unset: every enabled thread not asleep is a branch at every state above the split.
  bool singleBranches = false;
  /// The round (singleBranches): the branches earlier rounds asked for; from the second round
  /// on, only the units below a branch added for this round are claimed (the others were
  /// explored before, and are not counted again).
  const SplitRounds *rounds = nullptr;
  /// Told each branch the races ask for (singleBranches) as it is first asked for, besides
  /// SearchResult::askedBranches: a distributed search keeps it with the unit that asked.
  std::function<void(const SplitPath &branch)> asked;
};

struct SearchOptions {
  PorMode por = PorMode::None;
  BoundKind bound = BoundKind::None;
  uint64_t boundValue = 0;
  /// An execution longer than this many visible steps ends with ErrorKind::DepthLimit: it may
  /// never end, or only be long (the stateful search tells which).
  uint64_t maxDepth = 100000;
  /// The DPOR/BPOR engine (depth-first and best-first): an execution that reaches maxDepth is
  /// checked for a fair cycle (findLasso, checker/stateful/CycleCheck.h) and reported as
  /// ErrorKind::Livelock if it ends on one; otherwise it is cut without an error report
  /// (counted in Statistics::depthLimited, a coverage gap the caller must state) and the search
  /// goes on. Off: the depth-first search reports it as ErrorKind::DepthLimit, which stops the
  /// search without keepGoing; best-first search then still reports a fair cycle as a livelock.
  bool livelocksAtDepthLimit = false;
  /// Stop after this many executions (0: unlimited).
  uint64_t maxExecutions = 0;
  /// Stop after this many seconds (0: no limit).
  double timeLimitSeconds = 0;
  /// Stop once the process's peak resident memory exceeds this many bytes (0: no limit). The
  /// whole process counts, not the search's own structures: what runs out is the machine's
  /// memory. Sampled with the other limits (checker/engine/SearchStop.h).
  uint64_t memoryLimitBytes = 0;
  /// The depth-first searches: where they keep model checkpoints.
  CheckpointPolicy checkpoints = CheckpointPolicy::Adaptive;
  /// false: stop at the first error; true: report every error found.
  bool keepGoing = false;
  /// With keepGoing: keep one report per distinct error (same kind, place and message), counting
  /// the executions that reached it, instead of one report (with its trace) per execution, so
  /// that a long search that goes on after errors stays bounded in memory.
  bool oneReportPerError = false;
  /// Which errors violate the property being checked. Unset: every error does. An error for
  /// which it returns false only ends its execution: it is not reported (not in
  /// SearchResult::errors nor counted in Statistics::errors) and the search goes on. The
  /// function sees every error, so a caller can note the ones it ignores (SV-COMP mode: an
  /// abort() ends an execution without violating unreach-call, a memory error makes a
  /// complete search inconclusive).
  std::function<bool(const ErrorInfo &)> isViolation;
  /// Chapter 6 optimizations (dissertation), for Dpor and Bpor. On by default, as in the
  /// dissertation's experiments; each validated against the references on and off.
  /// 6.1: backtrack only dependences in the transitive reduction of happens-before.
  bool transitiveReduction = true;
  /// 6.4 (Algorithms 18-19): explore a bound's conservative backtrack points only below states
  /// from which the search exceeded the bound (Bpor).
  bool boundOptimization = true;
  /// 6.5: sleep sets with BPOR (DPOR always uses them). A transition goes to sleep in later
  /// siblings only if the bound excluded nothing below it.
  bool sleepSets = true;
  /// The thread-start part of 6.3 (release optimization): no backtrack point for the
  /// dependence between a fork and the transitions of the thread it creates, which are never
  /// co-enabled with it.
  bool threadStartOptimization = true;
  /// The lock part of 6.3 (Algorithm 17's GetAcquire): a race between an unlock and a lock of
  /// the same mutex is reversed before the lock that the unlock released, where the waiting
  /// lock is enabled, instead of before the unlock (where it is not, which would backtrack
  /// every enabled thread).
  bool releaseOptimization = true;
  /// 6.2 (Definition 6.5 and Algorithm 16, dissertation): when Backtrack must reverse a race
  /// for a thread u that is disabled (or asleep) before the racing event, backtrack the
  /// cheapest awake thread of E(S, i, u) (the threads with a later event that happens before
  /// u's state) instead of every enabled thread; every enabled thread only if E is empty. For
  /// Dpor and every Bpor bound except the context bound, which must explore the running
  /// thread or all (docs/algorithms-notes.md, "Optimizations").
  bool alternativeThread = true;
  /// 6.6: a fair bound with this limit enforced together with `bound`, which must then be
  /// Context, Preemption or Delta (anything else: explore() throws std::invalid_argument), so
  /// that spin loops stay finite while the other bound limits the schedules. A transition is
  /// within the combination iff it is within both. Iterative bounding raises `boundValue` and
  /// keeps this limit. Unset: no fair bound beyond `bound` itself.
  std::optional<uint64_t> combinedFairBound;
  /// Debugging: in every state, recompute the race analysis by brute force from the
  /// definitions and check that each backtrack point it requires (the bound's Post condition
  /// for the current sequence) is in place; a violation throws std::logic_error. Slow.
  bool checkInvariants = false;
  /// Iterative bounding: search with bound 0, 1, ..., boundValue in turn, stopping at the first
  /// round that finds an error (unless keepGoing) or that completes without the bound cutting
  /// anything (the space is saturated). Statistics add up over the rounds.
  bool iterativeBounding = false;
  /// The visiting order. Best-first keeps the race analysis of `por` but neither sleep sets
  /// nor the bound optimization (both depend on the depth-first order); it enforces `bound`
  /// only when iterativeBounding or a bound value is asked for through `bestFirstLimit`.
  Strategy strategy = Strategy::DepthFirst;
  BestFirstPriority bestFirstPriority = BestFirstPriority::Cost;
  /// Best-first: the bound c enforced (schedules costing more are never run); unset: none.
  std::optional<uint64_t> bestFirstLimit;
  /// Best-first with BestFirstPriority::Random: the generator's seed.
  uint64_t seed = 1;
  /// Best-first: the execution tree's memory cap; the search stops (incomplete) beyond it.
  uint64_t maxTreeBytes = uint64_t(2) << 30;
  /// Called at most about once a second during the search.
  std::function<void(const Statistics &)> progress;
  /// A parallel search: this search's share of the tree (null: all of it).
  const SearchSplit *split = nullptr;
  /// A parallel search's workers: set when one worker's search stops the others' (an error
  /// without keepGoing, a limit). Checked with the limits.
  const std::atomic<bool> *cancelled = nullptr;
  /// Iterative bounding: called after each round, with that round's report (the same entry
  /// SearchResult::rounds gets), so a front end can state each bound's coverage as it goes.
  std::function<void(const BoundRound &)> onRound;
};

/// One round of iterative bounding: what the search within `bound` explored and whether that
/// covers the space within it (complete), or the whole unbounded space too (complete and
/// nothing pruned).
struct BoundRound {
  uint64_t bound = 0;
  Statistics stats;      // this round's alone
  bool complete = false; // no limit or stop-at-first-error cut the round short
  bool boundPruned = false;
  uint64_t errors = 0; // errors this round reported
};

/// One scheduling decision: the thread that steps and, for a Nondet operation, the data choice.
struct ScheduleStep {
  ThreadId thread = NoThread;
  uint32_t choice = 0;

  bool operator==(const ScheduleStep &) const = default;
};
using Schedule = std::vector<ScheduleStep>;
/// Per step of a schedule, the value its read reads, where a weak-memory search chose it (a
/// step that reads nothing, or reads memory, has none). Empty under SC: every read reads memory.
using ReadValues = std::vector<std::optional<uint64_t>>;

struct ErrorReport {
  ErrorInfo error;
  /// Replaying this schedule from the initial state, each read reading its value in
  /// `readValues`, reproduces the error's execution.
  Schedule schedule;
  /// The executed events in order (values filled).
  std::vector<Operation> trace;
  /// Executions that ended in this error (same kind, place and message); only the first one's
  /// schedule and trace are kept, so that a search that goes on after errors stays bounded.
  uint64_t occurrences = 1;
  ReadValues readValues = {};
};

struct SearchResult {
  /// The first error found; with keepGoing every error found (one report per erroneous
  /// execution, or per distinct error with oneReportPerError).
  std::vector<ErrorReport> errors;
  Statistics stats;
  /// True iff the whole space within the bound was explored: no limit (executions, time, or
  /// the first error without keepGoing) stopped the search early.
  bool complete = false;
  /// The bound cut at least one transition; a complete search where this stayed false explored
  /// the whole unbounded space.
  bool boundPruned = false;
  /// A divided BPOR search's record of where the bound cut, which decides boundPruned once
  /// every worker's is merged (resolveSplitPruning); empty otherwise.
  SplitPruning splitPruning;
  /// A divided source-DPOR search (SearchSplit::singleBranches): the branches the races asked
  /// for at single-branch states above the split, each the state's path followed by the thread
  /// and choice 0, for the next round; empty when the round explored all it needed.
  std::set<SplitPath> askedBranches;
  /// Iterative bounding: one entry per round run, in order of bound; empty otherwise.
  std::vector<BoundRound> rounds;
  /// The limit that stopped the search, if one did.
  SearchLimit limit = SearchLimit::None;
};

/// A divided BPOR search's merged result: boundPruned set if the bound cut a transition the
/// search needed (SplitPruning::cutNeeded), and the record dropped.
void resolveSplitPruning(SearchResult &result);

/// How an explored execution ended.
enum class ExecutionEnd : uint8_t {
  Finished,        // the program exited
  Infeasible,      // an assume failed
  Error,           // the model reported an error
  Deadlock,        // threads remain, none is enabled
  DepthLimit,      // longer than maxDepth
  SleepSetBlocked, // every enabled thread was asleep
  BoundBlocked,    // every enabled thread not asleep exceeded the bound
  /// The graph and reads-from searches: a thread waits for a write that no other thread
  /// makes (at a spin or update loop's back edge; in the graph search also at a lock, barrier
  /// or other blocking call it models as a read); the execution in which the wait reads the
  /// latest write covers it. An execution of its own, but no maximal one.
  WaitedInVain,
  /// The unfolding search: every enabled event is a cutoff, or the configuration holds an
  /// event that ended the execution (observed on its own when it ran), and the events
  /// concurrent with it that the configuration goes on with are real steps but no end.
  Cutoff,
};

const char *executionEndName(ExecutionEnd end);

/// Called once for each maximal execution the search explores (validation and debugging),
/// with the executed events in order.
using ExecutionObserver =
    std::function<void(const std::vector<Operation> &events, ExecutionEnd end)>;

SearchResult explore(Model &model, const SearchOptions &options);

/// explore() that also reports each maximal execution to `observer`.
SearchResult explore(Model &model, const SearchOptions &options, const ExecutionObserver &observer);

struct ReplayResult {
  /// The events executed, in order.
  std::vector<Operation> trace;
  /// The model's status after the last step. A deadlock or livelock found by replay is
  /// reported with status Error and error.kind Deadlock/DepthLimit.
  ExecStatus status = ExecStatus::Running;
  ErrorInfo error;
  /// False if the schedule could not be followed (a thread that does not exist, is terminated
  /// or disabled, a choice out of range, or steps after the execution ended); `problem` says
  /// which step and why, and `trace` holds the steps executed before it.
  bool followed = true;
  std::string problem;
};

/// Re-runs exactly `schedule` from the initial state; a step with a value in `readValues` reads
/// that value (Model::setReadValue).
ReplayResult replay(Model &model, const Schedule &schedule, uint64_t maxDepth = 100000,
                    const ReadValues &readValues = {});

} // namespace bpor
