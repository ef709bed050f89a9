// SV-COMP's valid-memtrack and valid-memcleanup (ExecutionOptions::leaks).
//
// valid-memtrack (LeakRule::Track): heap memory must stay pointed to until it is freed.
// Pointers are found by scanning: each pointer-sized, pointer-aligned word of a reached object
// (and each register of a live frame) that locates a live heap object reaches it. Memory that nothing reaches any more (globals, stacks, registers) was lost at some point:
// a violation, whenever the program ends (abort() included, which unwinds nothing).
//
// At a normal end (main returns, exit(), the last thread ends) the roots are the global
// variables. An object only a stack or register still reaches then (exit() called with the
// pointer in a local, main returning while other threads run) is undecided: whether memory a
// dying stack points to is "tracked" is a convention the property does not settle, so the
// execution is failed as Unsupported and the answer is unknown rather than a guess.
//
// valid-memcleanup (LeakRule::Cleanup): every heap object must be freed when the program ends
// (all allocated memory is deallocated before the program terminates, valid-memtrack
// included). At a normal end any live heap object is the violation, whatever points to it. At
// abort() or a failed assert() an object nothing reaches (no global, stack or register) is a
// violation, as for valid-memtrack; one still pointed to is undecided. The benchmarks' authors
// have said both that memory still allocated at abort counts and that assume_abort_if_not is an
// assumption, whose failing path abort() ends: the rules do not settle which, so that case is
// Unsupported and the answer unknown rather than a guess.
//
// The check reads memory and the threads and reports what it finds; the Execution fails the
// execution with the finding (with ExecutionOptions::leaks, while the execution runs).
#pragma once

#include "core/Outcome.h"
#include "interp/Program.h"
#include "memory/Memory.h"
#include "runtime/ExecutionOptions.h"
#include "runtime/ThreadTable.h"

#include <cstdint>
#include <optional>
#include <string>

namespace bpor::runtime {

/// How the process ends: normally (main returns, exit(), the last thread ends), or by abort()
/// or a failed assert().
enum class ProcessEnd : uint8_t { Normal, Abnormal };

/// A leak the check found, or undecided: the Execution fails the execution with it.
struct LeakFinding {
  /// MemoryError (the rule is violated), or Unsupported where it is not decided.
  ErrorKind kind = ErrorKind::MemoryError;
  /// For a MemoryError: Track or Cleanup, as the rule checked.
  MemoryViolation violation = MemoryViolation::Track;
  std::string message;
};

/// Checks the heap under `rule` as the process ends; the threads [0, numThreads) are this run's.
/// Track, normal end: memory the globals do not reach is lost, unless a stack or register still
/// reaches it (undecided). Track, abnormal end: memory nothing reaches (no global, stack or
/// register) is lost; memory only registers no longer read reach is undecided. Cleanup, normal
/// end: a live heap object is the violation; abnormal end: a lost one is, one still reached is
/// undecided.
std::optional<LeakFinding> findLeak(LeakRule rule, ProcessEnd end, const Memory &memory,
                                    const Program &program, const ThreadTable &threads,
                                    ThreadId numThreads);

} // namespace bpor::runtime
