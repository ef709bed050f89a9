#include "checker/parallel/Workers.h"

#include "checker/engine/SearchClock.h"
#include "checker/parallel/MergeResults.h"

#include <algorithm>
#include <mutex>
#include <thread>

namespace bpor {

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

  SearchResult merged = mergeResults(results, *models[0], options, cancelled.load());
  merged.stats.elapsedSeconds = wall.elapsedSeconds();
  return merged;
}

} // namespace bpor
