// The C++ runtime's family (CxxHandler.h).
#include "runtime/handlers/CxxHandler.h"

namespace bpor::runtime {

CallOutcome CxxHandler::prepare(ProgramThread &thread, const ExternalCall &call, Slot *result) {
  const Slot *a = thread.request.args;
  switch (thread.request.id) {
  case Ext::CxxThrow: // (object, type info)
    context_.interp().setThrown(thread.state, a[0], a[1]);
    return CallOutcome::Throw;
  case Ext::Setjmp: { // (jmp_buf, ...): the buffer keeps the interpreter's token
    uint64_t token = context_.interp().saveJumpTarget(thread.state);
    if (MemoryFault f = context_.memory.write(a[0], 8, token); f != MemoryFault::None) {
      context_.memoryError(thread, f, a[0], 8, "setjmp's jmp_buf");
      return CallOutcome::Stop;
    }
    result[0] = 0;
    return CallOutcome::Return;
  }
  case Ext::Longjmp: // (jmp_buf, value)
    return longjmpTo(thread, a[0], uint32_t(a[1]) == 0 ? 1 : uint32_t(a[1]), "longjmp's jmp_buf");
  case Ext::CxxTerminate:
    context_.fail(ErrorKind::AssertionFailure, thread, context_.currentLocation(thread),
                  "std::terminate() was called");
    return CallOutcome::Stop;
  case Ext::CxxUnsupported: { // (what)
    std::string what;
    context_.memory.readString(a[0], what);
    context_.fail(ErrorKind::Unsupported, thread, context_.currentLocation(thread), what);
    return CallOutcome::Stop;
  }
  default:
    break;
  }
  return context_.unsupportedCall(thread, call);
}

CallOutcome CxxHandler::longjmpTo(ProgramThread &thread, Address buffer, Slot value,
                                  const char *what) {
  uint64_t token = 0;
  if (MemoryFault f = context_.memory.read(buffer, 8, token); f != MemoryFault::None) {
    context_.memoryError(thread, f, buffer, 8, what);
    return CallOutcome::Stop;
  }
  if (!context_.interp().jumpTo(thread.state, token, value)) {
    context_.fail(ErrorKind::AssertionFailure, thread, context_.currentLocation(thread),
                  "undefined behaviour: longjmp to a jmp_buf this thread did not set, or whose "
                  "function has returned");
    return CallOutcome::Stop;
  }
  return CallOutcome::Jumped;
}

} // namespace bpor::runtime
