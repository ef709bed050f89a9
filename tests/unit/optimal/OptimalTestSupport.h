// Helpers for the optimal-DPOR tests: run a search on a test program and record what it
// explored, one canonical trace hash per execution.
#pragma once

#include "checker/Explorer.h"
#include "checker/optimal/OptimalExplorer.h"
#include "tests/support/ProgramModel.h"
#include "tests/support/StateHash.h"
#include "tests/support/ValidationScale.h"

#include <cstdlib>
#include <map>
#include <set>

namespace bpor::testing {

/// What one search explored.
struct Explored {
  SearchResult result;
  ReachedStates states;
  /// How many explored executions had each Mazurkiewicz trace. The canonical form of a trace
  /// is StateHash's hash of all its events (each hashed with its vector clock, combined
  /// commutatively), so two executions have the same hash iff they are the same events
  /// ordered the same way by happens-before (up to hash collisions).
  std::map<uint64_t, unsigned> traces;
  /// The traces of executions that ended in an error (deadlocks included).
  std::set<uint64_t> errorTraces;

  size_t distinctTraces() const { return traces.size(); }
  /// Executions whose trace an earlier execution of the same search already had.
  unsigned duplicates() const {
    unsigned n = 0;
    for (const auto &[hash, count] : traces)
      n += count - 1;
    return n;
  }
};

inline ExecutionObserver recorder(Explored &out) {
  return [&out](const std::vector<Operation> &events, ExecutionEnd end) {
    out.states.add(events, end);
    if (end == ExecutionEnd::SleepSetBlocked)
      return;
    uint64_t hash = globalStateHash(events);
    ++out.traces[hash];
    if (end == ExecutionEnd::Error || end == ExecutionEnd::Deadlock)
      out.errorTraces.insert(hash);
  };
}

/// explore() with `por` (PorMode::None is exhaustive search), every error reported.
inline Explored exploreWith(const Program &program, PorMode por, uint64_t maxExecutions = 0) {
  Explored out;
  SearchOptions options;
  options.por = por;
  options.keepGoing = true;
  options.maxExecutions = maxExecutions;
  ProgramModel model(program);
  out.result = explore(model, options, recorder(out));
  return out;
}

inline Explored exploreWith(const Program &program, OptimalVariant variant,
                            uint64_t maxExecutions = 0) {
  Explored out;
  SearchOptions options;
  options.keepGoing = true;
  options.maxExecutions = maxExecutions;
  ProgramModel model(program);
  out.result = exploreOptimal(model, options, variant, recorder(out));
  return out;
}

} // namespace bpor::testing
