#include "tools/bporcheck/SearchRunner.h"

#include "checker/engine/SearchStop.h"
#include "checker/graph/GraphSearch.h"

#include "checker/stateful/CycleCheck.h"

#include <fmt/format.h>
#include <iostream>
#include <stdexcept>

namespace bpor::tool {

namespace {


// The fair bound a spinning program gets by default: enough for the classic busy-wait
// protocols to make progress past each other's spins (docs/user-guide.md, "Default search").
constexpr uint64_t DefaultFairBound = 2;

/// The unfolding search's part of the run's description: its counters, and what cutoffs
/// mean for the verdict.
void describeUnfolding(const UnfoldingOptions &options, const UnfoldingStatistics &u,
                       RunDescription &run) {
  if (options.cutoffs && !u.cutoffsApplied)
    run.searchName = "unfolding POR (no cutoffs: the program's states have no keys" +
                     std::string(options.partialAlternatives ? "; " : ")") +
                     (options.partialAlternatives
                          ? fmt::format("{}-partial alternatives)", options.partialAlternatives)
                          : "");
  run.extraStatistics =
      fmt::format("unfolding: {} events, {} cutoffs, at most {} events in U, {} replays\n",
                  u.events, u.cutoffs, u.maxU, u.replays);
  // Cutoffs stop executions that may go on for ever: the search covers every reachable state
  // but does not say whether some execution never ends.
  if (u.cutoffs)
    run.verdictNote = "cutoff events: whether every execution ends is not checked "
                      "(--search=stateful finds livelocks)";
}

// Why the reads-from search, chosen by default, stopped without an answer ("" if it did not):
// a construct it does not take yet, or an execution past the depth limit (a loop whose rounds
// write is no await). Its refusal names the construct and its line, and the search that
// decides instead.
std::string readsFromGaveUp(const SearchResult &result, const Model &model) {
  if (result.errors.empty())
    return "";
  for (const ErrorReport &report : result.errors)
    if (!inconclusive(report.error))
      return "";
  const ErrorInfo &error = result.errors.front().error;
  std::string where = model.describeLocation(error.location);
  where = where.empty() ? "" : " (" + where + ")";
  if (error.kind == ErrorKind::DepthLimit)
    return "an execution of the reads-from search went past the depth limit" + where +
           ", as a loop whose rounds write does";
  if (error.kind != ErrorKind::Unsupported)
    return "";
  std::string message = error.message;
  if (size_t cut = message.find(": choose --search="); cut != std::string::npos)
    message.resize(cut);
  return message + where;
}

} // namespace

std::string describeStorage(StateStorage storage, double omissionProbability) {
  if (storage == StateStorage::Exact)
    return "exact storage";
  return fmt::format("{}: a state missed with probability at most {:.2g}",
                     stateStorageName(storage), omissionProbability);
}

// Without --por or a bound: optimal DPOR, which explores one execution per Mazurkiewicz trace
// and is validated against exhaustive search (docs/optimal-dpor.md); it explores the fewest
// executions of the complete searches (docs/results.md, "Default search"). A spin loop has
// infinitely many schedules, so a program with spin loops or sched_yield gets the stateful
// search, which terminates on every program with finitely many states and reports only true
// livelocks; where the model has no state keys (symbolic nondet values) BPOR with a fair bound
// instead (dissertation, Algorithm 13), which prunes the unfair schedules and terminates.
// A failed round of an update loop changes nothing, yet each is a trace of its own: the
// reads-from search, which takes such a round as an await, explores one execution per
// reads-from class and is the one that does not multiply them (docs/results.md, "The
// reads-from search": the Michael-Scott queue of three threads in 19,560 executions against
// 6.6 million). It takes no nondet values.
void chooseDefaultMode(Options &options, const ProgramShape &shape) {
  if (shape.hasYields && shape.hasStateKeys) {
    options.explorer = "stateful";
    options.search.maxDepth = std::max<uint64_t>(options.search.maxDepth, StatefulMaxDepth);
  } else if (shape.hasYields) {
    options.explorer = "bpor";
    options.search.bound = BoundKind::Fair;
    options.search.boundValue = DefaultFairBound;
  } else if (shape.hasUpdateLoops && !shape.usesNondet) {
    options.explorer = "rf";
  } else {
    options.explorer = "optimal";
  }
}

void configureBugHunt(Options &options, bool hasYields) {
  if (options.findBug && hasYields)
    options.search.combinedFairBound = DefaultFairBound;
}

void configureDepthLimit(Options &options) {
  SearchOptions &search = options.search;
  search.livelocksAtDepthLimit =
      options.searchKind().engine && (search.strategy == Strategy::BestFirst || search.bound == BoundKind::Fair ||
                 search.combinedFairBound.has_value());
}

std::string depthLimitGap(uint64_t cut, uint64_t maxDepth) {
  return fmt::format("{} execution{} cut at the depth limit ({} steps) without a fair cycle at "
                     "{} end: {} may never end or only be long, and no schedule beyond the cut "
                     "was explored",
                     cut, cut == 1 ? "" : "s", maxDepth, cut == 1 ? "its" : "their",
                     cut == 1 ? "it" : "they");
}

namespace {
std::string searchKindName(const Options &options);
} // namespace

DivisibleSearch divisibleSearchFor(const Options &options, SearchOptions &search) {
  if (!options.weakMemory())
    return options.explores("bpor") ? divisibleBpor() : divisibleSourceDpor();
  graph::GraphSearchOptions graphOptions;
  graphOptions.model = *options.memoryModel;
  if (!options.memoryModelExplicit && !options.maxDepthGiven)
    search.maxDepth = std::min(search.maxDepth, WeakDefaultMaxDepth);
  return divisibleGraphSearch(graphOptions);
}

std::string whyNotDivided(const Options &options) {
  if (!options.explores("bpor"))
    return "";
  if (options.search.strategy != Strategy::DepthFirst)
    return "BPOR divides depth-first only, not --strategy=best-first";
  if (options.search.iterativeBounding)
    return "BPOR divides at one bound, not with --iterate";
  return "";
}

// The search, and the memory model when the user named it (--model=sc: the atomics' weaker
// orders were asked to be checked as seq_cst, so they are no coverage gap).
std::string searchName(const Options &options) {
  if (options.weakMemory())
    return fmt::format("graph search under {}, one execution per consistent graph{}",
                       graph::memoryModelTitle(*options.memoryModel),
                       options.jobs > 1 ? fmt::format(", on {} workers", options.jobs) : "");
  std::string name = searchKindName(options);
  return options.memoryModelExplicit ? name + " under SC" : name;
}

namespace {
// The search's title with what its own options and -j add.
std::string searchKindName(const Options &options) {
  const SearchKind &kind = options.searchKind();
  std::string title(kind.title);
  switch (kind.ownOptions) {
  case OwnOptions::Pct:
    return fmt::format("{} (PCT, depth {}, seed {})", title, options.pctOptions.depth,
                       options.pctOptions.seed);
  case OwnOptions::Stateful:
    return options.statefulOptions.preemptionBound
               ? fmt::format("{} (bounded context switching, {} preemption{})", title,
                             *options.statefulOptions.preemptionBound,
                             *options.statefulOptions.preemptionBound == 1 ? "" : "s")
               : title;
  case OwnOptions::Unfolding: {
    const UnfoldingOptions &u = options.unfoldingOptions;
    std::string alternatives =
        u.partialAlternatives ? fmt::format(", {}-partial alternatives", u.partialAlternatives)
                              : "";
    return fmt::format("{} ({}{})", title, u.cutoffs ? "cutoffs" : "no cutoffs", alternatives);
  }
  case OwnOptions::None:
    break;
  }
  if (!kind.engine)
    return options.jobs > 1 && kind.parallel
               ? fmt::format("{} on {} workers", title, options.jobs)
               : title;
  const SearchOptions &search = options.search;
  if (search.strategy == Strategy::BestFirst) {
    std::string reduction = kind.engine == PorMode::Bpor   ? "BPOR"
                            : kind.engine == PorMode::Dpor ? "DPOR"
                                                           : "every schedule";
    std::string order =
        search.bestFirstPriority == BestFirstPriority::Random
            ? fmt::format("random order, seed {}", search.seed)
        : search.bestFirstPriority == BestFirstPriority::DporGuided
            ? fmt::format("DPOR's choices first, then fewest {}s", boundKindName(search.bound))
            : fmt::format("fewest {}s first", boundKindName(search.bound));
    if (search.bestFirstPriority == BestFirstPriority::DporGuided)
      reduction = "search of every schedule";
    std::string limit = search.bestFirstLimit
                            ? fmt::format(", {} bound {}", boundKindName(search.bound),
                                          *search.bestFirstLimit)
                            : "";
    if (search.combinedFairBound)
      limit += fmt::format(", fair bound {}", *search.combinedFairBound);
    return fmt::format("best-first {} ({}{})", reduction, order, limit);
  }
  bool bounded = search.bound != BoundKind::None;
  // Exhaustive search under a bound is plain bounded search (Algorithm 3).
  std::string name =
      bounded && kind.bounds == BoundUse::Optional ? "plain bounded search" : title;
  if (bounded)
    name += fmt::format(
        " ({} bound {}{}{})", boundKindName(search.bound), search.boundValue,
        search.combinedFairBound ? fmt::format(", fair bound {}", *search.combinedFairBound) : "",
        search.iterativeBounding ? ", iterative" : "");
  if (options.jobs > 1 && kind.parallel)
    name += fmt::format(" on {} workers", options.jobs);
  return name;
}
} // namespace

SearchResult runSearch(Model &model, Options &options, SearchOptions search, RunDescription &run,
                       const ExecutionObserver &observer, ProgressLine &progress,
                       bool hasStateKeys, const std::vector<Model *> &workers,
                       Execution *execution) {
  // The search `options` names (checker/registry/SearchRegistry.h) with `search` and the
  // options of its own; the parts of what it found beyond SearchResult go into `run`.
  auto runNamed = [&](const SearchOptions &s) {
    const SearchKind *kind = &options.searchKind();
    if (execution && kind->storesStates) {
      execution->setSpuriousWakeupLimit(ExecutionOptions::UnlimitedSpuriousWakeups);
      run.spuriousWakeupsWithheldBefore = execution->coverageGaps().spuriousWakeupsWithheld;
    }
    SearchRequest request{s, options.statefulOptions, options.unfoldingOptions,
                          options.pctOptions, kind->parallel ? workers : std::vector<Model *>{}};
    SearchOutcome found = kind->run(model, request, observer);
    if (!request.workerModels.empty() && found.workersUsed < 2) {
      // The tree did not divide well: the search ran alone, as asked without -j.
      Options alone = options;
      alone.jobs = 1;
      run.searchName = searchName(alone) +
                       fmt::format(" (-j {}: the search tree does not divide well, one thread)",
                                   options.jobs);
    }
    if (kind->counts == ResultUnit::States)
      run.stateful = true;
    if (kind->ownOptions == OwnOptions::Stateful) {
      run.storage = describeStorage(options.statefulOptions.storage, found.omissionProbability);
      run.livelocksChecked = found.livelocksChecked;
      run.incompleteReason = found.incompleteReason;
      // A limit is named with the value the user gave (an iterative-deepening pass has only
      // the time left); a memory limit keeps the search's wording, which says what it counted.
      if (found.search.limit != SearchLimit::None && found.search.limit != SearchLimit::Memory)
        run.incompleteReason = describeLimit(found.search.limit, options.search);
    }
    if (kind->ownOptions == OwnOptions::Unfolding)
      describeUnfolding(options.unfoldingOptions, found.unfolding, run);
    return std::move(found.search);
  };
  if (options.weakMemory()) {
    DivisibleSearch graphs = divisibleSearchFor(options, search);
    if (workers.empty())
      return graphs.explore(model, search, observer);
    std::vector<Model *> models{&model};
    models.insert(models.end(), workers.begin(), workers.end());
    ParallelStatistics statistics;
    SearchResult result =
        exploreDividedInParallel(models, search, observer, &statistics, 0, graphs, graphs);
    if (statistics.workers < 2) {
      Options alone = options;
      alone.jobs = 1;
      run.searchName = searchName(alone) +
                       fmt::format(" (-j {}: the search tree does not divide well, one thread)",
                                   options.jobs);
    }
    return result;
  }
  if (options.defaultMode && options.explores("rf")) {
    SearchResult result = runNamed(search);
    std::string why = readsFromGaveUp(result, model);
    if (why.empty())
      return result;
    progress.finish();
    if (!options.json)
      std::cout << fmt::format("bporcheck: {}; optimal DPOR decides\n", why);
    options.explorer = "optimal";
    run.searchName = searchName(options);
  }
  if (!options.defaultMode || !options.explores("optimal"))
    return runNamed(search);
  auto tooLong = [](const SearchResult &r) {
    return !r.errors.empty() && r.errors.front().error.kind == ErrorKind::DepthLimit;
  };
  // The stateful search takes over the verdict: say so, and name it from here on.
  auto handOver = [&](const std::string &why) {
    progress.finish();
    if (!options.json)
      std::cout << fmt::format("bporcheck: {}; the stateful search decides\n", why);
    options.explorer = "stateful";
    run.searchName = searchName(options);
    search.maxDepth = std::max<uint64_t>(search.maxDepth, StatefulMaxDepth);
    return runNamed(search);
  };
  bool mayHandOver = hasStateKeys && !options.hashStates;
  if (mayHandOver && !options.maxDepthGiven && search.maxDepth > CycleCheckDepth) {
    SearchOptions first = search;
    first.maxDepth = CycleCheckDepth;
    SearchResult result = runNamed(first);
    if (!tooLong(result))
      return result;
    if (scheduleRevisitsState(model, result.errors.front().schedule))
      return handOver(fmt::format("an execution passes through a state twice (within its first "
                                  "{} steps), so the program has cycles",
                                  CycleCheckDepth));
  }
  SearchResult result = runNamed(search);
  // An execution longer than --max-depth may be a spin that an unfair schedule keeps going.
  if (mayHandOver && tooLong(result))
    return handOver(fmt::format("an execution exceeded {} steps", search.maxDepth));
  return result;
}

} // namespace bpor::tool
