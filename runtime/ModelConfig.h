// How a model of a program is made from its module (tools/bporcheck/ModelFactory.h): what the
// passes instrument and the options its Execution runs with. One struct for the command line
// (tools/bporcheck/main.cpp) and SV-COMP mode (svcomp/Host.h's ModelRequest carries one), so
// that neither mirrors the other's fields.
#pragma once

#include "runtime/ExecutionOptions.h"

#include <cstdint>
#include <string>
#include <vector>

namespace bpor {

struct ModelConfig {
  std::vector<int64_t> nondetValues;
  /// Empty, or as many as nondetValues: what a float or double nondet call draws for each
  /// choice (ExecutionOptions::nondetFloatDomain).
  std::vector<double> nondetFloatValues;
  bool printOutput = false;
  bool spinAssume = false;
  uint32_t stackLimit = 0;
  uint64_t maxLocalBranches = 0;
  uint64_t mallocLimit = 0; // ExecutionOptions::mallocLimit
  std::string emitInstrumented;      // write the instrumented IR here if not empty
  bool symbolicNondet = false;       // every nondet value, symbolically (ExecutionOptions)
  bool enumerateSmallNondet = false; // bool- and char-sized nondet: every value (SV-COMP mode)
  bool spuriousWakeups = false;      // pthread_cond_wait may wake without a signal
  bool abortStopsThread = false;     // abort() stops its thread like a failed assume (SV-COMP)
  bool onlyMallocNeverFails = false; // SV-COMP: other allocations' success is a gap
  /// A nondet result only compared with constants: one value of each class the comparisons
  /// cannot tell apart (passes/NondetDomain.h). Off only to validate it.
  bool nondetClasses = true;
  /// abort() is no violation (SV-COMP): a nondet result that a failing
  /// assume_abort_if_not(...) restricts to few values draws only those
  /// (passes/AssumedValues.h; with nondetClasses).
  bool abortIsNoViolation = false;
  /// Report data races (ExecutionOptions::raceDetection; SV-COMP's no-data-race).
  RaceDetection raceDetection = RaceDetection::Off;
  /// What the heap must be when the process ends (ExecutionOptions::leaks).
  LeakRule leaks = LeakRule::Off;
  /// A call of reach_error or __VERIFIER_error is the error, whatever its body (unreach-call);
  /// off, it runs the program's own body (passes/InstrumentOptions.h).
  bool errorFunctionsAreErrors = true;
  /// Replace loops without effects by their last iteration (passes/LoopAbstraction.h): an
  /// over-approximation, whose violations prove nothing.
  bool abstractLoops = false;
};

} // namespace bpor
