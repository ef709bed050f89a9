// The heap family (Preparation::Heap, Performer::Heap): malloc, calloc, realloc, free,
// aligned_alloc and the end of a frame's stack objects. Allocation is answered at once; free,
// realloc of an object and the end of a frame whose objects other threads may reach are
// visible operations that write the objects they end.
#pragma once

#include "runtime/handlers/HandlerContext.h"

namespace bpor::runtime {

class HeapHandler {
public:
  explicit HeapHandler(HandlerContext &context) : context_(context) {}

  /// The call arrives: an allocation is answered, a free or a frame's end may become pending.
  CallOutcome prepare(ProgramThread &thread, const ExternalCall &call, Slot *result);
  /// The granted step of a free or a realloc.
  Performed perform(ProgramThread &thread, Slot &result);

private:
  /// SV-COMP mode: an allocation that may fail under its rules succeeded (a coverage gap).
  void countAllocationThatMayFail();

  HandlerContext &context_;
};

} // namespace bpor::runtime
