// Addresses of runtime state that is not program memory: visible operations on them appear in
// footprints like any memory access, so the checker sees which calls conflict (a creation with
// another creation, two calls of rand(), two decisions on symbolic values).
#pragma once

#include "core/Model.h"
#include "memory/Memory.h"

#include <cstdint>

namespace bpor {

/// The handle a program sees for thread t (pthread_t): t + 1, so that no thread is 0.
inline constexpr uint64_t threadHandle(ThreadId thread) { return uint64_t(thread) + 1; }
/// The thread a pthread_t names among `numThreads`, or NoThread.
inline constexpr ThreadId threadOfHandle(uint64_t handle, ThreadId numThreads) {
  return handle == 0 || handle > numThreads ? NoThread : ThreadId(handle - 1);
}

/// Footprint addresses of runtime objects that are not program memory (thread handles for
/// join/detach, the key table), in an object id no program reaches.
inline constexpr uint32_t PseudoObject = ~uint32_t(0);
inline constexpr Address threadHandleAddress(ThreadId thread) {
  return makeAddress(PseudoObject, thread);
}
inline constexpr Address KeyTableAddress = makeAddress(PseudoObject, ~uint32_t(0));
/// Every thread creation writes it: the number a new thread gets (and so its pthread_t and the
/// names of the objects it allocates) depends on the order of creations by different threads,
/// so those creations must be dependent for a reduction to see every numbering.
inline constexpr Address ThreadNumberingAddress = makeAddress(PseudoObject, ~uint32_t(0) - 1);
/// The process's clock (time functions read it, sleeping advances it) and its exit-handler table
/// (atexit and friends): shared state, so the calls touching them are visible operations.
inline constexpr Address ClockAddress = makeAddress(PseudoObject, ~uint32_t(0) - 2);
/// Every decision on a symbolic value writes it: decisions constrain one shared path condition,
/// so a decision can make another thread's outcome infeasible (they are dependent).
inline constexpr Address PathConditionAddress = makeAddress(PseudoObject, ~uint32_t(0) - 4);
/// The clock at the start of every execution: 2024-01-01 00:00:00 UTC, in nanoseconds.
inline constexpr uint64_t ClockStartNanos = uint64_t(1'704'067'200) * 1'000'000'000;
inline constexpr Address ExitTableAddress = makeAddress(PseudoObject, ~uint32_t(0) - 3);
/// The state of rand() and random(), which every thread's calls share: which thread draws which
/// value depends on their order, so the calls are visible operations on it.
inline constexpr Address RandomStateAddress = makeAddress(PseudoObject, ~uint32_t(0) - 5);

} // namespace bpor
