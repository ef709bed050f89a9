// What one run of an instrumented program may do and what it checks (runtime/Execution.h):
// the options a search's models are made with.
#pragma once

#include <cstdint>
#include <vector>

namespace bpor {

/// What the process's end checks of the heap (SV-COMP's valid-memtrack and valid-memcleanup;
/// runtime/LeakCheck.h).
enum class LeakRule : uint8_t {
  Off,
  /// Every heap object is still pointed to or freed (valid-memtrack): an object nothing reaches
  /// is a MemoryError (MemoryViolation::Track).
  Track,
  /// Every heap object is freed (valid-memcleanup, which includes valid-memtrack): an object
  /// still allocated at the normal end is a MemoryError (MemoryViolation::Cleanup).
  Cleanup,
};

/// How data races are found (SV-COMP's no-data-race; docs/user-guide.md).
enum class RaceDetection : uint8_t {
  Off,
  /// Vector clocks over synchronisation (runtime/race/RaceDetector.h): C11's definition, relaxed
  /// and release/acquire atomics included. History, not state: the model has no state keys.
  HappensBefore,
  /// Two threads about to make conflicting accesses, not both atomic, at once: after each step,
  /// its accesses against every other thread's pending one. The same races as HappensBefore
  /// for sequentially consistent programs, and it needs no history, so states keep their keys
  /// (the stateful search). Atomic accesses weaker than seq_cst are refused (Unsupported).
  CoEnabled,
};

struct ExecutionOptions {
  /// The values a __VERIFIER_nondet_* call may return (a bool-sized one returns 0 or 1).
  std::vector<int64_t> nondetDomain = {-1, 0, 1};
  /// Empty: a float or double nondet call draws nondetDomain's integers as numbers. Else as many
  /// as nondetDomain: what such a call draws for each choice (a witness's fractions).
  std::vector<double> nondetFloatDomain;
  /// Write each execution's output (printf, puts, ...) to stdout once, when the execution ends
  /// (finishes, fails or deadlocks); it is always kept in output(). Executions the search cuts
  /// short, and prefixes it replays, print nothing: the output would repeat.
  bool printOutput = false;
  /// Deepest call stack a thread may have (deeper is a ResourceLimit error).
  uint32_t maxFrames = 10000;
  /// Branches a thread may take between two visible operations before it is reported as a
  /// local infinite loop (ResourceLimit): 2^28 is about two seconds of interpretation.
  uint64_t maxLocalBranches = uint64_t(1) << 28;
  /// Heap and stack bytes a run may hold at once.
  uint64_t memoryLimit = uint64_t(1) << 30;
  /// malloc and its kin return NULL (errno ENOMEM) for a request of more bytes than this, as
  /// they do for one larger than any object (0: only those): --malloc-limit.
  uint64_t mallocLimit = 0;
  /// A nondet call of at most 8 bits (bool, char) returns every value of its type instead of
  /// the nondetDomain, so that the search covers it completely.
  bool enumerateSmallNondet = false;
  /// Every __VERIFIER_nondet_* call returns a fresh symbol instead (every value of its type),
  /// decided with Z3 (interp/Symbolic.h). Needs a build with Z3 (Execution::symbolicSupported);
  /// nondetDomain and enumerateSmallNondet then do not apply.
  bool symbolicNondet = false;
  /// A thread waiting in pthread_cond_wait may also wake without a signal (POSIX allows
  /// spurious wakeups), at most spuriousWakeupLimit times per thread and execution: the limit
  /// keeps the executions of a `while (!ready) pthread_cond_wait(...)` loop finite.
  bool spuriousWakeups = false;
  /// Steps as the weak-memory search models the program (Model::setWeakMemorySteps):
  /// __bpor_update_loop_yield is a spin-loop yield, not nothing; pthread_cond_wait is four
  /// steps (runtime/sync/CondVar.h).
  bool weakMemorySteps = false;
  /// Reads take the values the search gives (Model::setReadsGivenValues): in symbolic mode the
  /// memory operations keep no value symbolic (Execution::keepsSymbolic).
  bool readsGivenValues = false;
  uint32_t spuriousWakeupLimit = 1;
  static constexpr uint32_t UnlimitedSpuriousWakeups = ~uint32_t(0);
  /// abort() outside an atomic block stops its thread for good like a failed assumption
  /// (OpKind::FailedAssume) instead of ending the execution with an error: SV-COMP mode, where
  /// abort() is no violation and only what the other threads can still reach matters.
  bool abortStopsThread = false;
  /// SV-COMP's rules: malloc and alloca always return a valid pointer, and only they; another
  /// allocation function that succeeds is counted as a gap (allocationsAssumedToSucceed), its
  /// failing not explored.
  bool onlyMallocNeverFails = false;
  /// Report a data race (ErrorKind::DataRace: two accesses of one byte by different threads,
  /// at least one a write, not both atomic, unordered by synchronisation) as soon as an
  /// execution makes one.
  RaceDetection raceDetection = RaceDetection::Off;
  /// What heap memory must be when the process ends (runtime/LeakCheck.h).
  LeakRule leaks = LeakRule::Off;
};

} // namespace bpor
