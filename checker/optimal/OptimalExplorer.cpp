#include "checker/optimal/OptimalExplorer.h"

#include "checker/optimal/OptimalSearch.h"

#include <stdexcept>

namespace bpor {

const char *optimalVariantName(OptimalVariant variant) {
  switch (variant) {
  case OptimalVariant::Source: return "source";
  case OptimalVariant::Optimal: return "optimal";
  }
  return "?";
}

SearchResult exploreOptimal(Model &model, const SearchOptions &options, OptimalVariant variant,
                            const ExecutionObserver &observer) {
  if (options.bound != BoundKind::None)
    throw std::invalid_argument("optimal DPOR and source-DPOR do not support bounds");
  if (options.split && variant == OptimalVariant::Optimal)
    throw std::invalid_argument("a parallel split is source-DPOR's (checker/parallel/)");
  optimal::OptimalSearch search(model, options, variant, &observer);
  return search.run();
}

} // namespace bpor
