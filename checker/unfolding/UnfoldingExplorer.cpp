#include "checker/unfolding/UnfoldingExplorer.h"

#include "checker/unfolding/UnfoldingSearch.h"

namespace bpor {

UnfoldingResult exploreUnfolding(Model &model, const SearchOptions &options,
                                 const UnfoldingOptions &unfolding,
                                 const ExecutionObserver &observer) {
  unfolding::UnfoldingSearch search(model, options, unfolding, observer ? &observer : nullptr);
  return search.run();
}

} // namespace bpor
