// Requests from outside a search to stop it: a signal (SIGINT, SIGTERM) that a front end's
// handler records, and the process's memory. Every search checks both with its time and
// execution limits (SearchClock::tick, and the stateful search's own check), so it stops as it
// does at a time limit: at the next execution's end (the stateful search: within 256 steps)
// with what it found so far, incomplete.
#pragma once

#include "checker/Explorer.h"

#include <atomic>
#include <cstdint>
#include <string>

namespace bpor {

/// The signal that asked every search to stop, or 0. A signal handler may set it (a lock-free
/// atomic is async-signal-safe); it stays set, so a search started after it stops at once.
extern std::atomic<int> stopSignal;
static_assert(std::atomic<int>::is_always_lock_free, "set from a signal handler");

/// The process's peak resident memory so far, in bytes (getrusage: one system call, no file).
/// The peak, not the current size: it is what the statistics report, and memory a search freed
/// has still been taken from the machine once.
uint64_t peakResidentBytes();

/// The peak at which a search stops for options.memoryLimitBytes: the limit less 1/64 of it, a
/// reserve for what a search allocates between two reads of its memory (a few MiB in 10 ms),
/// so that it stops before the limit, not after it.
uint64_t memoryLimitWithReserve(const SearchOptions &options);

/// Says which external limit, if any, stops a search now: SearchLimit::Interrupt when
/// stopSignal is set, SearchLimit::Memory when options.memoryLimitBytes is set and the peak
/// resident memory exceeds memoryLimitWithReserve (read at most every `MemoryCheckNanos`, timed
/// by the caller's clock `nowNanos`; `lastMemoryCheck` is the caller's record of the last read).
inline constexpr uint64_t MemoryCheckNanos = 10'000'000; // 10 ms: a getrusage call costs ~1 us
SearchLimit externalStop(const SearchOptions &options, uint64_t nowNanos,
                         uint64_t &lastMemoryCheck);

/// "none", "executions", "time", "memory" or "interrupt" (--json's "stopped_by").
const char *searchLimitName(SearchLimit limit);

/// The limit as a verdict names it after "stopped by the ": "memory limit (4096 MiB)",
/// "interrupt (SIGINT)".
std::string describeLimit(SearchLimit limit, const SearchOptions &options);

} // namespace bpor
