#include "checker/parallel/ParallelSourceDpor.h"

#include "checker/engine/SearchClock.h"

#include <algorithm>
#include <mutex>
#include <thread>

namespace bpor {

namespace {

void addStatistics(Statistics &into, const Statistics &from) {
  into.executions += from.executions;
  into.finished += from.finished;
  into.infeasible += from.infeasible;
  into.sleepSetBlocked += from.sleepSetBlocked;
  into.boundBlocked += from.boundBlocked;
  into.deadlocks += from.deadlocks;
  into.errors += from.errors;
  into.livelocks += from.livelocks;
  into.steps += from.steps;
  into.prunedByBound += from.prunedByBound;
  into.conservativeBacktrackPoints += from.conservativeBacktrackPoints;
  into.states += from.states;
  into.revisits += from.revisits;
  into.depthLimited += from.depthLimited;
}

/// An error a worker found, described by models[0]: replayed there, so that its trace and the
/// places it names are that model's (an assertion's file is interned by the model that read
/// it). Kept as found if the replay does not reach it (it always should: models are
/// deterministic).
void rederive(ErrorReport &report, Model &model, uint64_t maxDepth) {
  ReplayResult again = replay(model, report.schedule, maxDepth);
  if (!again.followed || again.status != ExecStatus::Error ||
      again.error.kind != report.error.kind)
    return;
  report.error = again.error;
  report.trace = std::move(again.trace);
}

bool sameError(const ErrorInfo &a, const ErrorInfo &b) {
  return a.kind == b.kind && a.location == b.location && a.message == b.message;
}

} // namespace

std::pair<size_t, uint64_t> chooseSplitDepth(Model &model, const SearchOptions &options,
                                             uint64_t wantedUnits, size_t maxDepth) {
  // States above the split branch on every thread: a tree whose top is far wider than the
  // units it yields (threads that mostly commute, as in a ring) would spend more on
  // sleep-set-blocked executions there than the workers gain.
  const uint64_t maxTotal = 32 * wantedUnits;
  // The shallow tree alone: a search that gives every unit away walks only the states above the
  // split, and counts the units it meets.
  size_t best = 0;
  uint64_t bestUnits = 0, previousTotal = 0;
  for (size_t depth = 1; depth <= maxDepth; ++depth) {
    uint64_t units = 0, total = 0;
    SearchSplit split;
    split.depth = depth;
    split.claim = [&](uint64_t, bool forkAsleep) {
      units += !forkAsleep;
      ++total;
      return false;
    };
    SearchOptions counting = options;
    counting.split = &split;
    counting.progress = nullptr;
    counting.maxExecutions = 0;
    counting.timeLimitSeconds = 0;
    counting.keepGoing = true;
    counting.isViolation = nullptr;
    exploreOptimal(model, counting, OptimalVariant::Source);
    if (total <= previousTotal)
      break; // every unit is an execution that ended above this depth: the tree is that shallow
    if (total > maxTotal)
      return {0, 0}; // too wide to divide
    previousTotal = total;
    best = depth;
    bestUnits = units;
    if (units >= wantedUnits)
      break;
  }
  return {best, bestUnits};
}

SearchResult exploreSourceDporInParallel(const std::vector<Model *> &models,
                                         const SearchOptions &options,
                                         const ExecutionObserver &observer,
                                         ParallelStatistics *statistics, size_t splitDepth,
                                         OptimalVariant alone) {
  constexpr OptimalVariant variant = OptimalVariant::Source;
  // Units enough that a worker which drew a large subtree still leaves the others work.
  constexpr uint64_t UnitsPerWorker = 64;
  SearchClock wall;
  wall.start();
  size_t workers = models.size();
  auto [depth, units] =
      workers < 2 ? std::pair<size_t, uint64_t>{0, 0}
      : splitDepth
          ? std::pair<size_t, uint64_t>{splitDepth, 2} // the test's: whatever it gives
          : chooseSplitDepth(*models[0], options, UnitsPerWorker * uint64_t(workers));
  if (units < 2) {
    if (statistics)
      *statistics = ParallelStatistics{1, 0, units};
    return exploreOptimal(*models[0], options, alone, observer);
  }
  if (statistics)
    *statistics = ParallelStatistics{unsigned(workers), depth, units};

  std::mutex lock; // the claims, the observer, isViolation and progress (never held together)
  std::vector<bool> claimed;
  std::atomic<bool> cancelled{false};
  SearchSplit split;
  split.depth = depth;
  split.cancelled = &cancelled;
  split.claim = [&](uint64_t unit, bool) {
    if (cancelled.load(std::memory_order_relaxed))
      return false;
    std::lock_guard<std::mutex> guard(lock);
    if (unit >= claimed.size())
      claimed.resize(unit + 1, false);
    if (claimed[unit])
      return false;
    claimed[unit] = true;
    return true;
  };
  ExecutionObserver shared;
  if (observer)
    shared = [&](const std::vector<Operation> &events, ExecutionEnd end) {
      std::lock_guard<std::mutex> guard(lock);
      observer(events, end);
    };

  // One progress line for the whole search: each worker's report updates its part, and the
  // line shows the sum (elapsed time: the longest).
  std::vector<Statistics> progressed(workers);
  auto report = [&](size_t w, const Statistics &stats) {
    std::lock_guard<std::mutex> guard(lock);
    progressed[w] = stats;
    Statistics sum;
    for (const Statistics &part : progressed) {
      addStatistics(sum, part);
      sum.elapsedSeconds = std::max(sum.elapsedSeconds, part.elapsedSeconds);
    }
    options.progress(sum);
  };

  std::vector<SearchResult> results(workers);
  auto work = [&](size_t w) {
    SearchOptions mine = options;
    mine.split = &split;
    if (options.isViolation)
      mine.isViolation = [&](const ErrorInfo &error) {
        std::lock_guard<std::mutex> guard(lock);
        return options.isViolation(error);
      };
    if (options.progress)
      mine.progress = [&, w](const Statistics &stats) { report(w, stats); };
    results[w] = exploreOptimal(*models[w], mine, variant, shared);
    // An error without keepGoing, or a limit, ends the whole search.
    if (!results[w].complete)
      cancelled.store(true, std::memory_order_relaxed);
  };
  std::vector<std::thread> threads;
  for (size_t w = 1; w < workers; ++w)
    threads.emplace_back(work, w);
  work(0);
  for (std::thread &thread : threads)
    thread.join();

  SearchResult merged;
  merged.complete = !cancelled.load();
  for (size_t w = 0; w < workers; ++w) {
    addStatistics(merged.stats, results[w].stats);
    merged.complete = merged.complete && results[w].complete;
    for (ErrorReport &report : results[w].errors) {
      if (w != 0)
        rederive(report, *models[0], options.maxDepth);
      bool merge = false;
      if (options.oneReportPerError)
        for (ErrorReport &known : merged.errors)
          if (sameError(known.error, report.error)) {
            known.occurrences += report.occurrences;
            merge = true;
            break;
          }
      if (!merge)
        merged.errors.push_back(std::move(report));
    }
  }
  if (!options.keepGoing && merged.errors.size() > 1)
    merged.errors.resize(1);
  merged.stats.elapsedSeconds = wall.elapsedSeconds();
  return merged;
}

} // namespace bpor
