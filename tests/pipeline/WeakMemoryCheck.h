// The weak-memory search against its brute-force oracle on one C program through the real
// pipeline (docs/weak-memory.md, "Validation"): under each memory model, the graph search must
// explore exactly the consistent complete graphs the oracle enumerates (tests/support/
// GraphEnumerator.h), each once, and reach the same errors.
#pragma once

#include "tests/pipeline/PipelineValidation.h"

#include "checker/graph/Axioms.h"

#include <vector>

namespace bpor::testing {

struct WeakMemoryCheck {
  PipelineCheck check;
  /// Per model checked: the number of consistent graphs.
  std::vector<std::pair<graph::MemoryModel, size_t>> graphs;
};

/// With `againstSC`, also the errors of the default search (optimal DPOR, under SC) must be
/// those of the graphs consistent under SC (for programs without spin loops: that search
/// reports a loop that waits forever as a depth limit, the graph search as a livelock).
WeakMemoryCheck checkWeakMemory(const CProgram &program,
                                const std::vector<graph::MemoryModel> &models,
                                uint64_t maxInterleavings = 100000, bool againstSC = false);

/// Symbolic nondet values under each memory model, against their enumeration (a program with
/// one char-sized input, WeakProgramOptions::nondetPercent): with every value of the input a
/// choice, the graph search must explore exactly the oracle's graphs; with the input symbolic
/// (docs/design.md, "Symbolic values under a weak memory model"), it must reach exactly the
/// oracle's errors, completely. A model under which the symbolic search fixed a value with loss
/// is not a check (`check.concretised`); the others still are. With `againstSC`, the default
/// search over symbolic values must find the errors of the graphs consistent under SC too.
WeakMemoryCheck checkWeakNondet(const CProgram &program,
                                const std::vector<graph::MemoryModel> &models,
                                uint64_t maxInterleavings = 100000, bool againstSC = false);

} // namespace bpor::testing
