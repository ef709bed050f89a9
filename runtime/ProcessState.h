// The process-wide part of a run's state that libc keeps (runtime/Process.cpp): the exit
// handlers, the phase of exit() or quick_exit(), and the clock. A value: a checkpoint copies it.
//
// The order of the exit handlers: exit() (and main's return) runs, in the exiting thread, its
// thread_local destructors, then the atexit handlers last-registered first, then the global
// destructors; quick_exit() runs only the at_quick_exit handlers, last-registered first.
#pragma once

#include "core/CopyVector.h"
#include "core/Model.h"
#include "runtime/ProgramThread.h"
#include "runtime/PseudoAddresses.h"

#include <cstdint>
#include <optional>
#include <span>

namespace bpor::runtime {

enum class ExitPhase : uint8_t { None, Exit, QuickExit };

struct ProcessState {
  CopyVector<ExitHandler> atexit;      // atexit, __cxa_atexit: registration order
  CopyVector<ExitHandler> atQuickExit; // at_quick_exit
  uint32_t destructorsRun = 0;         // of the program's global destructors
  ExitPhase phase = ExitPhase::None;   // set once exit()/quick_exit() has begun
  ThreadId exitingThread = NoThread;   // the thread running the handlers
  uint64_t clockNanos = ClockStartNanos; // the clock, in nanoseconds since the epoch

  /// Whether `thread`, exiting in `phase`, has a handler to run; `destructors` are the
  /// program's global destructors.
  bool hasExitHandlers(const ProgramThread &thread, ExitPhase phase,
                       std::span<const Address> destructors) const {
    if (phase == ExitPhase::QuickExit)
      return !atQuickExit.empty();
    return !thread.threadExitHandlers.empty() || !atexit.empty() ||
           destructorsRun < destructors.size();
  }
  /// Takes the next handler the exiting `thread` must run in the current phase, or none.
  std::optional<ExitHandler> takeNextExitHandler(ProgramThread &thread,
                                                 std::span<const Address> destructors) {
    ExitHandler next;
    if (phase == ExitPhase::QuickExit) {
      if (atQuickExit.empty())
        return std::nullopt;
      next = atQuickExit.back();
      atQuickExit.pop_back();
    } else if (!thread.threadExitHandlers.empty()) {
      next = thread.threadExitHandlers.back();
      thread.threadExitHandlers.pop_back();
    } else if (!atexit.empty()) {
      next = atexit.back();
      atexit.pop_back();
    } else if (destructorsRun < destructors.size()) {
      next.function = destructors[destructorsRun++];
    } else {
      return std::nullopt;
    }
    return next;
  }
};

} // namespace bpor::runtime
