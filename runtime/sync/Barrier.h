// A pthread barrier. pthread_barrier_wait is two visible operations: the arrival (always
// enabled), and, for every thread but the last to arrive, a departure that is enabled once the
// barrier's generation has completed. The last arrival completes the generation and returns
// PTHREAD_BARRIER_SERIAL_THREAD; the others return 0.
#pragma once

#include "core/StateWriter.h"

#include <cstdint>

namespace bpor::runtime {

class Barrier {
public:
  explicit Barrier(unsigned count = 0) : count_(count) {}

  bool isValid() const { return count_ != 0; }

  /// Records an arrival. Returns true if it completed the generation (the caller does not wait);
  /// otherwise `*generation` is the generation to wait for.
  bool arrive(uint64_t *generation) {
    *generation = generation_;
    if (++arrived_ < count_)
      return false;
    arrived_ = 0;
    ++generation_;
    return true;
  }

  bool isComplete(uint64_t generation) const { return generation_ > generation; }
  bool hasWaiters() const { return arrived_ != 0; }

  void writeState(StateWriter &out) const {
    out.u32(count_);
    out.u32(arrived_);
    out.u64(generation_);
  }

private:
  unsigned count_;
  unsigned arrived_ = 0;
  uint64_t generation_ = 0;
};

} // namespace bpor::runtime
