// The depth-first search engine behind explore(): Algorithm 8's Explore (dissertation) run
// iteratively over an explicit stack; it returns to a state by checkpoint and replay
// (checker/engine/StateRestorer.h).
#pragma once

#include "checker/Explorer.h"
#include "checker/SearchStack.h"
#include "checker/engine/DepthFirstLoop.h"
#include "checker/VectorClock.h"
#include "checker/bounds/BoundFunction.h"

#include <memory>
#include <optional>

namespace bpor {

struct Lasso;

class SearchEngine final : private BacktrackSink {
public:
  SearchEngine(Model &model, const SearchOptions &options, const ExecutionObserver *observer);
  ~SearchEngine() override;

  SearchResult run();

private:
  template <typename Engine>
  friend SearchResult runDepthFirst(Engine &, Model &, StateRestorer &, SearchLedger &);

  // Best-first search over an execution tree (bestfirst/BestFirst.cpp).
  SearchResult runBestFirst();
  void runTreeExecution(class ExecutionTree &tree, struct TreeNode &node);
  void queueBacktrackPoints(ExecutionTree &tree, TreeNode &node);
  void completeLevels(uint64_t below, bool everything);

  // Building states.
  void captureState(bool running);
  void analyseRaces(bool executionEnded);
  void fullRaceScan(ThreadId u);
  void initialize();

  // Choosing and taking transitions.
  std::optional<ScheduleStep> selectNext();
  bool withinBound(ThreadId u);
  void step(ScheduleStep choice);
  bool replayPrefix();

  // The forward and backward phases of the depth-first search.
  bool enterNewState();
  void runExecution();
  bool backtrackToNextBranch();
  void endAtDepthLimit(ThreadId next);
  void reportLivelock(const Lasso &lasso, Schedule schedule);
  void backtrackStarvedThreads(const Lasso &lasso);
  ExecutionEnd endOf(ExecStatus status);
  ExecutionEnd classifyBlockedEnd();
  void endExecution(ExecutionEnd end);
  void reportError(const ErrorInfo &error);
  bool hasUnexploredBranch() const;

  // A divided search (SearchOptions::split, docs/design.md "Parallel exploration").
  /// Whether frame i is above the split depth, where every enabled thread within the bound
  /// branches and nothing sleeps.
  bool aboveSplit(size_t frameIndex) const {
    return options.split && frameIndex < options.split->depth;
  }
  bool hasBranchWithinBound() const;
  void askedAboveSplit(size_t frameIndex, ThreadId u, bool conservative);
  void boundCut(size_t frameIndex);
  SplitPath splitPath(size_t frameIndex) const;
  bool leftToOthers(bool running);

  // BacktrackSink.
  void add(size_t frameIndex, ThreadId u, bool conservative) override;
  void addAllEnabled(size_t frameIndex, bool conservative) override;
  ThreadSet &backtrackSetFor(size_t frameIndex, bool conservative);
  std::optional<ThreadId> firstCandidate(const SearchFrame &f, const ThreadSet &set) const;
  void transitionExceedsBound() override;
  ThreadSet alternatives(size_t frameIndex, ThreadId u) const override;
  void backtrackRace(size_t frameIndex, ThreadId u);
  bool impliedByLaterDependence(uint32_t i, ThreadId u, const std::vector<uint32_t> &latest) const;
  void checkRaceAnalysis(bool executionEnded);
  bool createdBy(uint32_t i, ThreadId u) const;
  size_t raceTarget(size_t i, ThreadId u) const;
  size_t sectionStart(size_t i) const;
  void dporBacktrack(size_t frameIndex, ThreadId u);

  Model &model;
  SearchOptions options;
  const ExecutionObserver *observer;
  SearchStack stack;
  /// The path to the top state, and returning to it by checkpoint and replay.
  StateRestorer restorer;
  /// Happens-before over stack.events (kept when a reduction is on): its dependence index
  /// answers race analysis, its clocks the transitive-reduction test.
  HappensBefore hb;
  std::vector<uint32_t> latestScratch;
  std::unique_ptr<BoundFunction> bound;
  bool bounded;
  bool useSleepSets;
  SearchLedger ledger;
  SearchResult &result; // ledger.result
  /// The step backtrackToNextBranch() took ended its execution.
  bool lastBranchEnded = false;
  /// The units of the split met so far (every worker numbers them alike).
  uint64_t splitUnits = 0;
  /// The split's units counted when the bound last cut in a unit (splitUnits then).
  uint64_t prunedUnit = ~uint64_t(0);
  // Best-first: the random priorities' generator, the cost level whose schedules have all run,
  // and the statistics when the last level completed.
  uint64_t randomState = 0;
  uint64_t completedLevel = 0;
  Statistics levelStart;
};

} // namespace bpor
