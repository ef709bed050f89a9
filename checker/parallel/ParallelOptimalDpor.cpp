#include "checker/parallel/ParallelOptimalDpor.h"

#include "checker/optimal/OptimalSearch.h"
#include "checker/parallel/Workers.h"

#include <stdexcept>

namespace bpor {

SearchResult exploreOptimalInParallel(const std::vector<Model *> &models,
                                      const SearchOptions &options,
                                      const ExecutionObserver &observer,
                                      ParallelStatistics *statistics, bool eagerSharing) {
  size_t workers = models.size();
  if (workers < 2) {
    if (statistics)
      *statistics = ParallelStatistics{1, 0, 0};
    return exploreOptimal(*models[0], options, OptimalVariant::Optimal, observer);
  }
  if (options.bound != BoundKind::None)
    throw std::invalid_argument("optimal DPOR and source-DPOR do not support bounds");
  optimal::SharedStates shared{unsigned(workers), eagerSharing};
  std::atomic<bool> cancelled{false};
  SearchResult result = runWorkers(
      models, options, observer, cancelled,
      [&](size_t worker, Model &model, const SearchOptions &workerOptions,
          const ExecutionObserver &workerObserver) {
        optimal::OptimalSearch search(model, workerOptions, OptimalVariant::Optimal,
                                      &workerObserver, &shared, /*waitsFirst=*/worker > 0);
        return search.run();
      },
      [&] { shared.cancel(); });
  if (shared.stuck())
    result.complete = false;
  if (statistics)
    *statistics = ParallelStatistics{unsigned(workers), 0, shared.numStates()};
  return result;
}

} // namespace bpor
