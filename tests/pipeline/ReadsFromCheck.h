// The validation of the reads-from search (--search=rf, checker/readsfrom/) through the real
// pipeline: on a generated program, the reads-from relations (which write each read reads,
// named by thread creation path and event index) of optimal DPOR's executions, one per
// Mazurkiewicz trace, are the reference classes (each trace lies in one class), and those of
// exhaustive search's too where it completes; the reads-from search must explore each class
// exactly once (none twice, none missed) and find the same errors.
#pragma once

#include "core/Operation.h"
#include "tests/pipeline/PipelineValidation.h"

#include <string>
#include <vector>

namespace bpor::testing {

struct ReadsFromCheck {
  PipelineCheck check;
  uint64_t classes = 0;    // distinct reads-from classes of exhaustive search
  uint64_t executions = 0; // the reads-from search's
  bool hasErrors = false;
  bool exhaustive = false; // exhaustive search completed and agreed
  bool refusedFree = false; // skipped: the search refused a free or copy racing with an access
};

/// Skipped (not a failure) when optimal DPOR needs more than `maxReference` executions, or
/// when the search refuses a free that races with an access (refusedFree).
ReadsFromCheck checkReadsFromClasses(const CProgram &program, uint64_t maxReference = 20000,
                                     uint64_t maxExhaustive = 5000);

/// A program with spin loops (CGeneratorOptions::spins), whose executions may go on for ever:
/// the reference is the whole state graph (ReferenceStateGraph.h); the reads-from search, which
/// takes a spin loop's iteration that changed nothing as an await, must end and find the same
/// errors, and report a thread that spins forever only where the graph has a livelock. Skipped
/// where the graph is too large or the search meets a loop whose iterations write (which it
/// cannot end: it stops at the depth limit).
PipelineCheck checkReadsFromSpinning(const CProgram &program, size_t maxReferenceStates = 20000);

/// The reads-from class of an SC execution (its events in order), as a string: per thread (by
/// creation path) its events, each read with the event whose write it reads.
std::string readsFromKey(const std::vector<Operation> &events);

} // namespace bpor::testing
