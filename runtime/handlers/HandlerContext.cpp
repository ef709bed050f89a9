// The services every family of modelled functions shares: errors, locations, pending operations.
#include "runtime/handlers/HandlerContext.h"

#include <fmt/format.h>

namespace bpor {

MemoryViolation memoryViolationOf(MemoryFault fault) {
  switch (fault) {
  case MemoryFault::None:
    return MemoryViolation::None;
  case MemoryFault::DoubleFree:
  case MemoryFault::InvalidFree:
    return MemoryViolation::Free;
  case MemoryFault::NullPointer:
  case MemoryFault::InvalidPointer:
  case MemoryFault::OutOfBounds:
  case MemoryFault::UseAfterFree:
  case MemoryFault::WriteToReadOnly:
    return MemoryViolation::Deref;
  }
  return MemoryViolation::Deref;
}

namespace runtime {

void HandlerContext::fail(ErrorKind kind, const ProgramThread &thread, uint32_t location,
                          std::string message) {
  if (status_ == ExecStatus::Error)
    return;
  status_ = ExecStatus::Error;
  error_.kind = kind;
  error_.thread = thread.state.threadId;
  error_.location = location;
  error_.message = std::move(message);
  // A bad access unless the caller says otherwise (memoryError: a bad free; the leak check).
  error_.memory = kind == ErrorKind::MemoryError ? MemoryViolation::Deref : MemoryViolation::None;
}

void HandlerContext::memoryError(const ProgramThread &thread, MemoryFault fault, Address address,
                                 uint64_t size, const char *what) {
  fail(ErrorKind::MemoryError, thread, thread.pending.location,
       fmt::format("{}: {} of {} bytes at {}", memoryFaultName(fault), what, size,
                   memory.describe(address)));
  if (error_.kind == ErrorKind::MemoryError)
    error_.memory = memoryViolationOf(fault);
}

CallOutcome HandlerContext::unsupportedCall(const ProgramThread &thread,
                                            const ExternalCall &call) {
  fail(ErrorKind::Unsupported, thread, currentLocation(thread),
       fmt::format("call to the unsupported external function '{}'", call.name));
  return CallOutcome::Stop;
}

bool HandlerContext::failedForLeaks(const ProgramThread &thread, ProcessEnd end,
                                    uint32_t location) {
  if (options.leaks == LeakRule::Off || status_ != ExecStatus::Running)
    return false;
  std::optional<LeakFinding> finding =
      findLeak(options.leaks, end, memory, program, threads, numThreads_);
  if (!finding)
    return false;
  fail(finding->kind, thread, location, std::move(finding->message));
  if (finding->kind == ErrorKind::MemoryError)
    error_.memory = finding->violation;
  return true;
}

uint32_t HandlerContext::currentLocation(const ProgramThread &thread) const {
  // Code without a source line (the support libraries, code the compiler made up) is shown at
  // its innermost caller that has one: a step inside thrd_create, sscanf or std::thread's
  // constructor is shown at the program's call. Whether the code is the program's own is
  // LocationTable::own's to say.
  return locations.ofDebugIndex(interp_->currentDebugIndex(thread.state));
}

void HandlerContext::setExitPending(ProgramThread &thread, uint32_t location) {
  Operation &op = thread.pending;
  op = Operation{};
  op.thread = thread.state.threadId;
  op.kind = OpKind::Exit;
  op.global = true;
  op.location = location;
}

// A load of bytes never written (malloc's, an escaped local's) reads 0 where the program may see
// any value: a coverage gap (CoverageGaps::undefinedReads), not an error (C lets a program copy
// such bytes, and a bug needs the value to matter). Every such load in the program's own code
// counts (CoverageCounter.h); the first one's place is kept. Symbolic models draw such bytes as
// fresh symbols first (drawUnwrittenBytes), so their loads cover every value and count nothing
// here.
void HandlerContext::noteUndefinedRead(const ProgramThread &thread, Address address,
                                       uint64_t size) {
  if (memory.anyUndefined(address, size))
    coverage.countUndefinedRead(locations, thread.state, thread.pending.location);
}

} // namespace runtime
} // namespace bpor
