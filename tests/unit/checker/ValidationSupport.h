// Helpers shared by the validation tests: run a search on a program and collect the states it
// reaches.
#pragma once

#include <cstdlib>

#include "checker/Explorer.h"
#include "tests/support/ProgramModel.h"
#include "tests/support/StateHash.h"

namespace bpor::testing {

struct Reached {
  ReachedStates states;
  SearchResult result;
};

/// `endsThreadHint` false withholds the pending endsThread hint, as the runtime does.
inline Reached reach(const Program &program, SearchOptions options, bool endsThreadHint = true) {
  Reached r;
  options.keepGoing = true;
  ProgramModel model(program);
  model.setPendingEndsThreadHint(endsThreadHint);
  r.result = explore(model, options, r.states.observer());
  return r;
}

#ifndef BPOR_VALIDATION_SCALE
#define BPOR_VALIDATION_SCALE 1
#endif

/// Seeds for a validation run: the default count, times BPOR_VALIDATION_SCALE in the "slow"
/// build of the tests; the environment variable BPOR_VALIDATION_SEEDS overrides both.
inline uint64_t validationSeeds(uint64_t defaultCount) {
  if (const char *env = std::getenv("BPOR_VALIDATION_SEEDS"))
    return std::strtoull(env, nullptr, 10);
  return defaultCount * BPOR_VALIDATION_SCALE;
}

} // namespace bpor::testing
