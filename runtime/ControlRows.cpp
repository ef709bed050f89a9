// The rows the Execution prepares itself (Preparation::Own): threads (join, detach, exit and
// its cleanup handlers), the program's failures (assert, reach_error, abort) and SV-COMP's
// assume, nondet and atomic blocks, and the spin-loop markers. They stay with the Execution
// because they drive what only it holds: a thread's end, the symbolic decisions and the atomic
// block's owner (runtime/Symbolic.cpp), the thread handles it numbers.
#include "runtime/Execution.h"

#include "core/NondetKind.h"

#include <fmt/format.h>

namespace bpor {

using runtime::Ext;
using runtime::Stage;

// A failed assumption outside an atomic block stops its thread for good and lets the others go
// on (Model.h, stoppedByFailedAssume). Inside an atomic block it ends the execution: no other
// thread may see the block's effects without the whole block having run, so there is nothing
// left to explore after it.
CallOutcome Execution::stopAtFailedAssume(ProgramThread &thread) {
  if (thread.atomicDepth > 0) {
    status_ = ExecStatus::Infeasible;
    return CallOutcome::Stop;
  }
  context_.setPending(thread, OpKind::FailedAssume, 0);
  thread.stage = Stage::FailedAssume;
  return CallOutcome::Pause;
}

CallOutcome Execution::prepareControl(ProgramThread &thread, const ExternalCall &call,
                                      Slot *result) {
  Ext id = thread.request.id;
  Slot *a = thread.request.args;
  const runtime::ExternalOp &row = runtime::externalOp(id);
  // Answered at once, or a footprint that depends on the state.
  Operation &op = thread.pending;
  auto loc32 = [](Slot s) { return uint32_t(s); };

  switch (id) {
  // ---- Scheduling, errors, exit ----
  case Ext::SpinStart:
  case Ext::SpinEnd: {
    auto it = std::find_if(thread.spinStarts.begin(), thread.spinStarts.end(),
                           [&](const auto &start) { return start.first == uint32_t(a[0]); });
    if (id == Ext::SpinStart && it == thread.spinStarts.end())
      thread.spinStarts.push_back({uint32_t(a[0]), thread.steps});
    else if (id == Ext::SpinStart)
      it->second = thread.steps;
    else
      thread.spinIteration = it == thread.spinStarts.end() ? 0 : thread.steps - it->second;
    return CallOutcome::Return;
  }
  case Ext::UpdateLoopYield:
    if (!options_.weakMemorySteps)
      return CallOutcome::Return;
    context_.setPending(thread, OpKind::Yield, loc32(a[0]));
    op.spinLoop = true;
    op.value = thread.spinIteration;
    return CallOutcome::Pause;
  case Ext::AssertFail: {
    std::string assertion, file, function;
    memory_.readString(a[0], assertion);
    memory_.readString(a[1], file);
    memory_.readString(a[3], function);
    uint32_t location = locations_.intern(SourceLocation{file, uint32_t(a[2]), 0});
    if (context_.failedForLeaks(thread, runtime::ProcessEnd::Abnormal, location))
      return CallOutcome::Stop;
    context_.fail(ErrorKind::AssertionFailure, thread, location,
                  function.empty() ? fmt::format("assertion '{}' failed", assertion)
                  : fmt::format("assertion '{}' failed in {}", assertion, function));
    return CallOutcome::Stop;
  }
  case Ext::ReachError:
    context_.fail(ErrorKind::AssertionFailure, thread, context_.currentLocation(thread),
                  "reach_error() was called");
    error_.reachError = true;
    return CallOutcome::Stop;
  case Ext::Abort:
    if (options_.abortStopsThread && thread.atomicDepth == 0)
      return stopAtFailedAssume(thread);
    if (context_.failedForLeaks(thread, runtime::ProcessEnd::Abnormal,
                                context_.currentLocation(thread)))
      return CallOutcome::Stop;
    context_.fail(ErrorKind::AssertionFailure, thread, context_.currentLocation(thread),
                  "abort() was called");
    return CallOutcome::Stop;
  // ---- SV-COMP ----
  case Ext::Assume:
    if (call.argShadow(0) != ConcreteValue &&
        symbolic_.assumeDecision(call, thread.state.decision)) {
      setDecisionPending(thread); // the step adds the condition to the path condition
      return CallOutcome::Pause;
    }
    if (uint32_t(a[0]) != 0)
      return CallOutcome::Return;
    return stopAtFailedAssume(thread);
  case Ext::Nondet:
    if (symbolic_.on()) { // a fresh symbol
      symbolic_.nondet(thread, call, context_.currentLocation(thread), result);
      return CallOutcome::Return;
    }
    context_.setPending(thread, row.kind, loc32(a[2]));
    op.detail = nondetDetail(NondetKind(a[1]), uint32_t(a[0])); // for the trace
    if (uint32_t classes = uint32_t(a[4]); classes != 0) {
      // __bpor_nondet_among: every value the program can tell apart, so no gap.
      op.numChoices = classes;
      return CallOutcome::Pause;
    }
    op.numChoices = nondetChoices(uint32_t(a[0]));
    if (a[0] >= 64 || op.numChoices < (uint64_t(1) << a[0]))
      coverage_.countPartialNondetDraw();
    return CallOutcome::Pause;
  case Ext::AtomicBegin:
    if (thread.atomicDepth > 0) {
      ++thread.atomicDepth;
      return CallOutcome::Return;
    }
    context_.setPending(thread, row.kind, loc32(a[0]));
    thread.namedBlock = runtime::NamedBlock::No;
    op.global = !runtime::AtomicBlockFootprint::readNamed(memory_, call, op);
    if (!op.global)
      pendNamedBlock(thread);
    return CallOutcome::Pause;
  case Ext::AtomicEnd:
    if (thread.atomicDepth > 0)
      --thread.atomicDepth;
    return CallOutcome::Return;

  // ---- Threads ----
  case Ext::ThreadJoin: {
    context_.setPending(thread, row.kind, 0);
    if (a[0] != 0 && a[0] <= numThreads_) {
      op.otherThread = ThreadId(a[0] - 1);
      op.addAccess(threadHandleAddress(op.otherThread), 1, true);
    }
    if (a[1] != 0)
      op.addAccess(a[1], program_.pointerBytes(), true);
    return CallOutcome::Pause;
  }
  case Ext::ThreadExit:
    if (sync_.runsOnceRoutine(thread.state.threadId)) {
      // POSIX makes the control not done again, for the next caller to run the routine.
      context_.fail(ErrorKind::Unsupported, thread, context_.currentLocation(thread),
                    "pthread_exit inside a pthread_once init routine");
      return CallOutcome::Stop;
    }
    if (interp_->unwindRunsCode(thread.state)) {
      context_.fail(ErrorKind::Unsupported, thread, context_.currentLocation(thread),
                    "pthread_exit in C++ from inside a scope with destructors, "
                    "pthread_cleanup_push handlers or catch (...) to run: glibc unwinds them, "
                    "which is not modelled (return from the thread's function instead)");
      return CallOutcome::Stop;
    }
    thread.exitValue = a[0];
    // The innermost pthread_cleanup_push handler runs first: its __sigsetjmp returns 1.
    if (!thread.cleanupBuffers.empty())
      return cxx_.longjmpTo(thread, thread.cleanupBuffers.back(), 1,
                            "pthread_cleanup_push's buffer");
    thread.exiting = true;
    return CallOutcome::Stop;
  case Ext::CleanupPush: // (buffer)
    thread.cleanupBuffers.push_back(a[0]);
    return CallOutcome::Return;
  case Ext::CleanupPop:    // (buffer)
  case Ext::CleanupUnwind: { // (buffer): its handler has run, during pthread_exit
    // Down to and including the buffer (one a jump out of its block left behind goes too).
    auto &buffers = thread.cleanupBuffers;
    auto it = std::find(buffers.begin(), buffers.end(), a[0]);
    if (it != buffers.end())
      buffers.erase(it, buffers.end());
    if (id == Ext::CleanupPop)
      return CallOutcome::Return;
    if (!buffers.empty())
      return cxx_.longjmpTo(thread, buffers.back(), 1, "pthread_cleanup_push's buffer");
    thread.exiting = true; // the exit value pthread_exit gave
    return CallOutcome::Stop;
  }
  case Ext::ThreadSelf:
    result[0] = threadHandle(thread.state.threadId);
    return CallOutcome::Return;
  case Ext::ThreadEqual:
    result[0] = a[0] == a[1];
    return CallOutcome::Return;
  case Ext::ThreadDetach:
    context_.setPending(thread, row.kind, 0);
    if (a[0] != 0 && a[0] <= numThreads_)
      op.addAccess(threadHandleAddress(ThreadId(a[0] - 1)), 1, true);
    return CallOutcome::Pause;

  case Ext::Cancel:
    context_.fail(ErrorKind::Unsupported, thread, context_.currentLocation(thread),
                  "pthread_cancel is not supported (cancellation points are not modelled)");
    return CallOutcome::Stop;

  case Ext::OnceUnlowered:
    context_.fail(ErrorKind::Unsupported, thread, context_.currentLocation(thread),
                  "pthread_once called through a function pointer (only direct calls are "
                  "modelled)");
    return CallOutcome::Stop;
  default: // a row prepared from the table (prepareFromRow) never comes here
    break;
  }
  return context_.unsupportedCall(thread, call);
}

} // namespace bpor
