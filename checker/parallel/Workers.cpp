#include "checker/parallel/Workers.h"

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

SearchResult runWorkers(const std::vector<Model *> &models, const SearchOptions &options,
                        const ExecutionObserver &observer, std::atomic<bool> &cancelled,
                        const WorkerSearch &search, const std::function<void()> &onStop) {
  SearchClock wall;
  wall.start();
  size_t workers = models.size();
  std::mutex lock; // the observer, isViolation and progress
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
    mine.cancelled = &cancelled;
    if (options.isViolation)
      mine.isViolation = [&](const ErrorInfo &error) {
        std::lock_guard<std::mutex> guard(lock);
        return options.isViolation(error);
      };
    if (options.progress)
      mine.progress = [&, w](const Statistics &stats) { report(w, stats); };
    results[w] = search(w, *models[w], mine, shared);
    // An error without keepGoing, or a limit, ends the whole search (the worker that found
    // the error may have had nothing left itself).
    if (!results[w].complete || (!options.keepGoing && !results[w].errors.empty())) {
      cancelled.store(true, std::memory_order_relaxed);
      if (onStop)
        onStop();
    }
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
    // The limit that stopped the search is the one a worker met (the others were cancelled).
    if (merged.limit == SearchLimit::None)
      merged.limit = results[w].limit;
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
