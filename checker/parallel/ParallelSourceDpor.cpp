#include "checker/parallel/ParallelSourceDpor.h"

namespace bpor {

SearchResult exploreSourceDporInParallel(const std::vector<Model *> &models,
                                         const SearchOptions &options,
                                         const ExecutionObserver &observer,
                                         ParallelStatistics *statistics, size_t splitDepth,
                                         OptimalVariant alone) {
  DivisibleSearch lone = {[alone](Model &model, const SearchOptions &o,
                                  const ExecutionObserver &obs) {
                            return exploreOptimal(model, o, alone, obs);
                          },
                          0};
  return exploreDividedInParallel(models, options, observer, statistics, splitDepth,
                                  divisibleSourceDpor(), lone);
}

} // namespace bpor
