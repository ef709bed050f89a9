// A fair bound combined with a context, preemption or delta bound (6.6, dissertation): plain
// bounded search with the combination is the reference, and BPOR must reach exactly its local,
// terminal and deadlock states on generated programs with spin loops, for c = 0..3, fair
// bound 1..2 and every combination of the optimizations.
#include "ValidationSupport.h"
#include "tests/support/Generator.h"

#include <gtest/gtest.h>

#include <stdexcept>

using namespace bpor;
using namespace bpor::testing;

namespace {

// Main spins until T1 has written x0, T1 writes x0 after a yield: the fair bound cuts main's
// spin, the other bound counts the switches.
Program spinUntilWritten() {
  Program p;
  p.bodies = {{forkOf(1), spinUntil(0, 1), writeOf(1, 1)}, {yieldOp(), writeOf(0, 1)}};
  return p;
}

SearchOptions combined(BoundKind bound, uint64_t c, uint64_t fair) {
  SearchOptions options;
  options.bound = bound;
  options.boundValue = c;
  options.combinedFairBound = fair;
  options.maxDepth = 40;
  return options;
}

void validateCombined(BoundKind bound, uint64_t firstSeed, uint64_t seeds) {
  GeneratorOptions generator;
  generator.spins = true;
  uint64_t checked = 0, attempted = 0;
  for (uint64_t seed = firstSeed; seed < firstSeed + seeds; ++seed) {
    Program program = generateProgram(seed, generator);
    for (uint64_t fair = 1; fair <= 2; ++fair) {
      for (uint64_t c = 0; c <= 3; ++c) {
        SearchOptions reference = combined(bound, c, fair);
        reference.maxExecutions = 3000;
        ++attempted;
        Reached plain = reach(program, reference);
        // The proofs assume no execution is cut as a livelock (item 10 of the notes).
        if (!plain.result.complete || plain.result.stats.livelocks)
          continue;
        ++checked;
        for (int optimizations = 0; optimizations < 16; ++optimizations) {
          SearchOptions reduced = reference;
          reduced.por = PorMode::Bpor;
          reduced.maxExecutions = 0;
          reduced.transitiveReduction = optimizations & 1;
          reduced.threadStartOptimization = optimizations & 1;
          reduced.releaseOptimization = optimizations & 1;
          reduced.boundOptimization = optimizations & 2;
          reduced.sleepSets = optimizations & 4;
          reduced.alternativeThread = optimizations & 8;
          Reached bpor = reach(program, reduced);
          std::string where = std::string(boundKindName(bound)) + " bound " + std::to_string(c) +
                              " with fair bound " + std::to_string(fair) + ", optimizations " +
                              std::to_string(optimizations) + ", seed " + std::to_string(seed) +
                              "\n" + program.toString();
          ASSERT_TRUE(bpor.result.complete) << where;
          ASSERT_EQ(bpor.states.local, plain.states.local) << "local states differ: " << where;
          ASSERT_EQ(bpor.states.terminal, plain.states.terminal) << "terminal states: " << where;
          ASSERT_EQ(bpor.states.deadlock, plain.states.deadlock) << "deadlock states: " << where;
        }
      }
    }
  }
  EXPECT_GE(checked * 10, attempted * 5) << checked << " of " << attempted << " checked";
}

class CombinedFairBoundValidation : public ::testing::TestWithParam<BoundKind> {};

} // namespace

TEST(CombinedFairBound, OnlyContextPreemptionAndDeltaCombine) {
  ProgramModel model(spinUntilWritten());
  for (BoundKind bound : {BoundKind::None, BoundKind::Depth, BoundKind::Fair, BoundKind::LocalDepth,
                          BoundKind::LocalContext}) {
    SearchOptions options = combined(bound, 2, 1);
    EXPECT_THROW(explore(model, options), std::invalid_argument) << boundKindName(bound);
  }
  for (BoundKind bound : {BoundKind::Context, BoundKind::Preemption, BoundKind::Delta})
    EXPECT_NO_THROW(explore(model, combined(bound, 2, 1))) << boundKindName(bound);
}

TEST(CombinedFairBound, ATransitionIsWithinTheCombinationIffWithinBoth) {
  // Preemption bound 0: after forking T1, main spins (read x0, yield) until T1 has written
  // x0, and T1 may run only if main is preempted. Alone, preemption bound 0 never preempts
  // main, which spins to maxDepth: one execution, a livelock. With fair bound 1, main's read
  // after its second yield exceeds the fair bound (T1, enabled, has yielded 0 times) and T1
  // still exceeds the preemption bound: the one execution ends bound-blocked, no livelock.
  SearchOptions alone;
  alone.bound = BoundKind::Preemption;
  alone.boundValue = 0;
  alone.maxDepth = 40;
  alone.keepGoing = true;
  ProgramModel model(spinUntilWritten());
  SearchResult spinning = explore(model, alone);
  EXPECT_EQ(spinning.stats.livelocks, 1u);
  SearchOptions both = combined(BoundKind::Preemption, 0, 1);
  both.keepGoing = true;
  SearchResult cut = explore(model, both);
  EXPECT_EQ(cut.stats.livelocks, 0u);
  EXPECT_EQ(cut.stats.executions, 1u);
  EXPECT_EQ(cut.stats.boundBlocked, 1u);
  EXPECT_TRUE(cut.boundPruned);
}

TEST(CombinedFairBound, IterativeBoundingRaisesTheOtherBoundOnly) {
  ProgramModel model(spinUntilWritten());
  SearchOptions options = combined(BoundKind::Preemption, 3, 1);
  options.iterativeBounding = true;
  options.keepGoing = true;
  SearchResult r = explore(model, options);
  ASSERT_FALSE(r.rounds.empty());
  for (const BoundRound &round : r.rounds) {
    SearchOptions single = combined(BoundKind::Preemption, round.bound, 1);
    single.keepGoing = true;
    EXPECT_EQ(round.stats.executions, explore(model, single).stats.executions) << round.bound;
  }
}

TEST(CombinedFairBound, BruteForceInvariantCheckHolds) {
  // checkInvariants recomputes the race analysis from the definitions in every state and
  // checks the points the combination's Backtrack requires (both bounds' and 6.6's).
  GeneratorOptions generator;
  generator.spins = true;
  for (uint64_t seed = 9500000; seed < 9500000 + validationSeeds(15); ++seed) {
    Program program = generateProgram(seed, generator);
    for (BoundKind bound : {BoundKind::Context, BoundKind::Preemption, BoundKind::Delta}) {
      for (int optimizations : {0, 15}) {
        SearchOptions options = combined(bound, 2, 1);
        options.por = PorMode::Bpor;
        options.keepGoing = true;
        options.checkInvariants = true;
        options.maxExecutions = 2000;
        options.transitiveReduction = optimizations & 1;
        options.threadStartOptimization = optimizations & 1;
        options.releaseOptimization = optimizations & 1;
        options.boundOptimization = optimizations & 2;
        options.sleepSets = optimizations & 4;
        options.alternativeThread = optimizations & 8;
        ProgramModel model(program);
        EXPECT_NO_THROW(explore(model, options)) << boundKindName(bound) << ", seed " << seed;
      }
    }
  }
}

TEST_P(CombinedFairBoundValidation, SameStatesAsPlainBoundedSearchWithSpinLoops) {
  validateCombined(GetParam(), 9000000, validationSeeds(25));
}

INSTANTIATE_TEST_SUITE_P(Bounds, CombinedFairBoundValidation,
                         ::testing::Values(BoundKind::Context, BoundKind::Preemption,
                                           BoundKind::Delta),
                         [](const ::testing::TestParamInfo<BoundKind> &info) {
                           return std::string(boundKindName(info.param));
                         });
