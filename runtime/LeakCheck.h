// SV-COMP's valid-memtrack (ExecutionOptions::detectLeaks): heap memory must stay pointed to
// until it is freed. Pointers are found by scanning: each pointer-sized, pointer-aligned word of
// a reached object (and each register of a live frame) that locates a live heap object reaches
// it. Memory that nothing reaches any more (globals, stacks, registers) was lost at some point:
// a violation, whenever the program ends (abort() included, which unwinds nothing).
//
// At a normal end (main returns, exit(), the last thread ends) the roots are the global
// variables. An object only a stack or register still reaches then (exit() called with the
// pointer in a local, main returning while other threads run) is undecided: whether memory a
// dying stack points to is "tracked" is a convention the property does not settle, so the
// execution is failed as Unsupported and the answer is unknown rather than a guess.
//
// The check reads memory and the threads and reports what it finds; the Execution fails the
// execution with the finding (with ExecutionOptions::detectLeaks, while the execution runs).
#pragma once

#include "core/Outcome.h"
#include "interp/Program.h"
#include "memory/Memory.h"
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
  /// MemoryError (valid-memtrack is violated), or Unsupported where it is not decided.
  ErrorKind kind = ErrorKind::MemoryError;
  std::string message;
};

/// Scans for heap memory lost as the process ends; the threads [0, numThreads) are this run's.
/// Normal end: memory the globals do not reach is lost, unless a stack or register still
/// reaches it (undecided). Abnormal end: memory nothing reaches (no global, stack or register)
/// is lost; memory only registers no longer read reach is undecided.
std::optional<LeakFinding> findLeak(ProcessEnd end, const Memory &memory, const Program &program,
                                    const ThreadTable &threads, ThreadId numThreads);

} // namespace bpor::runtime
