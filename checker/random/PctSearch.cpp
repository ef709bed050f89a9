#include "checker/random/PctSearch.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <random>

namespace bpor {

SearchResult explorePct(Model &model, const SearchOptions &options, const PctOptions &pct) {
  SearchResult result;
  std::mt19937_64 random(pct.seed);
  auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  uint64_t expected = std::max<uint64_t>(pct.expectedSteps, 2);
  double lastProgress = 0;
  std::vector<int64_t> priority; // by thread; higher runs first
  std::vector<uint64_t> changePoints;
  Schedule schedule;
  std::vector<Operation> trace;
  while ((options.maxExecutions == 0 || result.stats.executions < options.maxExecutions) &&
         (options.timeLimitSeconds <= 0 || elapsed() < options.timeLimitSeconds)) {
    model.restart();
    schedule.clear();
    trace.clear();
    priority.clear();
    // Initial priorities d .. d + n - 1 in random order as threads appear (n is not known in
    // advance: a new thread gets a random place among the higher ones); change points lower a
    // thread to d - 1 - i.
    changePoints.clear();
    for (unsigned i = 0; i + 1 < pct.depth; ++i)
      changePoints.push_back(1 + random() % expected);
    std::sort(changePoints.begin(), changePoints.end());
    auto givePriorities = [&] {
      while (priority.size() < model.numThreads())
        priority.push_back(int64_t(pct.depth + random() % 1'000'000'007ULL));
    };
    uint64_t steps = 0;
    size_t nextChange = 0;
    // A thread that yields (sched_yield, a spin loop's back edge) drops below every other, as
    // PCT's implementations do: otherwise the highest-priority spinner would starve the thread
    // it waits for in every execution.
    int64_t yieldFloor = -1;
    ExecutionEnd end = ExecutionEnd::Finished;
    for (;;) {
      if (options.progress && elapsed() - lastProgress >= 1) {
        lastProgress = elapsed();
        result.stats.elapsedSeconds = lastProgress;
        options.progress(result.stats);
      }
      if (model.status() == ExecStatus::Error) {
        end = ExecutionEnd::Error;
        break;
      }
      if (model.status() != ExecStatus::Running) {
        end = model.status() == ExecStatus::Finished ? ExecutionEnd::Finished
                                                     : ExecutionEnd::Infeasible;
        break;
      }
      givePriorities();
      ThreadId best = NoThread;
      for (ThreadId t = 0; t < model.numThreads(); ++t)
        if (model.isEnabled(t) && (best == NoThread || priority[t] > priority[best]))
          best = t;
      if (best == NoThread) {
        end = stoppedByFailedAssume(model) ? ExecutionEnd::Infeasible : ExecutionEnd::Deadlock;
        break;
      }
      if (steps >= options.maxDepth) {
        end = ExecutionEnd::DepthLimit;
        break;
      }
      uint32_t choices = model.pending(best).numChoices;
      uint32_t choice = choices > 1 ? uint32_t(random() % choices) : 0;
      schedule.push_back({best, choice});
      trace.push_back(model.step(best, choice));
      if (trace.back().kind == OpKind::Yield)
        priority[best] = yieldFloor--;
      ++steps;
      ++result.stats.steps;
      while (nextChange < changePoints.size() && changePoints[nextChange] <= steps) {
        priority[best] = int64_t(pct.depth) - 1 - int64_t(nextChange); // below the initial ones
        ++nextChange;
      }
    }
    expected = std::max(expected, steps);
    ++result.stats.executions;
    ErrorInfo error;
    bool reported = false;
    switch (end) {
    case ExecutionEnd::Finished:
      ++result.stats.finished;
      break;
    case ExecutionEnd::Infeasible:
      ++result.stats.infeasible;
      break;
    case ExecutionEnd::Error:
      error = model.error();
      reported = true;
      break;
    case ExecutionEnd::Deadlock:
      error.kind = ErrorKind::Deadlock;
      error.message = "deadlock: no thread can proceed";
      reported = true;
      break;
    case ExecutionEnd::DepthLimit:
      ++result.stats.depthLimited;
      error.kind = ErrorKind::DepthLimit;
      error.message =
          fmt::format("an execution exceeded the maximum depth of {} steps", options.maxDepth);
      reported = true;
      break;
    default:
      break;
    }
    if (!reported)
      continue;
    if (options.isViolation && !options.isViolation(error))
      continue;
    ++result.stats.errors;
    if (error.kind == ErrorKind::Deadlock)
      ++result.stats.deadlocks;
    auto same = std::find_if(result.errors.begin(), result.errors.end(), [&](const ErrorReport &e) {
      return e.error.kind == error.kind && e.error.location == error.location &&
             e.error.message == error.message;
    });
    if (options.oneReportPerError && same != result.errors.end())
      ++same->occurrences;
    else
      result.errors.push_back(ErrorReport{error, schedule, trace});
    if (!options.keepGoing)
      break;
  }
  result.stats.elapsedSeconds = elapsed();
  result.complete = false;
  return result;
}

} // namespace bpor
