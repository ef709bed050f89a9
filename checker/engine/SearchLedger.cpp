#include "checker/engine/SearchLedger.h"

namespace bpor {

bool recordError(SearchResult &result, const SearchOptions &options, const ErrorInfo &error,
                 const std::vector<Operation> &trace, Schedule schedule,
                 ReadValues readValues) {
  if (options.isViolation && !options.isViolation(error))
    return false;
  ++result.stats.errors;
  if (error.kind == ErrorKind::Deadlock)
    ++result.stats.deadlocks;
  bool merged = false;
  if (options.oneReportPerError)
    for (ErrorReport &known : result.errors)
      if (known.error.kind == error.kind && known.error.location == error.location &&
          known.error.message == error.message) {
        ++known.occurrences;
        merged = true;
        break;
      }
  if (!merged) {
    ErrorReport report;
    report.error = error;
    report.schedule = std::move(schedule);
    report.readValues = std::move(readValues);
    report.trace = trace;
    result.errors.push_back(std::move(report));
  }
  return true;
}

bool SearchLedger::reportError(const ErrorInfo &error, const std::vector<Operation> &trace,
                               Schedule schedule, ReadValues readValues) {
  if (!recordError(result, options_, error, trace, std::move(schedule), std::move(readValues)))
    return false;
  if (!options_.keepGoing && stop == StopReason::None)
    stop = StopReason::Error;
  return true;
}

void SearchLedger::endExecution(ExecutionEnd end, const std::vector<Operation> &events) {
  Statistics &stats = result.stats;
  ++stats.executions;
  switch (end) {
  case ExecutionEnd::Finished:
    ++stats.finished;
    break;
  case ExecutionEnd::Infeasible:
    ++stats.infeasible;
    break;
  case ExecutionEnd::SleepSetBlocked:
    ++stats.sleepSetBlocked;
    break;
  case ExecutionEnd::BoundBlocked:
    ++stats.boundBlocked;
    break;
  case ExecutionEnd::WaitedInVain:
    ++stats.waitedInVain;
    break;
  case ExecutionEnd::Error:
  case ExecutionEnd::Deadlock:
  case ExecutionEnd::DepthLimit:
  case ExecutionEnd::Cutoff:
    break; // errors are counted when reported; a cutoff is an end of its own
  }
  if (observer_ && *observer_)
    (*observer_)(events, end);
  checkLimits();
}

void SearchLedger::checkLimits() {
  SearchLimit limit = clock_.tick(options_, result.stats);
  // Another worker of a parallel search stopped them all (its own result says why).
  bool cancelled = options_.cancelled && options_.cancelled->load(std::memory_order_relaxed);
  if (stop == StopReason::None && (limit != SearchLimit::None || cancelled)) {
    stop = StopReason::Limit;
    result.limit = limit;
  }
}

} // namespace bpor
