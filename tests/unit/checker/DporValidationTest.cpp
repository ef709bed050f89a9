// DPOR with sleep sets reaches exactly the local, terminal and deadlock states that exhaustive
// search reaches, on thousands of generated programs (docs/design.md, "Validation").
#include "ValidationSupport.h"
#include "tests/support/Generator.h"

#include <gtest/gtest.h>

using namespace bpor;
using namespace bpor::testing;

namespace {

// Returns false (and checks nothing) if the program's full state space is too big to be a
// quick reference.
bool expectSameStates(const Program &program, uint64_t seed, PorMode mode) {
  SearchOptions reference;
  reference.maxExecutions = 3000;
  Reached full = reach(program, reference);
  if (!full.result.complete)
    return false;
  for (bool reduction : {false, true}) {
    SearchOptions reduced;
    reduced.por = mode;
    reduced.transitiveReduction = reduction;
    reduced.threadStartOptimization = reduction;
    reduced.releaseOptimization = reduction;
    reduced.alternativeThread = reduction;
    Reached dpor = reach(program, reduced);
    std::string where = "seed " + std::to_string(seed) +
                        (reduction ? " (transitive reduction, alternative thread)" : "") + "\n" +
                        program.toString();
    EXPECT_TRUE(dpor.result.complete);
    EXPECT_EQ(dpor.states.local, full.states.local) << "local states differ: " << where;
    EXPECT_EQ(dpor.states.terminal, full.states.terminal) << "terminal states differ: " << where;
    EXPECT_EQ(dpor.states.deadlock, full.states.deadlock) << "deadlock states differ: " << where;
    EXPECT_LE(dpor.result.stats.executions - dpor.result.stats.sleepSetBlocked,
              full.result.stats.executions)
        << where;
  }
  return true;
}

void validateSeeds(uint64_t first, uint64_t count, const GeneratorOptions &options) {
  uint64_t checked = 0;
  for (uint64_t seed = first; seed < first + count; ++seed) {
    checked += expectSameStates(generateProgram(seed, options), seed, PorMode::Dpor);
    if (::testing::Test::HasFailure())
      return;
  }
  // Most programs are small enough to be checked.
  EXPECT_GE(checked * 10, count * 9) << checked << " of " << count << " checked";
}

} // namespace

TEST(DporValidation, SmallGeneratedPrograms) {
  validateSeeds(0, validationSeeds(1500), GeneratorOptions());
}

TEST(DporValidation, ThreeChildrenTwoMutexes) {
  GeneratorOptions options;
  options.maxChildren = 3;
  options.numMutexes = 2;
  options.maxOpsPerThread = 2;
  options.grandchildren = false;
  validateSeeds(1000000, validationSeeds(500), options);
}

TEST(DporValidation, AssumesAndNoJoins) {
  GeneratorOptions options;
  options.assumes = true;
  options.joins = false;
  validateSeeds(2000000, validationSeeds(500), options);
}

TEST(DporValidation, ReductionActuallyHappens) {
  // Over the generated programs DPOR explores far fewer executions than exhaustive search.
  uint64_t full = 0, reduced = 0;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    Program p = generateProgram(seed);
    SearchOptions reference;
    reference.maxExecutions = 3000;
    Reached r = reach(p, reference);
    if (!r.result.complete)
      continue;
    full += r.result.stats.executions;
    SearchOptions dpor;
    dpor.por = PorMode::Dpor;
    reduced += reach(p, dpor).result.stats.executions;
  }
  EXPECT_LT(reduced * 2, full) << reduced << " vs " << full;
}
