// A seeded generator of small C11 programs for the weak-memory validation (docs/weak-memory.md,
// "Validation"): two or three threads over two or three atomic variables, each thread a few
// atomic operations of every kind and memory order C11 has (loads, stores, fetch_add,
// exchange, strong and weak compare-and-swap with their failure orders, fences), now and then
// one guarded by a value the thread read, an assertion or an assumption on a value just read,
// or a plain (non-atomic) access that may race, and in some programs mutexes around ranges of
// a thread's operations (pthread_mutex_lock, trylock, nested locks that may deadlock) or a spin
// loop that waits for a variable to leave 0, or a semaphore, a barrier or a read-write lock.
// Each thread keeps what it read in one plain
// global that main checks after the joins, in an assertion one combination of values violates;
// in some programs main returns without joining some threads, in some an update loop (a
// test-and-set lock, a compare-and-swap retry loop), in some a char-sized nondet input one
// thread draws and uses (nondetPercent). The litmus shapes (SB, MP, LB, IRIW, 2+2W, ...)
// are among these programs; the graph search must explore exactly the consistent graphs the
// brute-force oracle enumerates (WeakMemoryCheck.h).
#pragma once

#include "tests/pipeline/CProgramGenerator.h"

#include <cstdint>

namespace bpor::testing {

struct WeakProgramOptions {
  unsigned minThreads = 2;
  unsigned maxThreads = 3;
  unsigned maxOps = 3;       // atomic operations per thread
  unsigned numVariables = 2; // atomic variables
  /// Percent of programs with a plain variable two threads access (a data race under RC11
  /// unless ordered).
  unsigned plainPercent = 15;
  /// Percent of programs with one or two mutexes, each thread (now and then) running a range
  /// of its operations under a lock, a trylock, or two nested locks. Drawn from a random
  /// stream of their own, so that the programs without mutexes stay what their seeds made.
  unsigned mutexPercent = 25;
  /// Percent of programs where a thread waits in a spin loop for a variable to change from 0
  /// (which may never happen: the thread spins forever), from a stream of its own too.
  unsigned spinPercent = 20;
  /// Percent of programs whose main asserts on a local before it starts its threads (half of
  /// them fail there, before any visible operation), from a stream of its own too.
  unsigned earlyAssertPercent = 4;
  /// Percent of programs whose main returns without joining some of its threads (and then
  /// checks nothing), from a stream of its own too: the process's exit may cut them short.
  unsigned unjoinedPercent = 12;
  /// Percent of programs with update loops, from a stream of their own too: a test-and-set
  /// lock (of a compare-and-swap, an exchange or a fetch_or) around ranges of the threads'
  /// operations, or a compare-and-swap retry loop that increments a variable (loops whose only
  /// effects are updates, whose iterations that change nothing the search takes as awaits).
  unsigned updateLoopPercent = 20;
  /// Percent of programs with a semaphore, a barrier, a read-write lock or a condition
  /// variable (one of those `syncObjects` names, chosen at random), from a stream of its own
  /// too: semaphore posts, waits and trywaits; barrier waits in some of the threads (the
  /// barrier's count), once or twice each; read and write locks (and their tries) around
  /// ranges of operations; waits for a count under a mutex and signals or broadcasts of it.
  unsigned syncPercent = 25;
  /// (SyncRandom: calls of rand() whose values threads record, runtime state whose calls'
  /// order decides what each returns; not in the default set.)
  unsigned syncObjects = SyncSemaphore | SyncBarrier | SyncRwlock | SyncCondVar;
  static constexpr unsigned SyncSemaphore = 1, SyncBarrier = 2, SyncRwlock = 4, SyncCondVar = 8,
                            SyncRandom = 16;
  /// Percent of programs where one thread draws a char-sized nondet input (every one of its 256
  /// values can be enumerated) and uses it, from a stream of its own too: a guard on an atomic
  /// operation, a stored value or an update's operand of two values, a compare-and-swap's
  /// expected value, an assumption (on the input alone or against a value the thread read),
  /// and a value the thread records for main's assertion (checkWeakNondet).
  unsigned nondetPercent = 0;
};

/// The same seed and options always give the same program.
CProgram generateWeakProgram(uint64_t seed, const WeakProgramOptions &options = {});

} // namespace bpor::testing
