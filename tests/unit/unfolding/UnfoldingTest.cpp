// The unfolding search on the test models (no LLVM): exact counts of maximal configurations on
// programs whose number of Mazurkiewicz traces is known, and on generated programs the same
// local, terminal and deadlock states as exhaustive search, the same errors, and (where no
// event ends an execution early) exactly one execution per trace, as optimal DPOR.
#include "KnownPrograms.h"
#include "OptimalTestSupport.h"
#include "checker/unfolding/UnfoldingExplorer.h"
#include "tests/support/Generator.h"

#include <gtest/gtest.h>

using namespace bpor;
using namespace bpor::testing;

namespace {

Explored exploreUnfoldingWith(const Program &program, unsigned partial = 0,
                              uint64_t maxExecutions = 0) {
  Explored out;
  SearchOptions options;
  options.keepGoing = true;
  options.maxExecutions = maxExecutions;
  UnfoldingOptions unfolding;
  unfolding.partialAlternatives = partial;
  ProgramModel model(program);
  out.result = exploreUnfolding(model, options, unfolding, recorder(out)).search;
  return out;
}

void expectTraceCount(const Program &program, uint64_t traces) {
  Explored unfolding = exploreUnfoldingWith(program);
  EXPECT_TRUE(unfolding.result.complete);
  EXPECT_EQ(unfolding.result.stats.executions, traces) << program.toString();
  EXPECT_EQ(unfolding.distinctTraces(), traces);
  EXPECT_EQ(unfolding.duplicates(), 0u);
  EXPECT_EQ(unfolding.result.stats.sleepSetBlocked, 0u);
}

} // namespace

TEST(UnfoldingKnownCounts, WriteThenReadGivesFactorialSquared) {
  expectTraceCount(writeThenRead(2), 4);
  expectTraceCount(writeThenRead(3), 36);
}

TEST(UnfoldingKnownCounts, RingOfReadsGivesTwoToTheNMinusOne) {
  for (unsigned n = 2; n <= 4; ++n)
    expectTraceCount(ringOfReads(n), (uint64_t(1) << n) - 1);
}

TEST(UnfoldingKnownCounts, LockedIncrementsGiveFactorial) {
  expectTraceCount(lockedIncrements(3, 1), 6);
  expectTraceCount(lockedIncrements(2, 2), 6);
}

namespace {

struct Totals {
  uint64_t checked = 0, counted = 0, partialExtra = 0;
};

bool validate(const Program &program, uint64_t seed, Totals &totals) {
  Explored full = exploreWith(program, PorMode::None, 3000);
  if (!full.result.complete)
    return false;
  Explored unfolding = exploreUnfoldingWith(program);
  EXPECT_TRUE(unfolding.result.complete) << "seed " << seed;
  EXPECT_EQ(unfolding.states.local, full.states.local)
      << "seed " << seed << ": local states differ\n" << program.toString();
  EXPECT_EQ(unfolding.states.terminal, full.states.terminal)
      << "seed " << seed << ": terminal states differ\n" << program.toString();
  EXPECT_EQ(unfolding.states.deadlock, full.states.deadlock)
      << "seed " << seed << ": deadlock states differ\n" << program.toString();
  EXPECT_EQ(unfolding.result.stats.errors > 0, full.result.stats.errors > 0)
      << "seed " << seed << "\n" << program.toString();
  EXPECT_EQ(unfolding.result.stats.sleepSetBlocked, 0u) << "seed " << seed;
  EXPECT_EQ(unfolding.duplicates(), 0u) << "seed " << seed << "\n" << program.toString();
  // Without events that end an execution early, the maximal configurations are the traces.
  bool endsEarly = full.result.stats.errors != full.result.stats.deadlocks ||
                   full.result.stats.infeasible != 0;
  if (!endsEarly) {
    EXPECT_EQ(unfolding.result.stats.executions, full.distinctTraces())
        << "seed " << seed << "\n" << program.toString();
    ++totals.counted;
  }
  Explored partial = exploreUnfoldingWith(program, 1);
  EXPECT_TRUE(partial.result.complete) << "seed " << seed;
  EXPECT_EQ(partial.states.local, full.states.local)
      << "seed " << seed << ": 1-partial alternatives: local states differ\n"
      << program.toString();
  EXPECT_EQ(partial.states.deadlock, full.states.deadlock) << "seed " << seed;
  EXPECT_GE(partial.result.stats.executions, unfolding.result.stats.executions);
  totals.partialExtra += partial.result.stats.executions - unfolding.result.stats.executions;
  ++totals.checked;
  return true;
}

void validateSeeds(uint64_t first, uint64_t count, const GeneratorOptions &options) {
  Totals totals;
  for (uint64_t seed = first; seed < first + count; ++seed) {
    validate(generateProgram(seed, options), seed, totals);
    if (::testing::Test::HasFailure())
      return;
  }
  EXPECT_GE(totals.checked * 10, count * 8) << totals.checked << " of " << count << " checked";
  // The exact count is compared on a good share of them.
  EXPECT_GE(totals.counted * 3, totals.checked) << totals.counted << " counted";
}

} // namespace

TEST(UnfoldingValidation, SmallGeneratedPrograms) {
  validateSeeds(0, validationSeeds(500), GeneratorOptions());
}

TEST(UnfoldingValidation, ThreeChildrenTwoMutexes) {
  GeneratorOptions options;
  options.maxChildren = 3;
  options.numMutexes = 2;
  options.maxOpsPerThread = 2;
  options.grandchildren = false;
  validateSeeds(1000000, validationSeeds(200), options);
}

TEST(UnfoldingValidation, AssumesAndNoJoins) {
  GeneratorOptions options;
  options.assumes = true;
  options.joins = false;
  validateSeeds(2000000, validationSeeds(200), options);
}

TEST(UnfoldingValidation, OneVariableManyConflicts) {
  GeneratorOptions options;
  options.numVariables = 1;
  options.maxOpsPerThread = 4;
  validateSeeds(3000000, validationSeeds(200), options);
}

TEST(UnfoldingApi, ProgramThatFailsBeforeAnyStep) {
  // A one-instruction main that fails its assertion in its first step: one execution.
  Program p;
  p.bodies = {{assertEq(0, 1)}};
  Explored found = exploreUnfoldingWith(p);
  EXPECT_EQ(found.result.stats.executions, 1u);
  EXPECT_EQ(found.result.stats.errors, 1u);
  ASSERT_EQ(found.result.errors.size(), 1u);
  EXPECT_EQ(found.result.errors[0].error.kind, ErrorKind::AssertionFailure);
}

TEST(UnfoldingApi, StopsAtTheFirstErrorWithAReplayableSchedule) {
  // Two threads race on x0; main asserts the lost update cannot happen.
  Program p = withWorkers({{readOf(0), writeOf(0, 1, true)}, {readOf(0), writeOf(0, 1, true)}});
  p.bodies[0].push_back(joinOf(1));
  p.bodies[0].push_back(joinOf(2));
  p.bodies[0].push_back(assertEq(0, 2));
  SearchOptions options;
  ProgramModel model(p);
  SearchResult r = exploreUnfolding(model, options).search;
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_FALSE(r.complete);
  ReplayResult again = replay(model, r.errors[0].schedule);
  EXPECT_TRUE(again.followed) << again.problem;
  EXPECT_EQ(again.status, ExecStatus::Error);
}
