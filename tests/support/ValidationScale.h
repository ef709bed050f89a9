// How many generated programs a validation test checks (the unit validations on test models
// and the pipeline validations alike).
//
// Each test names its default count. BPOR_VALIDATION_SEEDS (environment) replaces it exactly;
// otherwise it is multiplied by BPOR_VALIDATION_SCALE (20 in the executables labelled "slow")
// and, in a build with AddressSanitizer (the build of scripts/test-sanitized.sh, which runs these
// checks several times slower), divided by the test's sanitized divisor: that build
// looks for memory errors and undefined behaviour on the code paths every test reaches, while the
// breadth of programs is the Release build's job. A divided count is never below one program.
#pragma once

#include <cstdint>
#include <cstdlib>

#ifndef BPOR_VALIDATION_SCALE
#define BPOR_VALIDATION_SCALE 1
#endif

namespace bpor::testing {

#ifdef __SANITIZE_ADDRESS__
inline constexpr bool SanitizedBuild = true;
#else
inline constexpr bool SanitizedBuild = false;
#endif

// The sanitized divisor when a test names none.
inline constexpr uint64_t DefaultSanitizedDivisor = 10;

// Checks of the share of programs that have a property (half of them small enough for
// exhaustive search, a quarter with a livelock) state what the generator gives over many
// programs: a test makes them over this many programs at least, not over the few of a sanitized
// or single-seed run.
inline constexpr uint64_t MinimumProgramsForShares = 15;

inline uint64_t validationSeeds(uint64_t defaultCount,
                                uint64_t sanitizedDivisor = DefaultSanitizedDivisor) {
  if (const char *env = std::getenv("BPOR_VALIDATION_SEEDS"))
    return std::strtoull(env, nullptr, 10);
  uint64_t count = defaultCount * BPOR_VALIDATION_SCALE;
  if (SanitizedBuild)
    count = count / sanitizedDivisor > 0 ? count / sanitizedDivisor : 1;
  return count;
}

} // namespace bpor::testing
