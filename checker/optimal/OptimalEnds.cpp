#include "checker/optimal/OptimalSearch.h"

#include "checker/engine/ExecutionEnds.h"

namespace bpor::optimal {

ExecutionEnd OptimalSearch::classifyBlockedEnd() {
  if (!frames.back().enabled.empty())
    return ExecutionEnd::SleepSetBlocked;
  if (stoppedByFailedAssume(model))
    return ExecutionEnd::Infeasible;
  reportError(deadlockError(model));
  return ExecutionEnd::Deadlock;
}

// A parallel worker that waits first meets the initial state only to wait for work: if the
// program ends there, the first worker counts and reports that execution.
void OptimalSearch::endExecution(ExecutionEnd end) {
  if (waitsFirst)
    return;
  analyseRaces();
  ledger.endExecution(end, events);
}

void OptimalSearch::reportError(const ErrorInfo &error) {
  if (waitsFirst)
    return;
  ledger.reportError(error, events, modelSchedule(events.size()));
}

Schedule OptimalSearch::modelSchedule(size_t steps) const {
  Schedule schedule = scheduleOf(frames, steps);
  for (ScheduleStep &step : schedule)
    step.thread = names.threadOf(step.thread);
  return schedule;
}

bool OptimalSearch::hasUnexploredBranch() const {
  for (size_t i = 0; i < frames.size(); ++i) {
    const Frame &f = frames[i];
    if (f.shared)
      return true; // other workers may still add to it
    if (f.exhausted)
      continue;
    if (!perChoice() && f.branchActive && nextChoice(i) != Frame::NoChoice)
      return true;
    bool found = false;
    if (variant == OptimalVariant::Optimal) {
      found = f.firstBranch.thread != NoThread;
      for (const WakeupNode &b : f.wakeup.branches())
        found = found || (f.enabled.contains(b.event.thread()) &&
                          !f.asleep(b.event.thread(), b.event.choice));
    } else {
      f.backtrack.forEach([&](ThreadId t) {
        found = found || (f.enabled.contains(t) && !f.done.contains(t) && awake(i, t));
      });
      found = found || f.laterTaken < f.later.size(); // a single-branch state's later rounds'
    }
    if (found)
      return true;
  }
  return false;
}

} // namespace bpor::optimal
