// The libc family: the string and memory functions (Preparation::StringFunction, performed by
// Performer::Libc), the printf family (Preparation::FormattedOutput), puts, putchar, fputs,
// fputc and fflush (Preparation::Output), and the functions answered at once
// (Preparation::Libc: abs, getenv, BSD's __assert).
//
// Rules: a function of memory runs at once when every byte it reaches is private to the calling
// thread (its own stack, constant data); otherwise it is a visible MemoryCopy operation whose
// footprint depends only on its pointer arguments and the objects they point into. The output
// functions are answered at the call, visible first when they touch memory other threads may
// reach (Performer::AtCall); what they print goes to the execution's ProgramOutput.
#pragma once

#include "runtime/ProgramOutput.h"
#include "runtime/handlers/HandlerContext.h"

#include <span>

namespace bpor::runtime {

class LibcHandler {
public:
  LibcHandler(HandlerContext &context, ProgramOutput &output)
      : context_(context), output_(output) {}

  /// The call arrives: answered at once, or made the pending operation.
  CallOutcome prepare(ProgramThread &thread, const ExternalCall &call, Slot *result);
  /// The granted step of a string or memory function (also its immediate run).
  Performed perform(ProgramThread &thread, Slot &result);

private:
  /// A function whose footprint is the bytes it reaches (LibcFootprint.cpp).
  CallOutcome prepareStringFunction(ProgramThread &thread, const ExternalCall &call,
                                    Slot *result);
  /// printf, sprintf and their variants (LibcOutput.cpp).
  CallOutcome prepareFormattedOutput(ProgramThread &thread, const ExternalCall &call,
                                     Slot *result);
  /// puts, fputs, putchar, fputc, fflush (LibcOutput.cpp).
  CallOutcome prepareOutput(ProgramThread &thread, const ExternalCall &call, Slot *result);
  /// Fills `op`'s footprint; returns true if it touches only memory private to the thread
  /// (its own stack, read-only globals), so it need not be visible.
  bool footprint(ProgramThread &thread, Operation &op) const;
  /// Whether every range lies in memory only `self` can reach (its stack, constant data).
  bool isPrivateFootprint(ThreadId self, std::span<const Access> ranges) const;
  /// Bytes from `address` to the end of its object (at least 1, so a footprint is never empty).
  uint64_t restOf(Address address) const;
  /// Performer::AtCall: true if the call must pause as a visible operation touching `ranges`
  /// (some may be shared, and its step was not just granted); false if it goes on at once.
  bool pauseWithFootprint(ProgramThread &thread, std::span<const Access> ranges);

  HandlerContext &context_;
  ProgramOutput &output_;
};

} // namespace bpor::runtime
