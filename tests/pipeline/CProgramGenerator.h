// A seeded, reproducible generator of small C programs with POSIX threads, for validating the
// explorers through the real pipeline (clang-19, passes/, interp/, runtime/), where
// tests/support's generator validates them on a toy model only.
//
// A program is main plus up to maxChildren threads it creates (and, with grandchildren, one
// thread a child creates and joins). Each body is a few random operations over shared ints, an
// array, a C11 atomic and heap pointers, guarded by mutexes or not; some features come in
// pairs placed in two different threads (a condition-variable waiter with its predicate loop
// and a signaller, a sem_wait and a sem_post). Assertions over shared values are violable in
// some schedules, and mutexes taken in different orders can deadlock: both are verdicts the
// explorers must agree on.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace bpor::testing {

struct CGeneratorOptions {
  unsigned maxChildren = 2; // threads main creates (at least 1)
  unsigned maxOps = 3;      // random operations per thread body
  bool grandchildren = true;
  bool mutexes = true; // lock/unlock blocks, nested blocks over two mutexes, trylock
  bool arrays = true;
  bool condvars = true;     // a waiter (predicate loop) and a signaller in two threads
  bool semaphores = true;   // sem_wait/sem_post pairs, and a semaphore used as a lock
  bool atomicBlocks = true; // __VERIFIER_atomic_begin/end
  bool c11Atomics = true;
  bool nondet = true; // __VERIFIER_nondet_int over the domain {0, 1}
  /// Instead: at most one char-sized nondet value (every one of its 256 values can be
  /// enumerated), stored in shared variables, compared, assumed and computed with: the
  /// symbolic search is checked against that enumeration (checkSymbolicProgram).
  bool charNondet = false;
  /// With charNondet: the input is only ever compared with constants (drawn by its classes,
  /// passes/NondetDomain.h).
  bool comparedNondet = false;
  /// With charNondet: the input is first restricted by an assumption (assume_abort_if_not,
  /// an inline abort(), a wrapper of __VERIFIER_assume, or __VERIFIER_assume itself) to a few
  /// values, and then used as data (passes/AssumedValues.h draws only those); or checked in a
  /// way that must not restrict it (an assertion, an effect on the failing path, a use before
  /// the check). Its programs call abort(): their models stop the thread there
  /// (ModelConfig::abortStopsThread), as SV-COMP mode ends the execution, without an error.
  bool assumedNondet = false;
  /// With charNondet: the input bounds a loop without effects (it reads shared variables at
  /// most), which passes/LoopAbstraction.h may replace by its last iteration.
  bool nondetLoops = false;
  /// With charNondet: the input also indexes `int big[300]` (larger than interp/
  /// SymbolicMemory.h's small objects used to be), stored to and loaded from. Off by default,
  /// so that the programs of the other tests' seeds stay the same.
  bool largeArray = false;
  /// With charNondet: the input also goes through float and double arithmetic, conversions,
  /// compares (NaNs included) and a shared double (symbolic/FloatExpressions.cpp). Off by
  /// default, so that the programs of the other tests' seeds stay the same.
  bool floats = false;
  /// With charNondet: the input, reduced to at most 16 values, is one the checker must fix: a
  /// malloc size, a VLA's length, a memcpy length, an operand of an operation kept concrete
  /// (popcount, copysign): split by decisions (SymbolicValues::splitsBeforeFixing), so the search
  /// stays complete. Off by default, so that the programs of the other tests' seeds stay the
  /// same.
  bool fixedNondet = false;
  /// With charNondet: the input goes through two atomic updates of a shared word (fetch_add,
  /// sub, and, or, xor, nand, signed and unsigned min and max, exchange, of the whole word or
  /// of one byte), with the results added to r, so that the word and the results stand for
  /// expressions (runtime/symbolic/SymbolicUpdates.cpp). Off by default, so that the programs
  /// of the other tests' seeds stay the same.
  bool symbolicUpdates = false;
  bool asserts = true;
  /// __VERIFIER_assume over shared values and r, inside and outside atomic blocks. Off by
  /// default so that the programs of the other tests' seeds stay the same.
  bool assumes = false;
  /// malloc/free, pointers stored in shared variables and compared. Off by default, so that
  /// the programs of the other tests' seeds stay the same (HeapObjects turns it on).
  bool heap = false;
  /// With heap: objects also filled by memcpy or memset before they are published (sometimes
  /// over a value the thread stored first), and a copy out of a published object. Off by
  /// default for the same reason.
  bool heapCopies = false;
  /// With heap: a helper publishes the address of its own local in p0 or p1, writes a shared
  /// variable and returns, sometimes clearing the pointer first: readers of the pointer may use
  /// the local after its frame ended. Off by default for the same reason.
  bool stackObjects = false;
  /// pthread_once. Off by default for the same reason (PthreadOnce turns it on).
  bool once = false;
  /// Library calls that touch shared memory or shared library state: snprintf into a shared
  /// buffer, strlen and printf("%s") of it, and rand() (whose state all threads share). The
  /// runtime makes each a visible operation with its footprint. Off by default for the same
  /// reason (LibraryCalls turns it on).
  bool libraryCalls = false;
  /// Compile as a 32-bit program (clang -m32): addresses are then virtual addresses, not
  /// object ids and offsets (memory/Memory.h).
  bool ilp32 = false;
  /// Busy-waiting in pairs placed in two threads: a spin on a flag and the store that ends it
  /// (sometimes missing, so the spin never ends), a compare-and-swap spin lock around an
  /// operation, a lock/check/unlock polling loop. Such programs have cycles of states, so only
  /// the stateful search covers them (checkSpinningProgram). Off by default, so that the
  /// programs of the other tests' seeds stay the same.
  bool spins = false;
  /// With spins: livelocks more often than spins alone makes them (about one program in 40): a
  /// spin on a flag nobody sets in half of those spins, and in most programs a polite back-off
  /// pair (each thread raises its flag, lowers it again while the other's is up, and retries),
  /// which two threads running in step repeat for ever. The livelocks are cycles through many
  /// states (PipelineValidation.Livelocks, check_distributed.py --stateful).
  bool livelocks = false;
  /// Update loops (passes/SpinLoopPass.h) on a0 in two threads: a compare-and-swap increment
  /// that reloads the value, a pop that decrements a0 while it is above zero, or an exchange
  /// spin lock around an access of x1 (the default search's choice of the reads-from search).
  bool updateLoops = false;
  /// Compare-and-swaps that fail in some schedules (C11 strong and weak ones on a0, the
  /// __sync builtins on x0 and x1, the outcome or old value added to r) and trylocks of the
  /// mutexes and of a spin lock (also taken with pthread_spin_lock elsewhere), each more often
  /// than the other options make them. Off by default, so that the programs of every seed
  /// without it stay what they were.
  bool updates = false;
  /// Read-modify-writes whose result is ignored (atomic_fetch_add/sub/or/and/xor statements on
  /// a0, __sync_fetch_and_add/or statements on plain variables): commuting updates
  /// (docs/design.md), among loads and updates whose result is read. Off by default, so that
  /// the programs of every seed without it stay what they were.
  bool commutingUpdates = false;
  /// A barrier of main's children, each waiting at it once or twice, some reading the result:
  /// arrivals commute, departures wait for their generation (runtime/sync/Barrier.h). Off by
  /// default, for the same reason.
  bool barriers = false;
  /// Interchangeable threads (checkSymmetricProgram): main creates 2 to maxChildren + 1 copies
  /// of one thread function and joins none of them, and nothing records a thread (no mutex,
  /// condition variable, semaphore, once or grandchild: set those options off).
  bool symmetric = false;
};

struct CProgram {
  std::string source;
  std::vector<int64_t> nondetValues; // pass as --nondet-values
  std::vector<std::string> clangArgs; // how to compile it (-m32)
};

/// The same seed and options always give the same program.
CProgram generateCProgram(uint64_t seed, const CGeneratorOptions &options = {});

} // namespace bpor::testing
