// The process's clock (handlers/ProcessHandler.cpp): every clock id and time function reads it.
// It starts at a fixed time (ClockStartNanos, 2024-01-01) and every read advances it by a
// microsecond; sleeping advances it by the time slept, and a timed wait that times out moves it
// on to its deadline. A value: a checkpoint copies it with the ProcessState that holds it.
#pragma once

#include "runtime/PseudoAddresses.h"

#include <cstdint>

namespace bpor::runtime {

inline constexpr uint64_t NanosPerSecond = 1'000'000'000;

class ProcessClock {
public:
  /// Nanoseconds since the epoch.
  uint64_t nanos() const { return nanos_; }
  /// Processor time since the execution started, in microseconds (clock()'s CLOCKS_PER_SEC).
  uint64_t micros() const { return (nanos_ - ClockStartNanos) / 1000; }
  /// A read: the clock advances by one tick first. Returns the time read.
  uint64_t read() { return advance(Tick); }
  /// A sleep of `nanos`. Returns the time after it.
  uint64_t advance(uint64_t nanos) { return nanos_ += nanos; }
  /// A timed wait timed out: the clock reaches its deadline (`seconds` as a signed time_t),
  /// unless it has passed it already.
  void passDeadline(uint64_t seconds, uint64_t nanos) {
    uint64_t deadline = seconds * NanosPerSecond + nanos;
    if (int64_t(seconds) >= 0 && deadline > nanos_)
      nanos_ = deadline;
  }

private:
  static constexpr uint64_t Tick = 1000; // each read advances the clock by 1 us
  uint64_t nanos_ = ClockStartNanos;
};

} // namespace bpor::runtime
