// A seeded generator of C programs in the shapes where races chain (docs/design.md, "Validation"):
// four or five threads that only load and store a few shared variables, created by main in a
// random order; writers that store several values to one variable, readers that read one
// variable twice with other reads between, copiers that store a loaded value; every loaded
// value kept in a global that main checks after the joins, in an assertion that one
// combination of values violates. Optimal DPOR once missed such a combination (tests/lit/
// programs/optimal_four_threads.c); these programs are what the trace-set validation
// (TraceSetCheck.h) runs on, beside CProgramGenerator's.
#pragma once

#include "tests/pipeline/CProgramGenerator.h"

#include <cstdint>

namespace bpor::testing {

struct ShapeOptions {
  unsigned minThreads = 4;
  unsigned maxThreads = 5;
  unsigned maxOps = 5;       // loads and stores per thread
  unsigned numVariables = 4; // shared variables
  /// The shared variables are C11 atomics (sequentially consistent loads and stores); else
  /// plain ints.
  bool atomics = true;
  /// Now and then a mutex around two operations, a nondet value stored, a thread that creates
  /// another: the other features, in these shapes.
  bool extras = false;
  /// Compare-and-swaps and trylocks that fail in some schedules: a compare-and-swap of a
  /// variable from a value it may hold (0 half the time) to a fresh one, its old value kept
  /// for the assertion; a mutex or spin-lock trylock around an operation, its outcome kept; a
  /// lock of the same mutex or spin lock around two operations elsewhere. Off by default, so
  /// that the programs of every seed without it stay what they were.
  bool updates = false;
  /// With updates: the trylocks and locks too; off, only the compare-and-swaps.
  bool locks = true;
  /// Updates whose result is ignored (docs/design.md, "Commuting updates"): one or two
  /// additions or ors of a variable per thread, as statements (atomic_fetch_add, or
  /// __sync_fetch_and_add on plain ints), among the loads and stores of the same variables.
  /// Off by default, for the same reason.
  bool commutingUpdates = false;
};

/// The same seed and options always give the same program.
CProgram generateShapeProgram(uint64_t seed, const ShapeOptions &options = {});

} // namespace bpor::testing
