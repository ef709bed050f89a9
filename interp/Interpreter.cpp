#include "interp/Interpreter.h"

namespace bpor {

Interpreter::Interpreter(const Program &program, Memory &memory, ExternalHandler &handler,
                         InterpreterOptions options)
    : program_(program), memory_(&memory), handler_(handler), options_(options) {}

void Interpreter::start(ThreadState &thread, Address, std::span<const Slot>) {
  thread.frames.clear();
  thread.status = RunResult::Ready;
}

RunResult Interpreter::run(ThreadState &thread) {
  thread.status = RunResult::Fault;
  thread.fault.kind = ErrorKind::Unsupported;
  thread.fault.message = "interpreter not implemented yet";
  return thread.status;
}

void Interpreter::complete(ThreadState &, const Slot *, unsigned) {}

void Interpreter::invoke(ThreadState &, Address, std::span<const Slot>) {}

ExternalCall Interpreter::pendingCall(const ThreadState &) const { return {}; }

SourceLocation Interpreter::currentLocation(const ThreadState &) const { return {}; }

std::vector<BacktraceEntry> Interpreter::backtrace(const ThreadState &) const { return {}; }

} // namespace bpor
