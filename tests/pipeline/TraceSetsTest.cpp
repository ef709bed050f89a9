// The trace-set validation (TraceSetCheck.h) of the soak's programs: each complete search must
// explore exactly the traces (one per class) that source DPOR and, where it completes, exhaustive
// search explore. A failure prints the seed and the command that repeats it
// (bpor_trace_soak --first-seed N --programs 1).
//
// The heaviest parts (optimal DPOR on 2,100 programs, every complete search on 100) carry the
// ctest label "ci": scripts/test.sh leaves them out, .ci/run and `ctest -L ci` run them.
#include "tests/pipeline/TraceSetCheck.h"
#include "tests/support/ValidationScale.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdlib>

using namespace bpor::testing;

namespace {

// The sanitized build's divisors (ValidationScale.h).
constexpr uint64_t TraceSetDivisor = 40, EverySearchDivisor = 20;

// The trace-set validation (TraceSetCheck.h) of `count` of the soak's programs from `first` on;
// bpor_trace_soak runs it on as many as asked (docs/results.md, "Validation soak").
void validateTraceSets(uint64_t first, uint64_t count, const TraceSetOptions &options,
                       SoakUpdates updates = SoakUpdates::None) {
  if (const char *only = std::getenv("BPOR_PIPELINE_SEED")) {
    first = std::strtoull(only, nullptr, 10);
    count = 1;
  }
  uint64_t checked = 0, exhaustive = 0, withErrors = 0, onlyRead = 0, divided = 0, decisions = 0;
  for (uint64_t seed = first; seed < first + count; ++seed) {
    CProgram program = traceSoakProgram(seed, updates);
    TraceSetCheck result = checkTraceSets(program, options);
    checked += !result.check.skipped;
    exhaustive += result.exhaustive;
    withErrors += result.hasErrors;
    onlyRead += !result.check.skipped && result.onlyReadEvents;
    decisions += !result.check.skipped && result.decisions;
    divided += result.divided;
    if (result.check.mismatches.empty())
      continue;
    std::string text;
    for (const std::string &m : result.check.mismatches)
      text += "  " + m + "\n";
    ADD_FAILURE() << fmt::format("seed {} (bpor_trace_soak --first-seed {} --programs 1{}):\n{}"
                                 "program:\n{}",
                                 seed, seed, soakUpdatesOption(updates), text, program.source);
    return;
  }
  fmt::print("{} of {} programs checked, {} also against exhaustive search, {} with errors, {} "
             "with a failed compare-and-swap or trylock, {} with decisions on symbolic values\n",
             checked, count, exhaustive, withErrors, onlyRead, decisions);
  if (options.dividedBpor && count >= MinimumProgramsForShares) {
    EXPECT_GT(divided, count) << "divided BPOR runs with several workers";
  }
  if (updates == SoakUpdates::Failing && count >= MinimumProgramsForShares) {
    EXPECT_GE(onlyRead * 2, checked) << onlyRead << " of " << checked;
  }
  // The symbolic programs branch on their inputs: a quarter of the checked ones at least.
  if (options.symbolic && count >= MinimumProgramsForShares) {
    EXPECT_GE(decisions * 4, checked) << decisions << " of " << checked;
  }
  // Most programs have few enough traces, some reach an error, some are small enough for
  // exhaustive search.
  if (count >= MinimumProgramsForShares) {
    EXPECT_GE(checked * 10, count * 7) << checked << " of " << count << " checked";
    EXPECT_GT(withErrors, 0u);
    EXPECT_GT(exhaustive, 0u);
  }
}

} // namespace

// Optimal DPOR, alone and on 2 and 3 workers, against source-DPOR's (and where it completes
// exhaustive search's) set of traces, on programs in the shapes where races chain (four or
// five threads created in any order, repeated writes, re-reads: ShapeGenerator.h) and on
// CProgramGenerator's with three or four children: 2,100 programs in three parts (so that
// ctest runs them side by side).
static TraceSetOptions optimalAlone() {
  TraceSetOptions options;
  options.otherSearches = false;
  return options;
}
TEST(TraceSets, OptimalDporFirstPart) {
  validateTraceSets(10000000, validationSeeds(700, TraceSetDivisor), optimalAlone());
}
TEST(TraceSets, OptimalDporSecondPart) {
  validateTraceSets(10100000, validationSeeds(700, TraceSetDivisor), optimalAlone());
}
TEST(TraceSets, OptimalDporThirdPart) {
  validateTraceSets(10200000, validationSeeds(700, TraceSetDivisor), optimalAlone());
}

// The same kind of programs under every other complete search: DPOR, BPOR at a bound that cuts
// nothing, unfolding with and without cutoffs, the stateful search with each storage.
TEST(TraceSets, EveryCompleteSearch) {
  validateTraceSets(11000000, validationSeeds(100, EverySearchDivisor), TraceSetOptions());
}

// BPOR divided among 2 and 3 workers (-j, mpirun) at the preemption bounds 0-2 and the context
// bounds 1-2, split at depths 1, 3 and 6: exactly the executions of the same split on one
// worker, and what BPOR alone finds at the bound (DividedBporCheck.h).
static TraceSetOptions dividedBporOnly() {
  TraceSetOptions options;
  options.parallel = false;
  options.otherSearches = false;
  options.dividedBpor = true;
  return options;
}
TEST(TraceSets, DividedBpor) {
  validateTraceSets(14000000, validationSeeds(60, EverySearchDivisor), dividedBporOnly());
}

// The soak's programs with compare-and-swaps and trylocks that fail in some schedules
// (bpor_trace_soak --updates), under every complete search.
TEST(TraceSets, FailingUpdates) {
  validateTraceSets(12300000, validationSeeds(100, EverySearchDivisor), TraceSetOptions(),
                    SoakUpdates::Failing);
}

// Programs with nondet inputs under symbolic values (bpor_trace_soak --symbolic), under every
// complete search but the stateful ones (which need state keys): an execution is a schedule and
// a path, and each search explores exactly source-DPOR's set of them (and exhaustive search's,
// where it completes), with the decisions on the inputs in the traces. Half are in the shapes,
// with nondet values stored and updates whose result is ignored; half have a char input through
// atomic updates of shared words that other threads update, read and test in atomic blocks.
TEST(TraceSets, SymbolicPrograms) {
  TraceSetOptions options;
  options.symbolic = true;
  validateTraceSets(15000000, validationSeeds(150, EverySearchDivisor), options,
                    SoakUpdates::Symbolic);
}

// The soak's programs with updates whose result is ignored (bpor_trace_soak
// --commuting-updates), under every complete search: one trace per class of the coarser
// dependence, each once.
TEST(TraceSets, CommutingUpdates) {
  validateTraceSets(13300000, validationSeeds(100, EverySearchDivisor), TraceSetOptions(),
                    SoakUpdates::Commuting);
}
