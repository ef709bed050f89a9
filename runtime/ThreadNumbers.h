// What ties a run to its threads' numbers, for interchangeable threads (core/ThreadSymmetry.h,
// runtime/Symmetry.cpp): the first external of the run that told threads apart, and renumbering
// a thread's record.
#pragma once

#include "memory/Memory.h"
#include "runtime/ProgramThread.h"

#include <cstdint>

namespace bpor::runtime {

/// The first external this run performed that tells threads apart (a join, pthread_self, a
/// mutex ...: ExternalOp::identityUse), or none: such a run's threads are not interchangeable.
class IdentityUse {
public:
  /// The thread called the external `id` (runtime/Externals.h).
  void note(uint32_t id);
  /// The external's name, or nullptr.
  const char *firstUse() const { return first_; }
  void reset() { first_ = nullptr; }

private:
  const char *first_ = nullptr;
};

/// Gives `thread` (a copy of thread `from`'s record) the number `to`, renaming the addresses of
/// `from`'s objects (its memory group in `memory`) it holds.
void relocateThread(const Memory &memory, ProgramThread &thread, ThreadId from, ThreadId to);

} // namespace bpor::runtime
