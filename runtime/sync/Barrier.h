// A pthread barrier. pthread_barrier_wait is two visible operations: the arrival (always
// enabled), and a departure, enabled once the thread's generation has completed. The thread
// whose arrival completed it returns PTHREAD_BARRIER_SERIAL_THREAD, the others 0.
//
// A thread's arrival belongs to the generation numbered by the arrivals it made at the barrier
// before (ProgramThread::barrierPasses), not to the one open when it arrives: with at most
// `count` threads a generation, the two are the same (docs/design.md, "Barriers"), and with
// this numbering arrivals commute (Operation's Update::Add on the generation's byte), so that
// the order in which threads arrive is no part of a trace. A `count + 1`-th arrival in one
// generation is refused (Arrival::OneTooMany): more threads than the count use the barrier, and
// the numbering would not be POSIX's.
#pragma once

#include "core/Operation.h"
#include "core/StateWriter.h"

#include <cstdint>

namespace bpor::runtime {

class Barrier {
public:
  explicit Barrier(unsigned count = 0) : count_(count) {}

  bool isValid() const { return count_ != 0; }
  unsigned count() const { return count_; }

  enum class Arrival { Waits, Completes, OneTooMany };
  /// Records an arrival in `generation` (the arriving thread's passes so far).
  Arrival arrive(uint64_t generation) {
    // Generation g + 2 opens only after a thread departed g + 1, when g had completed: only
    // the oldest incomplete generation and the next one count arrivals.
    if (generation < completed_ || generation > completed_ + 1)
      return Arrival::OneTooMany;
    unsigned &arrived = arrived_[generation % 2];
    if (arrived == count_)
      return Arrival::OneTooMany;
    ++arrived;
    while (arrived_[completed_ % 2] == count_) {
      arrived_[completed_ % 2] = 0;
      ++completed_;
    }
    return isComplete(generation) ? Arrival::Completes : Arrival::Waits;
  }

  bool isComplete(uint64_t generation) const { return generation < completed_; }
  bool hasWaiters() const { return arrived_[0] != 0 || arrived_[1] != 0; }

  void writeState(StateWriter &out) const {
    out.u32(count_);
    out.u32(arrived_[0]);
    out.u32(arrived_[1]);
    out.u64(completed_);
  }

private:
  unsigned count_;
  uint64_t completed_ = 0;  // generations below this one are complete
  unsigned arrived_[2] = {}; // arrivals in the generations of each parity not complete
};

/// What a thread's arrival at `barrier` in `generation` touches (or its departure, which reads
/// it): one byte of the barrier per parity of the generation. Two arrivals whose results the
/// program ignores commute (Update::Add); a departure depends on its generation's arrivals and
/// not on the next generation's.
inline Access barrierAccess(uint64_t barrier, uint64_t generation, bool arrival,
                            bool resultIgnored) {
  Access access{barrier + generation % 2, 1, arrival};
  if (arrival && resultIgnored)
    access.update = uint64_t(Update::Add);
  return access;
}

} // namespace bpor::runtime
