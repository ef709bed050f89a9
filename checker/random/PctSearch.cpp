#include "checker/random/PctSearch.h"

#include "checker/engine/ExecutionEnds.h"
#include "checker/engine/SearchLedger.h"

#include <algorithm>
#include <random>

namespace bpor {

SearchResult explorePct(Model &model, const SearchOptions &options, const PctOptions &pct) {
  SearchLedger ledger(options);
  ledger.start();
  std::mt19937_64 random(pct.seed);
  uint64_t expected = std::max<uint64_t>(pct.expectedSteps, 2);
  std::vector<int64_t> priority; // by thread; higher runs first
  std::vector<uint64_t> changePoints;
  Schedule schedule;
  std::vector<Operation> trace;
  ledger.checkLimits();
  while (!ledger.stopped()) {
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
    ErrorInfo error;
    for (;;) {
      if (model.status() == ExecStatus::Error) {
        end = ExecutionEnd::Error;
        error = model.error();
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
        if (end == ExecutionEnd::Deadlock)
          error = deadlockError(model);
        break;
      }
      if (steps >= options.maxDepth) {
        end = ExecutionEnd::DepthLimit;
        ++ledger.result.stats.depthLimited;
        error = depthLimitError(best, model.pending(best).location, options.maxDepth);
        break;
      }
      uint32_t choices = model.pending(best).numChoices;
      uint32_t choice = choices > 1 ? uint32_t(random() % choices) : 0;
      schedule.push_back({best, choice});
      trace.push_back(model.step(best, choice));
      if (trace.back().kind == OpKind::Yield)
        priority[best] = yieldFloor--;
      ++steps;
      ++ledger.result.stats.steps;
      while (nextChange < changePoints.size() && changePoints[nextChange] <= steps) {
        priority[best] = int64_t(pct.depth) - 1 - int64_t(nextChange); // below the initial ones
        ++nextChange;
      }
    }
    expected = std::max(expected, steps);
    if (error.kind != ErrorKind::None)
      ledger.reportError(error, trace, schedule);
    ledger.endExecution(end, trace);
  }
  // Random executions cover nothing exhaustively: never complete.
  ledger.stop = StopReason::Limit;
  return ledger.finish([] { return true; });
}

} // namespace bpor
