// What the families of modelled functions (runtime/handlers/) share of a run: the state every
// handler reads or changes, and the few services they all call. The Execution owns that state
// and gives each family this context by reference; a family keeps any other state it needs
// (its own tables, or the objects only it changes) itself.
//
// Rules for a handler:
// - It reads the program and the options, and reads and changes memory, the threads' state
//   (the calling thread's request, pending operation and stage; another thread's only where
//   its semantics says so, a barrier's passes), the symbolic state and the coverage counts.
// - It ends the execution only through fail() or memoryError() (an error) or finish() (the
//   process ended normally); it never runs a thread: creating, running and ending threads is
//   the Execution's.
// - A visible operation is made with setPending(), and its step performed later by the same
//   family's perform().
#pragma once

#include "core/Model.h"
#include "interp/Interpreter.h"
#include "interp/Program.h"
#include "runtime/CoverageCounter.h"
#include "runtime/ExecutionOptions.h"
#include "runtime/LeakCheck.h"
#include "runtime/LocationTable.h"
#include "runtime/ProgramThread.h"
#include "runtime/ThreadTable.h"
#include "runtime/symbolic/SymbolicData.h"

#include <cstdint>
#include <string>

namespace bpor {

/// The memory-safety property a fault violates.
MemoryViolation memoryViolationOf(MemoryFault fault);

namespace runtime {

/// How performing a visible operation ended.
enum class Performed : uint8_t {
  Complete, // the call completes with `result`
  Waiting,  // first half of a two-part operation (cond wait, barrier): the call stays paused
  Retry,    // exit(): a handler frame was pushed; the call runs again once it returns
  Stopped,  // the execution ended (error, exit, infeasible) or the thread terminated
};

class HandlerContext {
public:
  HandlerContext(const Program &program, const ExecutionOptions &options, Memory &memory,
                 ThreadTable &threads, const ThreadId &numThreads, LocationTable &locations,
                 CoverageCounter &coverage, SymbolicData &symbolic, ExecStatus &status,
                 ErrorInfo &error)
      : program(program), options(options), memory(memory), threads(threads),
        locations(locations), coverage(coverage), symbolic(symbolic), numThreads_(numThreads),
        status_(status), error_(error) {}
  HandlerContext(const HandlerContext &) = delete;
  HandlerContext &operator=(const HandlerContext &) = delete;

  /// The interpreter, which the Execution makes after this context (it is the interpreter's
  /// external handler).
  void setInterpreter(Interpreter &interp) { interp_ = &interp; }

  const Program &program;
  const ExecutionOptions &options;
  Memory &memory;
  ThreadTable &threads; // [0, numThreads()) are live this run
  LocationTable &locations;
  CoverageCounter &coverage;
  SymbolicData &symbolic; // ExecutionOptions::symbolicNondet
  Interpreter &interp() const { return *interp_; }
  ThreadId numThreads() const { return numThreads_; }
  ExecStatus status() const { return status_; }
  ErrorInfo &error() { return error_; }

  /// The execution ends with an error (the first one stays).
  void fail(ErrorKind kind, const ProgramThread &thread, uint32_t location, std::string message);
  /// A memory error at the thread's pending operation: `what` (an access) faulted.
  void memoryError(const ProgramThread &thread, MemoryFault fault, Address address,
                   uint64_t size, const char *what);
  /// A call no row answers: the execution stops as Unsupported, naming the function.
  CallOutcome unsupportedCall(const ProgramThread &thread, const ExternalCall &call);
  /// The process ended normally (exit, or main and every thread returned), unless the leak
  /// check fails it.
  void finish(const ProgramThread &thread) {
    if (!failedForLeaks(thread, ProcessEnd::Normal, thread.pending.location))
      status_ = ExecStatus::Finished;
  }
  /// The process ends: with ExecutionOptions::leaks, while the execution runs, fails it if the
  /// heap breaks the rule, or as Unsupported if that is undecided (runtime/LeakCheck.h).
  /// True if it failed (at `location`: the exit, or the abort() or assert() that ends it);
  /// otherwise a normal end may end the execution as Finished.
  bool failedForLeaks(const ProgramThread &thread, ProcessEnd end, uint32_t location);

  /// A location id for the instruction the thread stands at (interned "file:line"), or for
  /// code without a source line (a support library), its innermost caller's that has one.
  uint32_t currentLocation(const ProgramThread &thread) const;
  /// The thread's pending operation becomes a fresh one of `kind` at `location` (0: the
  /// thread's current location).
  void setPending(ProgramThread &thread, OpKind kind, uint32_t location) {
    Operation &op = thread.pending;
    op = Operation{};
    op.thread = thread.state.threadId;
    op.kind = kind;
    op.location = location != 0 ? location : currentLocation(thread);
  }
  /// The thread's pending operation becomes the process's exit (global: it ends every thread).
  void setExitPending(ProgramThread &thread, uint32_t location);
  /// A load of bytes never written: a coverage gap (CoverageGaps::undefinedReads).
  void noteUndefinedRead(const ProgramThread &thread, Address address, uint64_t size);

private:
  const ThreadId &numThreads_;
  ExecStatus &status_;
  ErrorInfo &error_;
  Interpreter *interp_ = nullptr;
};

} // namespace runtime
} // namespace bpor
