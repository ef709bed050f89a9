// The ends of the unfolding search's executions: leaves, errors, the observer, limits.
#include "checker/unfolding/UnfoldingSearch.h"

#include "checker/engine/ExecutionEnds.h"
#include "checker/engine/SearchLedger.h"

namespace bpor::unfolding {

// ---- Ends of executions ----

void UnfoldingSearch::endBeforeAnyEvent() {
  ++result.stats.executions;
  switch (model.status()) {
  case ExecStatus::Error:
    report(model.error(), {}, {});
    observe({}, ExecutionEnd::Error);
    break;
  case ExecStatus::Infeasible:
    ++result.stats.infeasible;
    observe({}, ExecutionEnd::Infeasible);
    break;
  default:
    ++result.stats.finished;
    observe({}, ExecutionEnd::Finished);
    break;
  }
}

void UnfoldingSearch::leaf(bool enabledInModel, bool sleepBlocked) {
  ++result.stats.executions;
  stats.eventsAtLeaves += store.u().size();
  Schedule schedule;
  std::vector<Operation> trace = currentTrace(&schedule);
  if (sleepBlocked) {
    // Every enabled event is in D: explored already (only with partial alternatives).
    ++result.stats.sleepSetBlocked;
    observe(trace, ExecutionEnd::SleepSetBlocked);
    return;
  }
  if (enabledInModel) {
    observe(trace, ExecutionEnd::Cutoff);
    return;
  }
  if (!endingInC_.empty()) {
    // The program's execution ended at the first ending event, observed when it first ran;
    // the events after it here are real steps (they do not depend on it) but not an end.
    ExecStatus end = endingInC_.front()->endStatus;
    if (end == ExecStatus::Finished)
      ++result.stats.finished;
    else if (end == ExecStatus::Infeasible)
      ++result.stats.infeasible;
    observe(trace, ExecutionEnd::Cutoff);
    return;
  }
  switch (model.status()) {
  case ExecStatus::Finished:
    ++result.stats.finished;
    observe(trace, ExecutionEnd::Finished);
    return;
  case ExecStatus::Running:
    break;
  default:
    observe(trace, ExecutionEnd::Error);
    return;
  }
  if (stoppedByFailedAssume(model)) {
    ++result.stats.infeasible;
    observe(trace, ExecutionEnd::Infeasible);
    return;
  }
  report(deadlockError(model), trace, schedule);
  observe(trace, ExecutionEnd::Deadlock);
}

void UnfoldingSearch::report(const ErrorInfo &error, const std::vector<Operation> &trace,
                             const Schedule &schedule) {
  if (recordError(result, options, error, trace, schedule) && !options.keepGoing)
    stop = true;
}

void UnfoldingSearch::observe(const std::vector<Operation> &trace, ExecutionEnd end) {
  if (observer && *observer)
    (*observer)(trace, end);
}

std::vector<Operation> UnfoldingSearch::currentTrace(Schedule *schedule) const {
  std::vector<Operation> trace;
  for (size_t i = 0; i < C_.size(); ++i) {
    if (C_[i]->ending)
      continue;
    trace.push_back(executed_[i]);
    if (schedule)
      schedule->push_back(taken_[i]);
  }
  return trace;
}

void UnfoldingSearch::checkLimits() {
  if (SearchLimit limit = clock.tick(options, result.stats); limit != SearchLimit::None) {
    stop = true;
    result.limit = limit;
  }
}

} // namespace bpor::unfolding
