// The objects libc keeps for each thread: its copies of the thread-local variables and its
// errno. Both are stack objects of the thread (private to it), made on first use and freed when
// the thread terminates; the ProgramThread records them (threadLocals, errnoObject), so a
// checkpoint copies them with the thread.
//
// Thread 0 uses each thread-local global itself; every other thread a copy made from the
// global's initial value.
#pragma once

#include "memory/Memory.h"
#include "runtime/ProgramThread.h"

namespace bpor::runtime {

/// The thread's copy of the thread-local global at `global` (made on first use from its value
/// in `initial`, the program's initial memory).
Address threadLocalAddress(Memory &memory, const Memory &initial, ProgramThread &thread,
                           Address global);
/// The thread's errno (made on first use); 0 if it could not be allocated.
Address errnoAddress(Memory &memory, ProgramThread &thread);
void setErrno(Memory &memory, ProgramThread &thread, int value);
/// Frees the thread's copies of thread-local variables and its errno as it terminates.
void releaseThreadObjects(Memory &memory, ProgramThread &thread);

} // namespace bpor::runtime
