#include "checker/registry/SearchRegistry.h"

#include "checker/optimal/OptimalExplorer.h"
#include "checker/parallel/ParallelOptimalDpor.h"

namespace bpor {

namespace {

SearchOutcome outcomeOf(SearchResult result) {
  SearchOutcome outcome;
  outcome.search = std::move(result);
  return outcome;
}

template <PorMode Por>
SearchOutcome runDepthFirst(Model &model, const SearchRequest &request,
                            const ExecutionObserver &observer) {
  SearchOptions options = request.options;
  options.por = Por;
  return outcomeOf(explore(model, options, observer));
}

// With worker models: the search divided among the workers (checker/parallel/).
template <OptimalVariant Variant>
SearchOutcome runOptimal(Model &model, const SearchRequest &request,
                         const ExecutionObserver &observer) {
  if (!request.workerModels.empty()) {
    std::vector<Model *> models{&model};
    models.insert(models.end(), request.workerModels.begin(), request.workerModels.end());
    ParallelStatistics statistics;
    SearchOutcome outcome = outcomeOf(
        Variant == OptimalVariant::Optimal
            ? exploreOptimalInParallel(models, request.options, observer, &statistics)
            : exploreSourceDporInParallel(models, request.options, observer, &statistics, 0,
                                          Variant));
    outcome.workersUsed = statistics.workers;
    return outcome;
  }
  return outcomeOf(exploreOptimal(model, request.options, Variant, observer));
}

SearchOutcome runStateful(Model &model, const SearchRequest &request, const ExecutionObserver &) {
  StatefulResult found = exploreStateful(model, request.options, request.stateful);
  SearchOutcome outcome = outcomeOf(std::move(found.search));
  outcome.omissionProbability = found.omissionProbability;
  outcome.incompleteReason = std::move(found.incompleteReason);
  outcome.livelocksChecked = found.livelocksChecked;
  return outcome;
}

SearchOutcome runUnfolding(Model &model, const SearchRequest &request,
                           const ExecutionObserver &observer) {
  UnfoldingResult found = exploreUnfolding(model, request.options, request.unfolding, observer);
  SearchOutcome outcome = outcomeOf(std::move(found.search));
  outcome.unfolding = found.unfolding;
  return outcome;
}

SearchOutcome runPct(Model &model, const SearchRequest &request, const ExecutionObserver &) {
  return outcomeOf(explorePct(model, request.options, request.pct));
}

} // namespace

const std::vector<SearchKind> &searchKinds() {
  static const std::vector<SearchKind> kinds = {
      {"none", "every schedule (exhaustive search; plain bounded search with a bound)",
       BoundUse::Optional, true, runDepthFirst<PorMode::None>},
      {"dpor", "DPOR with sleep sets", BoundUse::None, true, runDepthFirst<PorMode::Dpor>},
      {"bpor", "bounded partial-order reduction (needs a bound)", BoundUse::Required, true,
       runDepthFirst<PorMode::Bpor>},
      {"source", "source-DPOR", BoundUse::None, true, runOptimal<OptimalVariant::Source>,
       true},
      {"optimal", "optimal DPOR with wakeup trees: one execution per trace", BoundUse::None, true,
       runOptimal<OptimalVariant::Optimal>, true},
      {"stateful", "stateful search with a visited set; finds livelocks",
       BoundUse::PreemptionOnly, true, runStateful},
      {"unfolding", "unfolding-based POR with cutoff events", BoundUse::None, true,
       runUnfolding},
      {"pct", "random testing with PCT priorities (a bug hunt, never complete)", BoundUse::None,
       false, runPct},
  };
  return kinds;
}

const SearchKind *findSearch(std::string_view name) {
  for (const SearchKind &kind : searchKinds())
    if (kind.name == name)
      return &kind;
  return nullptr;
}

std::string searchKindList() {
  const std::vector<SearchKind> &kinds = searchKinds();
  std::string list;
  for (size_t i = 0; i < kinds.size(); ++i) {
    if (i)
      list += i + 1 == kinds.size() ? " or " : ", ";
    list += kinds[i].name;
  }
  return list;
}

} // namespace bpor
