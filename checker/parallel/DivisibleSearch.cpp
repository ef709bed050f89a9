#include "checker/parallel/DivisibleSearch.h"

#include "checker/optimal/OptimalExplorer.h"
#include "checker/parallel/MergeResults.h"
#include "checker/parallel/Workers.h"

#include <algorithm>
#include <mutex>

namespace bpor {

DivisibleSearch divisibleSourceDpor() {
  return {[](Model &model, const SearchOptions &options, const ExecutionObserver &observer) {
            return exploreOptimal(model, options, OptimalVariant::Source, observer);
          },
          32, true};
}

DivisibleSearch divisibleBpor() {
  return {[](Model &model, const SearchOptions &options, const ExecutionObserver &observer) {
            SearchOptions bpor = options;
            bpor.por = PorMode::Bpor;
            return explore(model, bpor, observer);
          },
          16};
}

DivisibleSearch divisibleGraphSearch(const graph::GraphSearchOptions &graph) {
  return {[graph](Model &model, const SearchOptions &options, const ExecutionObserver &observer) {
            return graph::exploreGraphs(model, options, graph, observer);
          },
          64};
}

namespace {

/// `options` for a walk of the top that `split` counts: no limits, no progress, no stop.
SearchOptions countingOptions(const SearchOptions &options, const SearchSplit &split) {
  SearchOptions counting = options;
  counting.split = &split;
  counting.progress = nullptr;
  counting.maxExecutions = 0;
  counting.timeLimitSeconds = 0;
  counting.keepGoing = true;
  counting.isViolation = nullptr;
  return counting;
}

} // namespace

uint64_t countUnits(Model &model, const SearchOptions &options, size_t depth,
                    const DivisibleSearch &search, const SplitRounds *rounds) {
  uint64_t total = 0;
  SearchSplit split;
  split.depth = depth;
  split.singleBranches = search.singleBranches;
  split.rounds = rounds;
  split.claim = [&](uint64_t, bool, bool, const Statistics &) {
    ++total;
    return false;
  };
  search.explore(model, countingOptions(options, split), {});
  return total;
}

std::pair<size_t, uint64_t> chooseSplitDepth(Model &model, const SearchOptions &options,
                                             uint64_t wantedUnits,
                                             const DivisibleSearch &search) {
  const uint64_t maxTotal = 32 * wantedUnits;
  // The shallow tree alone: a search that gives every unit away walks only the part above the
  // split, and counts the units it meets.
  size_t best = 0;
  uint64_t bestUnits = 0;
  for (size_t depth = 1; depth <= search.maxSplitDepth; ++depth) {
    uint64_t units = 0, total = 0, subtrees = 0;
    SearchSplit split;
    split.depth = depth;
    split.singleBranches = search.singleBranches;
    split.claim = [&](uint64_t, bool forkAsleep, bool subtree, const Statistics &) {
      units += !forkAsleep;
      ++total;
      subtrees += subtree;
      return false;
    };
    search.explore(model, countingOptions(options, split), {});
    if (total > maxTotal)
      break; // too wide to divide here: the depth above, if any
    best = depth;
    bestUnits = units;
    // Deeper while the tree goes on below this depth: a state with one branch (main's steps
    // before it creates threads) makes no more units, but its subtree may.
    if (units >= wantedUnits || subtrees == 0)
      break;
  }
  return {best, bestUnits};
}

SearchResult exploreDividedInParallel(const std::vector<Model *> &models,
                                      const SearchOptions &options,
                                      const ExecutionObserver &observer,
                                      ParallelStatistics *statistics, size_t splitDepth,
                                      const DivisibleSearch &search,
                                      const DivisibleSearch &alone) {
  // Units enough that a worker which drew a large subtree still leaves the others work.
  constexpr uint64_t UnitsPerWorker = 64;
  size_t workers = models.size();
  auto [depth, units] =
      workers < 2 ? std::pair<size_t, uint64_t>{0, 0}
      : splitDepth
          ? std::pair<size_t, uint64_t>{splitDepth, 2} // the test's: whatever it gives
          : chooseSplitDepth(*models[0], options, UnitsPerWorker * uint64_t(workers), search);
  if (units < 2) {
    if (statistics)
      *statistics = ParallelStatistics{1, 0, units};
    return alone.explore(*models[0], options, observer);
  }
  if (statistics)
    *statistics = ParallelStatistics{unsigned(workers), depth, units};

  std::mutex lock; // the claims
  std::vector<bool> claimed;
  std::atomic<bool> cancelled{false};
  SplitRounds rounds;
  SearchSplit split;
  split.depth = depth;
  split.singleBranches = search.singleBranches;
  split.rounds = &rounds;
  split.claim = [&](uint64_t unit, bool, bool, const Statistics &) {
    if (cancelled.load(std::memory_order_relaxed))
      return false;
    std::lock_guard<std::mutex> guard(lock);
    if (unit >= claimed.size())
      claimed.resize(unit + 1, false);
    if (claimed[unit])
      return false;
    claimed[unit] = true;
    return true;
  };
  // Rounds while the last asked for branches (checker/SplitRounds.h); each numbers its own
  // units.
  SearchResult total;
  SearchOptions roundOptions = options;
  while (true) {
    claimed.clear();
    SearchResult round =
        runWorkers(models, roundOptions, observer, cancelled,
                   [&](size_t, Model &model, const SearchOptions &workerOptions,
                       const ExecutionObserver &workerObserver) {
                     SearchOptions mine = workerOptions;
                     mine.split = &split;
                     return search.explore(model, mine, workerObserver);
                   });
    bool last = roundStops(round, options);
    std::set<SplitPath> asked = round.askedBranches;
    addRound(total, std::move(round), options);
    if (last)
      break;
    rounds.startNext(asked);
    roundOptions = nextRoundOptions(options, total);
  }
  total.askedBranches.clear();
  if (statistics)
    statistics->rounds = rounds.current() + 1;
  return total;
}

} // namespace bpor
