#include "checker/registry/SearchRegistry.h"

#include "checker/optimal/OptimalExplorer.h"
#include "checker/parallel/DivisibleSearch.h"
#include "checker/parallel/ParallelOptimalDpor.h"
#include "checker/readsfrom/ReadsFromSearch.h"

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

// BPOR at one bound; with worker models, divided among them (checker/parallel/DivisibleSearch.h).
SearchOutcome runBpor(Model &model, const SearchRequest &request,
                      const ExecutionObserver &observer) {
  SearchOptions options = request.options;
  options.por = PorMode::Bpor;
  bool divisible = options.strategy == Strategy::DepthFirst && !options.iterativeBounding;
  if (request.workerModels.empty() || !divisible)
    return outcomeOf(explore(model, options, observer));
  std::vector<Model *> models{&model};
  models.insert(models.end(), request.workerModels.begin(), request.workerModels.end());
  ParallelStatistics statistics;
  DivisibleSearch bpor = divisibleBpor();
  SearchOutcome outcome = outcomeOf(
      exploreDividedInParallel(models, options, observer, &statistics, 0, bpor, bpor));
  outcome.workersUsed = statistics.workers;
  return outcome;
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

SearchOutcome runReadsFrom(Model &model, const SearchRequest &request,
                           const ExecutionObserver &observer) {
  return outcomeOf(exploreReadsFrom(model, request.options, observer));
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
      {.name = "none",
       .summary = "every schedule (exhaustive search; plain bounded search with a bound)",
       .title = "exhaustive search",
       .bounds = BoundUse::Optional,
       .exhaustive = true,
       .run = runDepthFirst<PorMode::None>,
       .engine = PorMode::None,
       .executions = ExecutionsAre::Schedules},
      {.name = "dpor",
       .summary = "DPOR with sleep sets",
       .title = "DPOR with sleep sets",
       .bounds = BoundUse::None,
       .exhaustive = true,
       .run = runDepthFirst<PorMode::Dpor>,
       .engine = PorMode::Dpor,
       .executions = ExecutionsAre::Traces},
      {.name = "bpor",
       .summary = "bounded partial-order reduction (needs a bound)",
       .title = "BPOR",
       .bounds = BoundUse::Required,
       .exhaustive = true,
       .run = runBpor,
       .parallel = true,
       .distributed = true,
       .engine = PorMode::Bpor,
       .executions = ExecutionsAre::Traces},
      {.name = "source",
       .summary = "source-DPOR",
       .title = "source-DPOR",
       .bounds = BoundUse::None,
       .exhaustive = true,
       .run = runOptimal<OptimalVariant::Source>,
       .parallel = true,
       .distributed = true,
       .executions = ExecutionsAre::Traces},
      {.name = "optimal",
       .summary = "optimal DPOR with wakeup trees: one execution per trace",
       .title = "optimal DPOR",
       .bounds = BoundUse::None,
       .exhaustive = true,
       .run = runOptimal<OptimalVariant::Optimal>,
       .parallel = true,
       .distributed = true,
       .executions = ExecutionsAre::Traces},
      {.name = "rf",
       .summary = "one execution per reads-from class (atomics, mutexes and threads only)",
       .title = "reads-from search",
       .bounds = BoundUse::None,
       .exhaustive = true,
       .run = runReadsFrom},
      {.name = "stateful",
       .summary = "stateful search with a visited set; finds livelocks",
       .title = "stateful search",
       .bounds = BoundUse::PreemptionOnly,
       .exhaustive = true,
       .run = runStateful,
       .counts = ResultUnit::States,
       .storesStates = true,
       .ownOptions = OwnOptions::Stateful},
      {.name = "unfolding",
       .summary = "unfolding-based POR with cutoff events",
       .title = "unfolding POR",
       .bounds = BoundUse::None,
       .exhaustive = true,
       .run = runUnfolding,
       .ownOptions = OwnOptions::Unfolding},
      {.name = "pct",
       .summary = "random testing with PCT priorities (a bug hunt, never complete)",
       .title = "random testing",
       .bounds = BoundUse::None,
       .exhaustive = false,
       .run = runPct,
       .ownOptions = OwnOptions::Pct},
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
