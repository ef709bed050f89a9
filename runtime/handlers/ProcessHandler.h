// The process family (Preparation::Process, Performer::Process): what libc keeps for the
// process and for each thread. Exit, quick_exit and _Exit and their handlers (atexit,
// __cxa_atexit, at_quick_exit, C++ thread_local destructors), thread-local variables, errno,
// pthread_getspecific/setspecific values, getpid, the clock and sleeping. The rules are
// ProcessHandler.cpp's.
#pragma once

#include "runtime/ProcessState.h"
#include "runtime/handlers/HandlerContext.h"

namespace bpor::runtime {

class ProcessHandler {
public:
  ProcessHandler(HandlerContext &context, ProcessState &process)
      : context_(context), process_(process) {}

  /// The call arrives: answered at once, or made the pending operation (an exit).
  CallOutcome prepare(ProgramThread &thread, const ExternalCall &call, Slot *result);
  /// The granted step: an exit, an exit handler's registration, a read of the clock, a sleep.
  Performed perform(ProgramThread &thread, Slot &result, Operation &event);
  /// A timed wait timed out: the clock reaches the deadline at `abstime`. False (a memory
  /// error, the thread stopped) if the timespec cannot be read.
  bool passDeadline(ProgramThread &thread, Address abstime);

private:
  HandlerContext &context_;
  ProcessState &process_;
};

} // namespace bpor::runtime
