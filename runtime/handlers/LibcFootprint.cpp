// The libc family (LibcHandler.h): the footprint of the functions of the bytes they reach, and
// the calls answered at once.
#include "runtime/handlers/LibcHandler.h"

#include <algorithm>
#include <fmt/format.h>

namespace bpor::runtime {

CallOutcome LibcHandler::prepare(ProgramThread &thread, const ExternalCall &call, Slot *result) {
  switch (externalOp(thread.request.id).preparation) {
  case Preparation::StringFunction:
    return prepareStringFunction(thread, call, result);
  case Preparation::FormattedOutput:
    return prepareFormattedOutput(thread, call, result);
  case Preparation::Output:
    return prepareOutput(thread, call, result);
  default:
    break;
  }
  const Slot *a = thread.request.args;
  Memory &memory = context_.memory;
  switch (thread.request.id) {
  case Ext::Abs: {
    int32_t v = int32_t(a[0]);
    result[0] = uint32_t(v < 0 ? -v : v);
    return CallOutcome::Return;
  }
  case Ext::Labs: {
    int64_t v = int64_t(a[0]);
    result[0] = uint64_t(v < 0 ? -v : v);
    return CallOutcome::Return;
  }
  case Ext::Getenv:
    result[0] = 0; // no environment variable is set
    return CallOutcome::Return;
  case Ext::AssertBsd: {
    std::string assertion, file;
    memory.readString(a[0], assertion);
    memory.readString(a[1], file);
    context_.fail(ErrorKind::AssertionFailure, thread,
                  context_.locations.intern(SourceLocation{file, uint32_t(a[2]), 0}),
                  fmt::format("assertion '{}' failed", assertion));
    return CallOutcome::Stop;
  }
  default:
    break;
  }
  return context_.unsupportedCall(thread, call);
}

// A libc function of the bytes it reaches (LibcPerform.cpp): visible when they may be shared, else
// performed at once.
CallOutcome LibcHandler::prepareStringFunction(ProgramThread &thread, const ExternalCall &call,
                                               Slot *result) {
  Operation &op = thread.pending;
  context_.setPending(thread, externalOp(thread.request.id).kind, 0);
  if (!footprint(thread, op))
    return CallOutcome::Pause;
  Slot value = 0;
  if (perform(thread, value) == Performed::Stopped)
    return CallOutcome::Stop;
  if (call.resultType.numSlots != 0)
    result[0] = value;
  return CallOutcome::Return;
}

bool LibcHandler::footprint(ProgramThread &thread, Operation &op) const {
  const Slot *a = thread.request.args;
  ThreadId self = thread.state.threadId;
  auto rest = [&](Address p) { return restOf(p); };
  switch (thread.request.id) {
  case Ext::Memcpy:
  case Ext::Memmove:
    op.addAccess(a[1], a[2], false);
    op.addAccess(a[0], a[2], true);
    break;
  case Ext::Memset:
    op.addAccess(a[0], a[2], true);
    break;
  case Ext::Memcmp:
    op.addAccess(a[0], a[2], false);
    op.addAccess(a[1], a[2], false);
    break;
  case Ext::Strlen:
  case Ext::Strchr:
  case Ext::Strrchr:
  case Ext::Strdup:
  case Ext::Atoi:
  case Ext::Atol:
    op.addAccess(a[0], rest(a[0]), false);
    break;
  case Ext::Strtol:
  case Ext::Strtoul:
    op.addAccess(a[0], rest(a[0]), false);
    if (a[1] != 0)
      op.addAccess(a[1], 8, true);
    break;
  case Ext::Strnlen:
    op.addAccess(a[0], std::min(a[1], rest(a[0])), false);
    break;
  case Ext::Memchr:
    op.addAccess(a[0], a[2], false);
    break;
  case Ext::Strstr:
    op.addAccess(a[0], rest(a[0]), false);
    op.addAccess(a[1], rest(a[1]), false);
    break;
  case Ext::Strncat:
    op.addAccess(a[1], std::min(a[2], rest(a[1])), false);
    op.addAccess(a[0], rest(a[0]), true);
    break;
  case Ext::PosixMemalign:
    op.addAccess(a[0], 8, true);
    break;
  case Ext::Strcmp:
  case Ext::Strcasecmp:
  case Ext::Strspn:
  case Ext::Strcspn:
  case Ext::Strpbrk:
    op.addAccess(a[0], rest(a[0]), false);
    op.addAccess(a[1], rest(a[1]), false);
    break;
  case Ext::Atof:
    op.addAccess(a[0], rest(a[0]), false);
    break;
  case Ext::Strtod:
  case Ext::Strtof:
    op.addAccess(a[0], rest(a[0]), false);
    if (a[1] != 0)
      op.addAccess(a[1], context_.program.pointerBytes(), true);
    break;
  case Ext::RandR:
    op.addAccess(a[0], 4, true);
    break;
  case Ext::Strncmp:
  case Ext::Strncasecmp:
    op.addAccess(a[0], std::min(a[2], rest(a[0])), false);
    op.addAccess(a[1], std::min(a[2], rest(a[1])), false);
    break;
  case Ext::Strcpy:
  case Ext::Strcat:
    op.addAccess(a[1], rest(a[1]), false);
    op.addAccess(a[0], rest(a[0]), true);
    break;
  case Ext::Strncpy:
    op.addAccess(a[1], std::min(a[2], rest(a[1])), false);
    op.addAccess(a[0], a[2], true);
    break;
  default:
    break;
  }
  return isPrivateFootprint(self, std::span<const Access>(op.accesses, op.numAccesses));
}

// Private: the thread's own stack, or constant data nobody can write. An invalid pointer counts
// as private too: the call faults at once, whoever runs first. Whether an object is still alive
// is not consulted: another thread's free can change it, and this decision must depend only on
// the thread's own state.
bool LibcHandler::isPrivateFootprint(ThreadId self, std::span<const Access> ranges) const {
  for (const Access &access : ranges) {
    const MemoryObject *object = context_.memory.object(access.address);
    if (!object)
      continue;
    bool isPrivate = (object->kind == ObjectKind::Stack && object->ownerThread == self) ||
                     object->readOnly || object->kind == ObjectKind::Function;
    if (!isPrivate)
      return false;
  }
  return true;
}

uint64_t LibcHandler::restOf(Address address) const {
  uint64_t offset = 0;
  const MemoryObject *object = context_.memory.object(address, offset);
  if (!object || offset >= object->size)
    return 1;
  return object->size - offset;
}

bool LibcHandler::pauseWithFootprint(ProgramThread &thread, std::span<const Access> ranges) {
  if (std::exchange(thread.callGranted, false) ||
      isPrivateFootprint(thread.state.threadId, ranges))
    return false;
  context_.setPending(thread, OpKind::MemoryCopy, 0);
  Operation &op = thread.pending;
  if (ranges.size() > Operation::MaxAccesses)
    op.global = true; // more ranges than an operation holds: dependent with every access
  else
    for (const Access &access : ranges)
      op.addAccess(access.address, access.size, access.write);
  return true;
}

} // namespace bpor::runtime
