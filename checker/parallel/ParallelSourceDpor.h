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
#include "checker/parallel/DivisibleSearch.h"

#include <vector>

namespace bpor {

/// Source-DPOR with one worker per model (models[0] included), all over one program:
/// exploreDividedInParallel (DivisibleSearch.h), which runs `alone` on models[0] instead where the
/// tree does not divide well.
SearchResult exploreSourceDporInParallel(const std::vector<Model *> &models,
                                         const SearchOptions &options,
                                         const ExecutionObserver &observer = {},
                                         ParallelStatistics *statistics = nullptr,
                                         size_t splitDepth = 0,
                                         OptimalVariant alone = OptimalVariant::Source);

} // namespace bpor
