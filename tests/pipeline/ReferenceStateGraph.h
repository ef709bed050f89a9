// A plain reference for the stateful search (checker/stateful/): the whole state graph of a
// model built breadth-first with exact keys, then its strongly connected components by
// Kosaraju's algorithm and the strong-fairness test written out again. It shares nothing with
// the stateful search but the model and the definition of a livelock, so the two agreeing on
// generated spinning programs checks the search's depth-first order, its on-the-fly Tarjan
// analysis, its checkpoints and its storage.
#pragma once

#include "core/Model.h"

#include <cstdint>
#include <set>
#include <string>

namespace bpor::testing {

struct ReferenceGraph {
  bool complete = false;           // fewer states than the limit
  std::set<uint64_t> states;       // hashes of the keys of the states that go on
  std::set<std::string> errors;    // "kind at file:line" (a deadlock as "deadlock")
  bool livelock = false;           // some component holds a strongly fair cycle
};

/// How the stateful comparisons name an error: "kind at file:line", a deadlock just "deadlock"
/// (the searches name its place differently).
std::string errorText(const Model &model, const ErrorInfo &error);

/// Explores every state of `model` (at most maxStates).
ReferenceGraph exploreReferenceGraph(Model &model, size_t maxStates);

} // namespace bpor::testing
