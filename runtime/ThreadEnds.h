// Per thread of a run: whether it was detached or joined (pthread_detach, pthread_join, a thread
// created detached), so that a second join or detach is caught. Not in the thread's record
// (ProgramThread.h): a join changes that of another thread, and changing a record shared with
// a checkpoint copies it (ThreadTable.h). A value: a checkpoint copies it.
#pragma once

#include "core/CopyVector.h"
#include "core/Model.h"

#include <algorithm>
#include <cstdint>
#include <span>

namespace bpor::runtime {

class ThreadEnds {
public:
  enum Bits : uint8_t { Detached = 1, Joined = 2 };

  void clear() { bits_.clear(); }
  /// `thread` starts, neither detached nor joined.
  void start(ThreadId thread) {
    if (bits_.size() <= thread)
      bits_.resize(thread + 1);
    bits_[thread] = 0;
  }
  /// Whether `thread` was detached or joined: it may not be joined any more.
  bool detachedOrJoined(ThreadId thread) const { return bits_[thread] != 0; }
  bool detached(ThreadId thread) const { return bits_[thread] & Detached; }
  void detach(ThreadId thread) { bits_[thread] |= Detached; }
  void join(ThreadId thread) { bits_[thread] |= Joined; }
  /// The thread's Bits, for the state key.
  uint8_t bits(ThreadId thread) const { return bits_[thread]; }
  /// Rearranged threads (core/ThreadSymmetry.h): thread i + 1 gets thread order[i]'s bits.
  void rearrange(std::span<const ThreadId> order) {
    CopyVector<uint8_t> ends = bits_; // a thread listed twice makes the table longer
    ends.resize(std::max(ends.size(), order.size() + 1));
    for (size_t i = 0; i < order.size(); ++i)
      ends[i + 1] = bits_[order[i]];
    bits_ = std::move(ends);
  }
  /// The heap bytes it holds (a checkpoint's size).
  size_t bytes() const { return bits_.capacity(); }

private:
  CopyVector<uint8_t> bits_;
};

} // namespace bpor::runtime
