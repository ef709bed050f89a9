// The time and execution limits of a search and its progress reports (SearchLedger keeps one).
#pragma once

#include "checker/Explorer.h"

#include <chrono>

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

} // namespace bpor
