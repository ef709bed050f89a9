// Source-DPOR on several worker threads (docs/design.md, "Parallel exploration"): each worker
// runs source-DPOR over its own model of one program, with a SearchSplit that gives each unit of
// the tree (a subtree at the split depth, or an execution that ends above it) to the first
// worker that reaches it. States above the split branch on every enabled thread not asleep, a
// superset of a source set, so the races found below them add nothing to them, and the sleep
// sets there are those of one sequential tree: together the workers explore every Mazurkiewicz
// trace exactly once, as one search does, whichever worker explores which unit.
//
// Optimal DPOR is not divided this way: its wakeup trees carry, from the races of one subtree,
// the sequences that guide the exploration of later sibling subtrees (data choices in
// particular, docs/optimal-dpor.md), and leaves above the split lose them; traces were missed.
// It shares its states instead (ParallelOptimalDpor.h).
#pragma once

#include "checker/optimal/OptimalExplorer.h"

#include <vector>

namespace bpor {

struct ParallelStatistics {
  unsigned workers = 0;
  size_t splitDepth = 0;
  uint64_t units = 0; // subtrees and executions the split made
};

/// The split depth: the least depth (at most `maxDepth`) at which the shallow tree of `model`
/// has at least `wantedUnits` units that are likely to hold executions (no thread creation
/// asleep at their root), with that number; short of that, the deepest depth at which the tree
/// goes on (some unit is a subtree) and has at most 32 * wantedUnits units in all (a wider top
/// costs more in sleep-set-blocked executions than the workers gain). 0 units: nothing worth
/// dividing (the program ends or blocks at once, or the top is too wide at depth 1).
std::pair<size_t, uint64_t> chooseSplitDepth(Model &model, const SearchOptions &options,
                                             uint64_t wantedUnits, size_t maxDepth = 16);

/// Source-DPOR with one worker per model (models[0] included), all over one program. The errors
/// are re-derived on models[0] (their traces and places are its own). The result's statistics
/// are the sum of the workers'; elapsedSeconds is the wall time. `splitDepth` 0 chooses it
/// (chooseSplitDepth, for 64 units a worker); tests set it. With fewer than two models, or a
/// tree that does not divide well (nothing to divide, or a top far wider than its units), it
/// runs `alone` on models[0] instead (statistics->workers is then 1). The observer is called
/// under a lock; so is options.isViolation.
SearchResult exploreSourceDporInParallel(const std::vector<Model *> &models,
                                         const SearchOptions &options,
                                         const ExecutionObserver &observer = {},
                                         ParallelStatistics *statistics = nullptr,
                                         size_t splitDepth = 0,
                                         OptimalVariant alone = OptimalVariant::Source);

} // namespace bpor
