// A search that a SearchSplit divides (docs/design.md, "Parallel exploration"): every worker runs
// the same search over its own model of one program, walks the part of the tree above the split
// depth in the same order, and explores only the units (subtrees at the split depth, executions
// that end above it) that `claim` gives it. Source-DPOR divides so (its states above the split
// branch on every thread not asleep), so does the weak-memory graph search (TruSt keeps no
// state across branches, so each subtree's graphs are the same whichever worker grows them),
// and so does BPOR (its states above the split branch on every enabled thread within the
// bound, and nothing sleeps there; docs/design.md, "BPOR: a split at a depth").
// Threads of one process (exploreDividedInParallel) and the ranks of an MPI run
// (distributed/DistributedSearch.h) divide the same way.
#pragma once

#include "checker/Explorer.h"
#include "checker/graph/GraphSearch.h"

#include <functional>
#include <string>
#include <vector>

namespace bpor {

struct DivisibleSearch {
  /// Runs the search on `model`; options.split, if set, divides it.
  std::function<SearchResult(Model &, const SearchOptions &, const ExecutionObserver &)> explore;
  /// The deepest split worth trying, in the search's own depth (steps for source-DPOR, events
  /// of a graph for the graph search: the first branch may come after many events).
  size_t maxSplitDepth = 16;
  /// Source-DPOR: single branches above the split, and rounds (SearchSplit::singleBranches).
  bool singleBranches = false;
};

/// Source-DPOR (OptimalVariant::Source).
DivisibleSearch divisibleSourceDpor();
/// Depth-first BPOR (PorMode::Bpor) at options' bound; the search's options must not iterate
/// the bound or order the schedules best-first.
DivisibleSearch divisibleBpor();
/// The weak-memory graph search (checker/graph/GraphSearch.h) with `graph`'s options.
DivisibleSearch divisibleGraphSearch(const graph::GraphSearchOptions &graph);

struct ParallelStatistics {
  unsigned workers = 0;
  size_t splitDepth = 0;
  uint64_t units = 0; // subtrees and executions the split made (in the first round)
  unsigned rounds = 1; // rounds run (checker/SplitRounds.h)
};

/// The split depth: the least depth (at most search.maxSplitDepth) at which the shallow tree of
/// `model` has at least `wantedUnits` units that are likely to hold executions (no thread
/// creation asleep at their root), with that number; short of that, the deepest depth at which
/// the tree goes on (some unit is a subtree) and has at most 32 * wantedUnits units in all (a
/// wider top costs more than the workers gain: in sleep-set-blocked executions for
/// source-DPOR, in graphs every worker grows for the graph search). 0 units: nothing worth
/// dividing (the program ends or blocks at once, or the top is too wide at depth 1).
std::pair<size_t, uint64_t> chooseSplitDepth(Model &model, const SearchOptions &options,
                                             uint64_t wantedUnits,
                                             const DivisibleSearch &search);

/// The units of `search`'s tree split at `depth` (subtrees at the depth and executions that end
/// above it), in the round `rounds` is at (none: the first): a walk of the top alone.
uint64_t countUnits(Model &model, const SearchOptions &options, size_t depth,
                    const DivisibleSearch &search, const SplitRounds *rounds = nullptr);

/// `search` with one worker per model (models[0] included), all over one program. The errors
/// are re-derived on models[0] (their traces and places are its own). The result's statistics
/// are the sum of the workers'; elapsedSeconds is the wall time. `splitDepth` 0 chooses it
/// (chooseSplitDepth, for 64 units a worker); tests set it. With fewer than two models, or a
/// tree that does not divide well, it runs `alone` on models[0] instead (statistics->workers is
/// then 1). The observer is called under a lock; so is options.isViolation.
SearchResult exploreDividedInParallel(const std::vector<Model *> &models,
                                      const SearchOptions &options,
                                      const ExecutionObserver &observer,
                                      ParallelStatistics *statistics, size_t splitDepth,
                                      const DivisibleSearch &search,
                                      const DivisibleSearch &alone);

} // namespace bpor
