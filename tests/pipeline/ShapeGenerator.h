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
};

/// The same seed and options always give the same program.
CProgram generateShapeProgram(uint64_t seed, const ShapeOptions &options = {});

} // namespace bpor::testing
