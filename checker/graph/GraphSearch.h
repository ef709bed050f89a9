// The weak-memory search (docs/weak-memory.md): one execution per consistent execution graph
// of the program under a memory model, by the algorithm of Kokologiannakis, Marmanis,
// Gladstein and Vafeiadis, "Truly stateless, optimal dynamic partial order reduction" (TruSt,
// POPL 2022), as GenMC implements it. Graphs grow one event at a time in a fixed order of the
// threads; a read branches over the writes it may read, a write over its place in coherence and
// over the earlier reads it may revisit (a backward revisit keeps the events before the read
// and the write's porf-prefix, and is made only from the one graph where the deleted events
// were added maximally, which is what makes the search optimal); inconsistent graphs are cut.
// Memory stays linear in the graph's size along the recursion's path.
//
// The program runs under the Model with the values the graph gives its loads
// (Model::setReadValue); returning to a graph restarts the model and re-steps its events in an
// order that extends po and rf (Graph::replayOrder).
#pragma once

#include "checker/Explorer.h"
#include "checker/graph/Axioms.h"
#include "checker/graph/Graph.h"

#include <functional>

namespace bpor::graph {

struct GraphSearchOptions {
  MemoryModel model = MemoryModel::RC11;
  /// Called with each complete consistent graph (validation).
  std::function<void(const Graph &)> onGraph;
  /// Validation: where set, every consistency check the search makes with vector clocks
  /// (ClockConsistency.h) is made with the reference axioms too, and a disagreement counted.
  uint64_t *disagreements = nullptr;
};

/// Explores `model`'s consistent graphs under graph.model. SearchResult's executions are the
/// complete graphs (finished, or ended by an error) plus the blocked ones (a deadlock); every
/// error comes with the events of its graph in replay order. Throws nothing: an operation the
/// weak-memory search does not support (timed locks, condition variables, memcpy of shared
/// memory, mixed-size accesses) is an Unsupported error.
SearchResult exploreGraphs(Model &model, const SearchOptions &options,
                           const GraphSearchOptions &graph,
                           const ExecutionObserver &observer = {});

} // namespace bpor::graph
