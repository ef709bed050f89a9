// Runs one C program through bporcheck's own pipeline (tools/bporcheck's loadInput and
// buildModel: clang-19, the passes, the interpreter and the runtime) under every search mode,
// and compares what the modes found (docs/algorithms-notes.md, "Validation through the real
// pipeline"):
// - exhaustive search (--por=none) is the reference; DPOR, source-DPOR, optimal DPOR and BPOR
//   with each of the preemption, context, delta and fair bounds at a bound that cuts nothing
//   must reach the same set of unique local states (--hash-states' hashes), the same deadlock
//   states and the same set of distinct errors (kind and source line, with --keep-going);
// - optimal DPOR explores exactly one execution per Mazurkiewicz trace: as many as exhaustive
//   search has distinct traces, none twice;
// - BPOR with a small bound (0..2, a bound kind the seed picks) against plain bounded search
//   (--por=none with the same bound): the same local states, deadlock states and errors.
#pragma once

#include "tests/pipeline/CProgramGenerator.h"

#include <cstdint>
#include <string>
#include <vector>

namespace bpor::testing {

struct PipelineCheck {
  /// The program could not be checked: the reference search was too big (more than
  /// maxReferenceExecutions) or reported a livelock. Not a failure.
  bool skipped = false;
  /// One entry per disagreement (or per problem: the program did not compile, a search
  /// reported an unsupported construct or a non-deterministic replay), each saying which
  /// modes disagree and what each found.
  std::vector<std::string> mismatches;
  /// Executions of the exhaustive reference search.
  uint64_t referenceExecutions = 0;
  /// checkLoopAbstraction: the loops the abstraction replaced (0: the check did not exercise it).
  unsigned abstractedLoops = 0;
  /// An execution of the reference had an event that only read where its operation may write
  /// (Operation::onlyRead: a compare-and-swap or trylock that failed).
  bool onlyReadEvents = false;
  /// checkSymbolicProgram: the symbolic search fixed a value (not a check then: skipped).
  bool concretised = false;
  /// checkSpinningProgram: the state graph holds a livelock (a strongly fair cycle).
  bool livelock = false;
};

struct PipelineCheckOptions {
  uint64_t maxReferenceExecutions = 1500;
};

/// Compiles `program` and compares the modes on it; `seed` picks the small bound.
PipelineCheck checkProgram(const CProgram &program, uint64_t seed,
                           const PipelineCheckOptions &options = {});

/// Symbolic nondet values against their enumeration (a program of CGeneratorOptions::
/// charNondet): optimal DPOR with every value of the char-sized nondet input enumerated is the
/// reference; exhaustive search, DPOR, source-DPOR, optimal DPOR and BPOR (preemption bound,
/// saturating) with the input symbolic must find the same set of distinct errors, completely
/// and with no value concretised. (Local states are not compared: a symbolic search's concrete
/// values are one model's.)
PipelineCheck checkSymbolicProgram(const CProgram &program,
                                   const PipelineCheckOptions &options = {});

/// The loop abstraction (passes/LoopAbstraction.h) against the enumeration (a program of
/// CGeneratorOptions::nondetLoops): optimal DPOR with every value of the char-sized input
/// enumerated is the reference; optimal DPOR over symbolic values on the program with its loops
/// abstracted must finish and find every error the reference finds (it may find more: it
/// over-approximates). PipelineCheck::abstractedLoops counts the loops it replaced.
PipelineCheck checkLoopAbstraction(const CProgram &program,
                                   const PipelineCheckOptions &options = {});

/// Data-race detection (ExecutionOptions::detectDataRaces): exhaustive search is the reference;
/// DPOR, source-DPOR, optimal DPOR and saturating BPOR must agree on whether the program has a
/// data race (each reports the first race of each execution, which may be another pair of
/// accesses in another order, so only the answer is compared), and on the other errors of a
/// race-free program.
PipelineCheck checkRaceProgram(const CProgram &program, const PipelineCheckOptions &options = {});

/// A program with spin loops (CGeneratorOptions::spins), whose executions can go on for ever:
/// the reference is the whole state graph built breadth-first (ReferenceStateGraph.h); the
/// stateful search with exact, hash-compacted and bitstate storage must explore the same states,
/// find the same errors, and report a livelock iff the graph holds a strongly fair cycle.
/// Skipped when the graph has more than maxReferenceStates states.
PipelineCheck checkSpinningProgram(const CProgram &program, size_t maxReferenceStates = 20000);

/// Interchangeable threads (CGeneratorOptions::symmetric): the reference is the whole state
/// graph; the stateful search over sorted threads (checker/symmetry/SymmetricModel.h) must be
/// complete, store at most as many states and find exactly its errors, and the counter
/// abstraction with thresholds 1 and 2 at least its errors; every error schedule of a path
/// where no thread was dropped, renamed back to creation numbers, must replay on the program.
/// Skipped when the graph has more than maxReferenceStates states.
PipelineCheck checkSymmetricProgram(const CProgram &program, size_t maxReferenceStates = 20000);

} // namespace bpor::testing
