// What a search has found so far and whether it must stop, kept the same way by every explorer:
// the count of each way an execution ended, the error reports (merged per distinct error on
// request), the limits on executions and time, progress reports, and the rule that decides
// whether the search was complete.
#pragma once

#include "checker/Explorer.h"
#include "checker/engine/SearchClock.h"

#include <cstdint>
#include <vector>

namespace bpor {

/// Why a search stopped before it ran out of work.
enum class StopReason : uint8_t {
  None,           // it has not (yet)
  Error,          // an error was found and keepGoing is off
  Limit,          // a SearchLimit (result.limit), or the explorer's own (memory) limit
  Nondeterminism, // replaying a schedule gave other events than before
};

class SearchLedger {
public:
  SearchLedger(const SearchOptions &options, const ExecutionObserver *observer = nullptr)
      : options_(options), observer_(observer) {}

  /// The search's results so far; explorers add their own counters to result.stats.
  SearchResult result;
  StopReason stop = StopReason::None;

  bool stopped() const { return stop != StopReason::None; }
  void start() { clock_.start(); }
  double elapsedSeconds() const { return clock_.elapsedSeconds(); }

  /// An error an execution reached, with the events that led there and the schedule that
  /// replays them: recordError(), and unless it was dropped it stops the search (without
  /// keepGoing).
  bool reportError(const ErrorInfo &error, const std::vector<Operation> &trace,
                   Schedule schedule, ReadValues readValues = {});

  /// An execution ended: counts it by its end (errors were counted when reported), shows it
  /// to the observer and checks the limits.
  void endExecution(ExecutionEnd end, const std::vector<Operation> &events);

  /// Updates the elapsed time, reports progress at most once a second, and stops the search
  /// (StopReason::Limit, with the limit in result.limit) once maxExecutions, the time or memory
  /// limit is reached or a signal asked it to stop (SearchStop.h).
  void checkLimits();

  /// The search is over: it is complete iff nothing stopped it, or an error stopped it when no
  /// branch was left unexplored anyway (`unexploredLeft` is asked only then). A search that met
  /// nondeterminism is never complete.
  template <typename UnexploredLeft> SearchResult finish(UnexploredLeft unexploredLeft) {
    result.complete = stop == StopReason::None || (stop == StopReason::Error && !unexploredLeft());
    result.stats.elapsedSeconds = clock_.elapsedSeconds();
    return std::move(result);
  }

private:
  const SearchOptions &options_;
  const ExecutionObserver *observer_;
  SearchClock clock_;
};

/// Keeps an error that an execution reached in `result`, as every search does: an error that
/// options.isViolation rejects is dropped (false); otherwise it is counted (errors, and
/// deadlocks for a deadlock) and kept as a report with its events and the schedule that replays
/// them, or with oneReportPerError counted in the report of an equal earlier one (same kind,
/// place and message).
bool recordError(SearchResult &result, const SearchOptions &options, const ErrorInfo &error,
                 const std::vector<Operation> &trace, Schedule schedule,
                 ReadValues readValues = {});

/// The schedule that took a search from the initial state through its first `steps` frames:
/// each frame records the step taken from it in `taken`.
template <typename Frames> Schedule scheduleOf(const Frames &frames, size_t steps) {
  Schedule schedule;
  schedule.reserve(steps);
  for (size_t i = 0; i < steps; ++i)
    schedule.push_back(frames[i].taken);
  return schedule;
}

} // namespace bpor
