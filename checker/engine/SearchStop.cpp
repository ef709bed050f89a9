#include "checker/engine/SearchStop.h"

#include <csignal>
#include <fmt/format.h>
#include <sys/resource.h>

namespace bpor {

std::atomic<int> stopSignal{0};

uint64_t peakResidentBytes() {
  struct rusage usage {};
  getrusage(RUSAGE_SELF, &usage);
  return uint64_t(usage.ru_maxrss) * 1024; // KiB on Linux
}

uint64_t memoryLimitWithReserve(const SearchOptions &options) {
  return options.memoryLimitBytes - options.memoryLimitBytes / 64;
}

SearchLimit externalStop(const SearchOptions &options, uint64_t nowNanos,
                         uint64_t &lastMemoryCheck) {
  if (stopSignal.load(std::memory_order_relaxed) != 0)
    return SearchLimit::Interrupt;
  if (options.memoryLimitBytes && nowNanos - lastMemoryCheck >= MemoryCheckNanos) {
    lastMemoryCheck = nowNanos;
    if (peakResidentBytes() > memoryLimitWithReserve(options))
      return SearchLimit::Memory;
  }
  return SearchLimit::None;
}

const char *searchLimitName(SearchLimit limit) {
  switch (limit) {
  case SearchLimit::None:
    return "none";
  case SearchLimit::Executions:
    return "executions";
  case SearchLimit::Time:
    return "time";
  case SearchLimit::Memory:
    return "memory";
  case SearchLimit::Interrupt:
    return "interrupt";
  }
  return "none";
}

std::string describeLimit(SearchLimit limit, const SearchOptions &options) {
  switch (limit) {
  case SearchLimit::None:
    return "limit";
  case SearchLimit::Executions:
    return fmt::format("execution limit ({} executions)", options.maxExecutions);
  case SearchLimit::Time:
    return fmt::format("time limit ({:g} s)", options.timeLimitSeconds);
  case SearchLimit::Memory:
    return fmt::format("memory limit ({} MiB)", options.memoryLimitBytes >> 20);
  case SearchLimit::Interrupt: {
    int signal = stopSignal.load(std::memory_order_relaxed);
    return signal == SIGINT    ? std::string("interrupt (SIGINT)")
           : signal == SIGTERM ? std::string("interrupt (SIGTERM)")
                               : fmt::format("interrupt (signal {})", signal);
  }
  }
  return "limit";
}

} // namespace bpor
