// Helpers shared by the validation tests: run a search on a program and collect the states it
// reaches.
#pragma once

#include <cstdlib>

#include "checker/Explorer.h"
#include "tests/support/ProgramModel.h"
#include "tests/support/StateHash.h"
#include "tests/support/ValidationScale.h"

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

} // namespace bpor::testing
