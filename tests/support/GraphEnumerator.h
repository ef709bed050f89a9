// The brute-force oracle of the weak-memory search (docs/weak-memory.md, "Validation"): every
// interleaving of the program's threads, each read reading every write of its location that
// came before it and each write taking every place in its location's coherence order, every
// complete graph kept if the model's axioms (checker/graph/Axioms.h) accept it, duplicates
// dropped. For the models checked (SC, TSO, PSO, RA, RC11) po ∪ rf is acyclic, so every
// consistent graph has an interleaving in which each read comes after the write it reads: the
// enumeration reaches them all. Two shortcuts keep it small, neither taken from the search: a
// prefix whose graph is inconsistent is not extended (the axioms' relations only grow with
// events), and a prefix graph met before is not extended again (the threads' states are fixed
// by it). The process's exit ends every thread: an interleaving in which it comes while
// another thread could still run gives its errors, but its graph is not one the search must
// explore (docs/weak-memory.md, "The process's exit"). Exponential: for small programs.
#pragma once

#include "core/Model.h"
#include "checker/graph/Axioms.h"

#include <cstdint>
#include <set>
#include <string>

namespace bpor::testing {

struct EnumeratedGraphs {
  std::set<std::string> graphs;   // Graph::canonical() of each consistent complete graph
  std::set<std::string> errors;   // "kind at location id" of each error a consistent graph reached
  bool complete = true;           // false if the interleavings exceeded the limit
  uint64_t interleavings = 0;     // complete prefixes judged
  /// Consistent graphs of interleavings in which the process's exit cut a thread short that
  /// could still run: their errors are in `errors`, the graphs are not in `graphs`.
  uint64_t cutByExit = 0;
};

EnumeratedGraphs enumerateGraphs(Model &model, graph::MemoryModel memoryModel,
                                 uint64_t maxInterleavings = 200000);

} // namespace bpor::testing
