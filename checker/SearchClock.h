// The time and execution limits of a search, its progress reports and its error reports, shared
// by the search engines (checker/Search.*, checker/optimal/OptimalSearch.*).
#pragma once

#include "checker/Explorer.h"

#include <chrono>
#include <vector>

namespace bpor {

class SearchClock {
public:
  void start() { startTime_ = lastProgress_ = Clock::now(); }

  double elapsedSeconds() const {
    return std::chrono::duration<double>(Clock::now() - startTime_).count();
  }

  /// Updates stats.elapsedSeconds, calls options.progress at most once a second, and says
  /// whether options.maxExecutions or options.timeLimitSeconds has been reached.
  bool tick(const SearchOptions &options, Statistics &stats) {
    Clock::time_point now = Clock::now();
    double elapsed = std::chrono::duration<double>(now - startTime_).count();
    stats.elapsedSeconds = elapsed;
    if (options.progress && now - lastProgress_ >= std::chrono::seconds(1)) {
      lastProgress_ = now;
      options.progress(stats);
    }
    return (options.maxExecutions && stats.executions >= options.maxExecutions) ||
           (options.timeLimitSeconds > 0 && elapsed >= options.timeLimitSeconds);
  }

private:
  using Clock = std::chrono::steady_clock;
  Clock::time_point startTime_, lastProgress_;
};

/// Counts an error in result.stats and appends its report: the events of the execution and
/// the schedule that replays it (the engines' frames keep the step each event took). With
/// oneReportPerError, an error already reported (same kind, place and message) only counts.
template <typename Frames>
void recordError(SearchResult &result, const ErrorInfo &error,
                 const std::vector<Operation> &events, const Frames &frames,
                 bool oneReportPerError) {
  ++result.stats.errors;
  if (error.kind == ErrorKind::Deadlock)
    ++result.stats.deadlocks;
  for (ErrorReport &known : result.errors)
    if (oneReportPerError && known.error.kind == error.kind && known.error.location == error.location &&
        known.error.message == error.message) {
      ++known.occurrences;
      return;
    }
  ErrorReport report;
  report.error = error;
  report.trace = events;
  report.schedule.reserve(events.size());
  for (size_t i = 0; i < events.size(); ++i)
    report.schedule.push_back(frames[i].taken);
  result.errors.push_back(std::move(report));
}

} // namespace bpor
