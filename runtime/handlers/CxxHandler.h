// The C++ runtime's family (Preparation::Cxx): a throw, std::terminate, a part of the library
// the support library refuses (runtime/cxx/), and the non-local jumps of setjmp and longjmp.
// All are answered at the call: they move the calling thread within its own frames (the
// interpreter unwinds to a handler or to a setjmp), so no other thread can tell when they ran.
#pragma once

#include "runtime/handlers/HandlerContext.h"

namespace bpor::runtime {

class CxxHandler {
public:
  explicit CxxHandler(HandlerContext &context) : context_(context) {}

  /// The call arrives and is answered.
  CallOutcome prepare(ProgramThread &thread, const ExternalCall &call, Slot *result);
  /// longjmp to the setjmp whose token the buffer at `buffer` keeps, which then returns
  /// `value` (longjmp itself, and pthread_exit running a pthread_cleanup_push handler).
  CallOutcome longjmpTo(ProgramThread &thread, Address buffer, Slot value, const char *what);

private:
  HandlerContext &context_;
};

} // namespace bpor::runtime
