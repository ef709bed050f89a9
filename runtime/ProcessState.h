// The process-wide part of a run's state that libc keeps (runtime/Process.cpp): the exit
// handlers, the phase of exit() or quick_exit(), and the clock. A value: a checkpoint copies it.
#pragma once

#include "core/CopyVector.h"
#include "core/Model.h"
#include "runtime/ProgramThread.h"
#include "runtime/PseudoAddresses.h"

#include <cstdint>

namespace bpor::runtime {

enum class ExitPhase : uint8_t { None, Exit, QuickExit };

struct ProcessState {
  CopyVector<ExitHandler> atexit;      // atexit, __cxa_atexit: registration order
  CopyVector<ExitHandler> atQuickExit; // at_quick_exit
  uint32_t destructorsRun = 0;         // of the program's global destructors
  ExitPhase phase = ExitPhase::None;   // set once exit()/quick_exit() has begun
  ThreadId exitingThread = NoThread;   // the thread running the handlers
  uint64_t clockNanos = ClockStartNanos; // the clock, in nanoseconds since the epoch
};

} // namespace bpor::runtime
