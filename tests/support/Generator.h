// A seeded, reproducible generator of random test programs (docs/design.md, "Validation").
#pragma once

#include "tests/support/Program.h"

#include <cstdint>

namespace bpor::testing {

struct GeneratorOptions {
  unsigned maxChildren = 2;     // threads main forks (at least 1)
  unsigned maxOpsPerThread = 3; // random operations per body, besides forks and joins
  unsigned numVariables = 2;
  unsigned numMutexes = 1;
  bool nondet = true; // nondet 2 choices
  bool yields = true;
  bool locks = true;
  bool asserts = true; // assert x == v, which some schedules violate
  bool assumes = false;
  bool spins = false;        // spin-until loops (cyclic state spaces: need a fair bound)
  bool grandchildren = true; // a child may fork a thread too
  bool joins = true;
};

/// The same seed and options always give the same program.
Program generateProgram(uint64_t seed, const GeneratorOptions &options = {});

/// The random bits the soak (tests/soak) draws each round's choices from: SplitMix64 of the
/// round's seed. Shared so that a unit test can rebuild a failing soak round exactly.
uint64_t soakRoundBits(uint64_t round);
/// The generator options the soak uses for a round with these bits.
GeneratorOptions soakGeneratorOptions(uint64_t bits);

} // namespace bpor::testing
