// The trace-set validation of the complete searches on one C program through the real pipeline
// (docs/design.md, "Validation"): the executions of a search are compared as the set of their
// Mazurkiewicz traces (StateHash's global hash), not only as their number, so that a search
// that misses one trace and explores another twice is caught, and the reference scales past
// exhaustive search:
// - source-DPOR explores every trace (none twice): its set is the reference, checked against
//   exhaustive search's distinct traces where exhaustive search completes within a budget;
// - optimal DPOR, alone and on 2 and 3 workers, explores exactly that set, each trace once and
//   no execution sleep-set blocked;
// - DPOR, BPOR at a bound that cuts nothing, unfolding-based POR with and without cutoffs and the
//   stateful search find the same errors (kind and place), and where they promise it the same
//   local states (DPOR, BPOR, unfolding without cutoffs) and the same traces (unfolding without
//   cutoffs, on programs whose executions never end early; each once unless a compare-and-swap
//   or trylock failed, which its pending-operation events count as a write);
// - with `dividedBpor`, BPOR divided among workers (DividedBporCheck.h).
#pragma once

#include "tests/pipeline/PipelineValidation.h"

#include <cstdint>

namespace bpor::testing {

struct TraceSetOptions {
  /// Exhaustive search is a second reference when it completes within this many executions.
  uint64_t maxExhaustiveExecutions = 1000;
  /// Programs with more traces are skipped (source-DPOR stops after four times as many
  /// executions).
  uint64_t maxTraces = 3000;
  /// The searches that do not explore one execution per trace stop after this many times as
  /// many executions as there are traces; an incomplete one is not compared.
  uint64_t otherSearchFactor = 50;
  /// The stateful searches and unfolding with cutoffs run on programs with at most this many
  /// traces (their state graphs grow with the interleavings, not the traces).
  uint64_t maxTracesForStateful = 300;
  /// Optimal DPOR on 2 and 3 workers.
  bool parallel = true;
  /// DPOR, BPOR, unfolding and the stateful search.
  bool otherSearches = true;
  /// BPOR divided among workers at several bounds and split depths (DividedBporCheck.h).
  bool dividedBpor = false;
  /// Nondet inputs as symbolic values (ModelConfig::symbolicNondet): an execution is a schedule
  /// and a path, its trace carries the path's decisions, and a value standing for an
  /// expression does not count in it (StateHash.h). A program in which the checker fixed a
  /// value with loss is not compared.
  bool symbolic = false;
};

struct TraceSetCheck {
  PipelineCheck check;
  uint64_t traces = 0;      // source-DPOR's distinct traces
  bool exhaustive = false;  // exhaustive search completed and was compared
  bool hasErrors = false;   // some trace ends in an error
  unsigned notCompared = 0; // searches that stopped at their limit
  bool onlyReadEvents = false; // some compare-and-swap or trylock failed (Operation::onlyRead)
  unsigned divided = 0; // divided BPOR runs with several workers (TraceSetOptions::dividedBpor)
  bool decisions = false; // some trace took a decision on a symbolic value (options.symbolic)
};

TraceSetCheck checkTraceSets(const CProgram &program, const TraceSetOptions &options = {});

/// The program the trace-set soak checks for `seed`: three in four in ShapeGenerator's shapes
/// (3 to 5 threads, atomics or plain ints, sometimes with a mutex, a nondet value or a
/// grandchild), the rest CProgramGenerator's with 3 or 4 children; the options drawn from the
/// seed. With Updates::Failing, the programs also have compare-and-swaps and trylocks that
/// fail in some schedules (ShapeOptions::updates, CGeneratorOptions::updates), and fewer
/// threads and operations otherwise; with Updates::Commuting, updates whose result is ignored
/// (ShapeOptions::commutingUpdates, CGeneratorOptions::commutingUpdates). With
/// Updates::Symbolic, programs meant for TraceSetOptions::symbolic: half in the shapes with
/// nondet values stored and updates whose result is ignored, half CProgramGenerator's with a
/// char input through atomic updates of shared words (CGeneratorOptions::symbolicUpdates) in 2
/// or 3 children.
enum class SoakUpdates { None, Failing, Commuting, Symbolic };
CProgram traceSoakProgram(uint64_t seed, SoakUpdates updates = SoakUpdates::None);
/// The soak's option that makes those programs ("", " --updates", " --commuting-updates",
/// " --symbolic").
const char *soakUpdatesOption(SoakUpdates updates);

} // namespace bpor::testing
