// Optimal DPOR on several worker threads (docs/design.md, "Parallel exploration"): each worker
// runs optimal DPOR over its own model of one program. The first starts alone; whenever a worker
// waits for work, a busy one shares the states of its stack down to the first with a branch left
// (checker/optimal/SharedStates.h). A shared state's wakeup tree and sleep set are one record,
// from which the workers take branches and into which every worker's races insert. Together they
// explore every Mazurkiewicz trace exactly once, as one optimal DPOR search does, and none ends
// sleep-set blocked.
#pragma once

#include "checker/parallel/ParallelSourceDpor.h"

namespace bpor {

/// Optimal DPOR with one worker per model (models[0] included), all over one program. With
/// fewer than two models it runs alone on models[0]. Errors, statistics, the observer,
/// isViolation and progress as for exploreSourceDporInParallel; statistics->units is the number
/// of states the workers shared. `eagerSharing` (tests): workers share their states at every
/// backtrack, not only when another waits.
SearchResult exploreOptimalInParallel(const std::vector<Model *> &models,
                                      const SearchOptions &options,
                                      const ExecutionObserver &observer = {},
                                      ParallelStatistics *statistics = nullptr,
                                      bool eagerSharing = false);

} // namespace bpor
