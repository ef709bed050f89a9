// How a step or an execution ends: its status and the errors the runtime and the explorers
// report (docs/design.md, "Folders": the core types every layer shares).
#pragma once

#include "core/Operation.h"

#include <cstdint>
#include <string>

namespace bpor {

/// Where an execution stands after a step.
enum class ExecStatus : uint8_t {
  Running,    // at least one thread has not terminated (the checker detects deadlock: none enabled)
  Finished,   // the program exited (main returned, exit() was called, or every thread ended)
  Infeasible, // __VERIFIER_assume(false) or an equivalent: the path is pruned, not an error
  Error,      // an assertion failure, memory error or misuse of the threads API
};

/// Whether the execution was cut because the data choice `event` took an outcome no input
/// satisfies (a symbolic branch's infeasible side). Such a cut is not an event that ends the
/// execution: the decision's other outcomes, one of which is feasible, are explored from the
/// same state, and no other thread's step can make this outcome feasible (path conditions only
/// grow). So the cut disables nothing and hides nothing, and its execution needs no race
/// analysis at its end (docs/design.md, "Symbolic data"). A failed assumption, with no other
/// outcome, is different.
inline bool isInfeasibleOutcome(const Operation &event, ExecStatus status) {
  return status == ExecStatus::Infeasible && event.kind == OpKind::Decision && event.numChoices > 1;
}

enum class ErrorKind : uint8_t {
  None,
  AssertionFailure, // assert(), reach_error(), abort()
  Deadlock,         // found by the checker: threads remain but none is enabled
  Livelock,         // found by the stateful search: a fair cycle, an execution that never ends
  DataRace,         // two conflicting accesses unordered by synchronisation (when detected)
  Overflow,         // signed integer overflow (when the program was compiled to check it)
  DepthLimit,       // an execution exceeded the maximum depth (inconclusive: exit code 3)
  MemoryError,      // null/invalid pointer, out of bounds, use after free, double/invalid free
  ThreadsApiMisuse, // unlocking a mutex not held, joining twice, ...
  Unsupported,      // an unsupported construct was reached (exit code 3)
  ResourceLimit,    // stack depth, memory, or another internal limit (exit code 3)
};

const char *errorKindName(ErrorKind kind);

/// Which of SV-COMP's memory-safety properties a MemoryError violates.
enum class MemoryViolation : uint8_t {
  None,
  Deref, // valid-deref: null, invalid, out-of-bounds or freed memory accessed
  Free,  // valid-free: a double or invalid free
  Track,   // valid-memtrack: heap memory no longer pointed to (found at program exit)
  Cleanup, // valid-memcleanup: heap memory still allocated when the program ends
};

struct ErrorInfo {
  ErrorKind kind = ErrorKind::None;
  ThreadId thread = NoThread;
  uint32_t location = 0;
  std::string message;
  /// A call of reach_error() or __VERIFIER_error() (kind AssertionFailure): the violation of
  /// SV-COMP's unreach-call property, which abort() and failed assert()s are not.
  bool reachError = false;
  /// For a MemoryError: the memory-safety property it violates.
  MemoryViolation memory = MemoryViolation::None;
};

} // namespace bpor
