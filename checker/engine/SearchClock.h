// The limits of a search (time, executions, memory, an interrupt) and its progress reports
// (SearchLedger keeps one).
#pragma once

#include "checker/Explorer.h"
#include "checker/engine/SearchStop.h"

#include <chrono>
#include <cstdint>
#include <ctime>

namespace bpor {

class SearchClock {
public:
  void start() {
    startTime_ = Clock::now();
    coarseStart_ = lastProgress_ = coarseNanos();
  }

  double elapsedSeconds() const {
    return std::chrono::duration<double>(Clock::now() - startTime_).count();
  }

  /// Updates stats.elapsedSeconds, calls options.progress at most once a second, and says
  /// which limit, if any, has been reached: an interrupt or the memory limit (SearchStop.h),
  /// options.timeLimitSeconds or options.maxExecutions. Called at every execution's end, so it
  /// reads the coarse clock (a few milliseconds' resolution, ample for limits and progress; the
  /// final time is elapsedSeconds()).
  SearchLimit tick(const SearchOptions &options, Statistics &stats) {
    uint64_t now = coarseNanos();
    double elapsed = double(now - coarseStart_) * 1e-9;
    stats.elapsedSeconds = elapsed;
    if (options.progress && now - lastProgress_ >= 1000000000u) {
      lastProgress_ = now;
      options.progress(stats);
    }
    if (SearchLimit external = externalStop(options, now, lastMemoryCheck_);
        external != SearchLimit::None)
      return external;
    if (options.timeLimitSeconds > 0 && elapsed >= options.timeLimitSeconds)
      return SearchLimit::Time;
    if (options.maxExecutions && stats.executions >= options.maxExecutions)
      return SearchLimit::Executions;
    return SearchLimit::None;
  }

private:
  using Clock = std::chrono::steady_clock;
  static uint64_t coarseNanos() {
    timespec now;
    clock_gettime(CLOCK_MONOTONIC_COARSE, &now);
    return uint64_t(now.tv_sec) * 1000000000u + uint64_t(now.tv_nsec);
  }
  Clock::time_point startTime_;
  uint64_t coarseStart_ = 0, lastProgress_ = 0, lastMemoryCheck_ = 0;
};

} // namespace bpor
