// The process-wide part of a run's state that libc keeps (handlers/ProcessHandler.cpp): the exit
// handlers, the phase of exit() or quick_exit(), the exit status, the clock and rand()'s state.
// A value: a checkpoint copies it, and a restart starts from a fresh one.
//
// The order of the exit handlers: exit() (and main's return) runs, in the exiting thread, its
// thread_local destructors, then the atexit handlers last-registered first, then the global
// destructors; quick_exit() runs only the at_quick_exit handlers, last-registered first.
#pragma once

#include "core/CopyVector.h"
#include "core/Model.h"
#include "interp/Interpreter.h"
#include "runtime/ProcessClock.h"
#include "runtime/ProgramThread.h"

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
  int exitCode = 0;                    // passed to exit() or returned by main
  ProcessClock clock;
  uint64_t randState = 1; // rand()'s, restarted with every execution

  /// Whether `thread` is the one running the exit handlers.
  bool runsExitHandlers(ThreadId thread) const {
    return phase != ExitPhase::None && exitingThread == thread;
  }
  /// exit() (main's return too) or quick_exit(), as `phase`, in `thread`: if no exit has begun
  /// and the thread has a handler to run, the phase begins, run by `thread`. True if it began.
  bool beginExit(const ProgramThread &thread, ExitPhase phase,
                 std::span<const Address> destructors) {
    if (phase == ExitPhase::None || this->phase != ExitPhase::None ||
        !hasExitHandlers(thread, phase, destructors))
      return false;
    this->phase = phase;
    exitingThread = thread.state.threadId;
    return true;
  }

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
  /// Pushes a frame in `interp` for the next handler the exiting `thread` must run (above).
  /// False when none is left.
  bool invokeNextExitHandler(Interpreter &interp, ProgramThread &thread,
                             std::span<const Address> destructors) {
    std::optional<ExitHandler> next = takeNextExitHandler(thread, destructors);
    if (!next)
      return false;
    interp.invoke(thread.state, next->function,
                  next->withArgument ? std::span<const Slot>(&next->argument, 1)
                                     : std::span<const Slot>());
    return true;
  }

  /// rand(): the C standard's sample generator, deterministic.
  uint32_t rand() {
    randState = randState * 1103515245 + 12345;
    return uint32_t((randState / 65536) % 32768);
  }
  void srand(uint32_t seed) { randState = seed; }
};

/// Runs the global `constructors` before main: frames above main's first instruction, the
/// first to run pushed last.
inline void invokeConstructors(Interpreter &interp, ProgramThread &main,
                               std::span<const Address> constructors) {
  for (auto it = constructors.rbegin(); it != constructors.rend(); ++it)
    interp.invoke(main.state, *it, {});
}

} // namespace bpor::runtime
