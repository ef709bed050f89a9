// BPOR (Algorithm 8 with Algorithms 9-13 and 20): exact behaviour on hand-written programs,
// and validation against plain bounded search (Algorithm 3) on generated programs: for every
// bound function and c in 0..3 the two reach the same local, terminal and deadlock states.
#include "ValidationSupport.h"
#include "tests/support/Generator.h"

#include <gtest/gtest.h>

using namespace bpor;
using namespace bpor::testing;

namespace {

// A bug that needs exactly one preemption: T1 must read x0 between main's two writes.
Program onePreemptionBug() {
  Program p;
  p.bodies = {{forkOf(1), writeOf(0, 1), writeOf(0, 2)}, {assertNe(0, 1)}};
  return p;
}

// A bug that needs exactly two preemptions: T1 reads x0 == 1 (after main's first write) and
// writes y = 1, then main must read y before T1 overwrites it with 0. Main: z = 10 + y, and
// after joining T1 asserts z != 11. With one preemption either T1 reads x0 too early (y = 0)
// or it runs to its end before main reads y (y = 0 again).
Program twoPreemptionBug() {
  Program p;
  p.bodies = {{forkOf(1), writeOf(0, 1), readOf(1), writeOf(2, 10, true), writeOf(0, 2), joinOf(0),
               assertNe(2, 11)},
              {readOf(0), writeOf(1, 0, true), writeOf(1, 0)}};
  return p;
}

SearchResult search(const Program &program, PorMode por, BoundKind bound, uint64_t c) {
  ProgramModel model(program);
  SearchOptions options;
  options.por = por;
  options.bound = bound;
  options.boundValue = c;
  return explore(model, options);
}

} // namespace

TEST(Bpor, BugNeedingOnePreemptionIsFoundAtBoundOneNotZero) {
  for (PorMode por : {PorMode::None, PorMode::Bpor}) {
    SearchResult r0 = search(onePreemptionBug(), por, BoundKind::Preemption, 0);
    EXPECT_TRUE(r0.errors.empty()) << porModeName(por);
    EXPECT_TRUE(r0.complete);
    EXPECT_TRUE(r0.boundPruned);
    SearchResult r1 = search(onePreemptionBug(), por, BoundKind::Preemption, 1);
    ASSERT_EQ(r1.errors.size(), 1u) << porModeName(por);
    EXPECT_EQ(r1.errors[0].error.kind, ErrorKind::AssertionFailure);
  }
}

TEST(Bpor, BugNeedingTwoPreemptionsIsFoundAtBoundTwoNotOne) {
  for (PorMode por : {PorMode::None, PorMode::Bpor}) {
    SearchResult r1 = search(twoPreemptionBug(), por, BoundKind::Preemption, 1);
    EXPECT_TRUE(r1.errors.empty()) << porModeName(por);
    EXPECT_TRUE(r1.complete) << porModeName(por);
    SearchResult r2 = search(twoPreemptionBug(), por, BoundKind::Preemption, 2);
    ASSERT_EQ(r2.errors.size(), 1u) << porModeName(por);
    EXPECT_EQ(r2.errors[0].error.kind, ErrorKind::AssertionFailure);
    // The unbounded search finds it too.
    EXPECT_EQ(search(twoPreemptionBug(), por, BoundKind::None, 0).errors.size(), 1u);
  }
}

TEST(Bpor, PreemptionBoundedBporOnIndependentThreadsExploresOneExecution) {
  // Two threads writing different variables: every interleaving reaches the same states, and
  // with 0 preemptions there is exactly one execution (main to its end, then T1), so BPOR
  // needs 1 execution whatever the bound.
  Program p;
  p.bodies = {{forkOf(1), writeOf(0, 1), writeOf(0, 2)}, {writeOf(1, 1), writeOf(1, 2)}};
  for (uint64_t c : {0u, 1u, 2u, 5u})
    EXPECT_EQ(search(p, PorMode::Bpor, BoundKind::Preemption, c).stats.executions, 1u) << c;
}

TEST(Bpor, DepthBoundedBporIsPlainDepthBoundedSearch) {
  // Algorithm 9 backtracks every enabled thread: the same executions as Algorithm 3.
  Program p;
  p.bodies = {{forkOf(1), writeOf(0, 1), writeOf(0, 2)}, {writeOf(1, 1), writeOf(1, 2)}};
  for (uint64_t c : {2u, 3u, 4u})
    EXPECT_EQ(search(p, PorMode::Bpor, BoundKind::Depth, c).stats.executions,
              search(p, PorMode::None, BoundKind::Depth, c).stats.executions);
}

TEST(Bpor, LocalDepthAllowsIndependentStepsBeyondTheTotalDepth) {
  // main: fork T1, then 3 writes of x0; T1: 3 writes of x1. The longest happens-before chain
  // is fork + 3 writes = 4, so local depth 4 reaches the end although every execution has 7
  // steps; with partial-order reduction one execution suffices.
  Program p;
  p.bodies = {{forkOf(1), writeOf(0, 1), writeOf(0, 2), writeOf(0, 3)},
              {writeOf(1, 1), writeOf(1, 2), writeOf(1, 3)}};
  SearchResult r = search(p, PorMode::Bpor, BoundKind::LocalDepth, 4);
  EXPECT_EQ(r.stats.executions, 1u);
  EXPECT_EQ(r.stats.finished, 1u);
  EXPECT_FALSE(r.boundPruned);
  SearchResult cut = search(p, PorMode::Bpor, BoundKind::LocalDepth, 3);
  EXPECT_EQ(cut.stats.finished, 0u);
  EXPECT_TRUE(cut.boundPruned);
}

TEST(Bpor, IterativeBoundingFindsTheBugAtTheSmallestBound) {
  ProgramModel model(twoPreemptionBug());
  SearchOptions options;
  options.por = PorMode::Bpor;
  options.bound = BoundKind::Preemption;
  options.boundValue = 5;
  options.iterativeBounding = true;
  SearchResult r = explore(model, options);
  ASSERT_EQ(r.errors.size(), 1u);
  // Rounds 0 and 1 completed without error; round 2 stopped at the bug.
  uint64_t round0 =
      search(twoPreemptionBug(), PorMode::Bpor, BoundKind::Preemption, 0).stats.executions;
  uint64_t round1 =
      search(twoPreemptionBug(), PorMode::Bpor, BoundKind::Preemption, 1).stats.executions;
  uint64_t round2 =
      search(twoPreemptionBug(), PorMode::Bpor, BoundKind::Preemption, 2).stats.executions;
  EXPECT_EQ(r.stats.executions, round0 + round1 + round2);
  EXPECT_FALSE(r.complete);
}

TEST(Bpor, IterativeBoundingReportsEachRound) {
  // The two-preemption bug: rounds 0 and 1 complete, cut transitions and find nothing; round
  // 2 finds the bug and stops (not complete: stopped at the first error).
  ProgramModel model(twoPreemptionBug());
  SearchOptions options;
  options.por = PorMode::Bpor;
  options.bound = BoundKind::Preemption;
  options.boundValue = 5;
  options.iterativeBounding = true;
  std::vector<BoundRound> reported;
  options.onRound = [&](const BoundRound &round) { reported.push_back(round); };
  SearchResult r = explore(model, options);
  ASSERT_EQ(r.rounds.size(), 3u);
  ASSERT_EQ(reported.size(), 3u);
  uint64_t sum = 0;
  for (uint64_t c = 0; c < 3; ++c) {
    const BoundRound &round = r.rounds[c];
    EXPECT_EQ(round.bound, c);
    EXPECT_EQ(reported[c].bound, c);
    EXPECT_EQ(reported[c].stats.executions, round.stats.executions);
    EXPECT_EQ(round.stats.executions,
              search(twoPreemptionBug(), PorMode::Bpor, BoundKind::Preemption, c).stats.executions);
    EXPECT_EQ(round.complete, c < 2);
    EXPECT_EQ(round.errors, c == 2 ? 1u : 0u);
    if (c < 2) {
      EXPECT_TRUE(round.boundPruned);
    }
    sum += round.stats.executions;
  }
  EXPECT_EQ(sum, r.stats.executions);

  // Independent threads saturate at 3 preemptions: the last round prunes nothing.
  Program p;
  p.bodies = {{forkOf(1), writeOf(0, 1), writeOf(0, 2)}, {writeOf(1, 1), writeOf(1, 2)}};
  ProgramModel independent(p);
  options.onRound = nullptr;
  options.por = PorMode::None;
  options.boundValue = 10;
  SearchResult saturated = explore(independent, options);
  ASSERT_EQ(saturated.rounds.size(), 4u);
  for (uint64_t c = 0; c < 4; ++c) {
    EXPECT_TRUE(saturated.rounds[c].complete);
    EXPECT_EQ(saturated.rounds[c].boundPruned, c < 3);
    EXPECT_EQ(saturated.rounds[c].errors, 0u);
  }
  // Without iterative bounding there are no rounds.
  options.iterativeBounding = false;
  EXPECT_TRUE(explore(independent, options).rounds.empty());
}

TEST(Bpor, IterativeBoundingStopsWhenTheBoundNoLongerCuts) {
  // Independent threads: main's 2 writes and T1's 2 writes. Bound 0 and 1 cut transitions;
  // the largest number of preemptions any schedule has is 3 (M T M T after the fork), so round
  // 3 cuts nothing and the search stops there, complete, although the limit is 10.
  Program p;
  p.bodies = {{forkOf(1), writeOf(0, 1), writeOf(0, 2)}, {writeOf(1, 1), writeOf(1, 2)}};
  ProgramModel model(p);
  SearchOptions options;
  options.bound = BoundKind::Preemption;
  options.boundValue = 10;
  options.iterativeBounding = true;
  SearchResult r = explore(model, options);
  EXPECT_TRUE(r.complete);
  EXPECT_FALSE(r.boundPruned);
  uint64_t expected = 0;
  for (uint64_t c = 0; c <= 3; ++c)
    expected += search(p, PorMode::None, BoundKind::Preemption, c).stats.executions;
  EXPECT_EQ(r.stats.executions, expected);
  EXPECT_EQ(search(p, PorMode::None, BoundKind::Preemption, 3).stats.executions, 6u);
}

// T1's end enables main's join; with the fair bound 1, T2's write after its two yields is
// then too expensive (main, enabled with no yields, would have to wait), and main's failed
// assertion ends every execution after the join. So T2's write is reachable only before T1
// ends, which needs every enabled thread backtracked before T1's last transition: the release
// rule of Algorithms 12 and 13 (BPOR's Initialize runs T1's write first there). Without the
// pending endsThread hint that rule cannot fire before T1's write runs; the join's race with
// T1's end (a disabled join: every enabled thread) and the engine's late release discovery
// must supply the point instead (with neither, fair bound 1 loses T2's final state).
TEST(Bpor, ThreadEndIsAReleaseEvenWithoutThePendingHint) {
  Program p;
  p.bodies = {{forkOf(1), forkOf(2), joinOf(0), assertEq(9, 1)},
              {yieldOp(), writeOf(1, 1)},
              {yieldOp(), yieldOp(), writeOf(2, 1)}};
  for (BoundKind bound : {BoundKind::Fair, BoundKind::Delta}) {
    for (uint64_t c = 0; c <= 2; ++c) {
      SearchOptions plain;
      plain.bound = bound;
      plain.boundValue = c;
      Reached reference = reach(p, plain);
      for (int optimizations = 0; optimizations < 8; ++optimizations) {
        SearchOptions options = plain;
        options.por = PorMode::Bpor;
        options.transitiveReduction = optimizations & 1;
        options.threadStartOptimization = optimizations & 1;
        options.releaseOptimization = optimizations & 1;
        options.boundOptimization = optimizations & 2;
        options.sleepSets = optimizations & 4;
        Reached bpor = reach(p, options, /*endsThreadHint=*/false);
        EXPECT_EQ(bpor.states.local, reference.states.local)
            << boundKindName(bound) << " bound " << c << ", optimizations " << optimizations;
      }
    }
  }
}

TEST(Bpor, BruteForceInvariantCheckHoldsOnGeneratedPrograms) {
  // checkInvariants recomputes Lines 4-10 of Algorithm 8 from the definitions in every state
  // and throws if a required backtrack point is missing.
  const BoundKind bounds[] = {BoundKind::None,       BoundKind::Depth,       BoundKind::Context,
                              BoundKind::Preemption, BoundKind::Delta,       BoundKind::Fair,
                              BoundKind::LocalDepth, BoundKind::LocalContext};
  for (uint64_t seed = 0; seed < validationSeeds(40); ++seed) {
    Program program = generateProgram(seed);
    for (int config = 0; config < 16; ++config) {
      SearchOptions options;
      options.keepGoing = true;
      options.checkInvariants = true;
      options.maxExecutions = 2000;
      options.transitiveReduction = config & 1;
      options.threadStartOptimization = config & 1;
      options.releaseOptimization = config & 1;
      options.boundOptimization = config & 2;
      options.sleepSets = config & 4;
      options.alternativeThread = config & 8;
      options.por = PorMode::Dpor;
      ProgramModel dporModel(program);
      EXPECT_NO_THROW(explore(dporModel, options)) << "dpor, seed " << seed;
      options.por = PorMode::Bpor;
      for (BoundKind bound : bounds) {
        options.bound = bound;
        options.boundValue = 2;
        ProgramModel model(program);
        EXPECT_NO_THROW(explore(model, options))
            << boundKindName(bound) << ", seed " << seed << ", config " << config;
      }
    }
    if (::testing::Test::HasFailure())
      return;
  }
}

namespace {

void validateBpor(BoundKind bound, uint64_t firstSeed, uint64_t seeds,
                  const GeneratorOptions &generator, uint64_t maxDepth = 100000,
                  bool endsThreadHint = true) {
  uint64_t checked = 0, attempted = 0;
  for (uint64_t seed = firstSeed; seed < firstSeed + seeds; ++seed) {
    Program program = generateProgram(seed, generator);
    for (uint64_t c = 0; c <= 3; ++c) {
      SearchOptions reference;
      reference.bound = bound;
      reference.boundValue = c;
      reference.maxDepth = maxDepth;
      reference.maxExecutions = 3000;
      ++attempted;
      Reached plain = reach(program, reference);
      // The proofs assume no execution is cut as a livelock (Theorem 13, proof companion).
      if (!plain.result.complete || plain.result.stats.depthLimited)
        continue;
      ++checked;
      // Plain BPOR, then with the transitive reduction (6.1), the bound optimization (6.4)
      // and sleep sets (6.5) added one by one, then the alternative thread (6.2) alone and
      // with all of them; without the endsThread hint, every combination.
      std::vector<int> combinations = {0, 1, 3, 7, 8, 15};
      if (!endsThreadHint)
        combinations = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
      for (int optimizations : combinations) {
        SearchOptions reduced = reference;
        reduced.por = PorMode::Bpor;
        reduced.maxExecutions = 0;
        reduced.transitiveReduction = optimizations & 1;
        reduced.threadStartOptimization = optimizations & 1;
        reduced.releaseOptimization = optimizations & 1;
        reduced.boundOptimization = optimizations & 2;
        reduced.sleepSets = optimizations & 4;
        reduced.alternativeThread = optimizations & 8;
        Reached bpor = reach(program, reduced, endsThreadHint);
        std::string names = std::string(optimizations & 1 ? " transitive-reduction" : "") +
                            (optimizations & 2 ? " bound-optimization" : "") +
                            (optimizations & 4 ? " sleep-sets" : "") +
                            (optimizations & 8 ? " alternative-thread" : "");
        std::string where = std::string(boundKindName(bound)) + " bound " + std::to_string(c) +
                            (endsThreadHint ? "" : " (no pending endsThread hint)") + " (" + names +
                            " ), seed " + std::to_string(seed) + "\n" + program.toString();
        ASSERT_TRUE(bpor.result.complete) << where;
        ASSERT_EQ(bpor.states.local, plain.states.local) << "local states differ: " << where;
        ASSERT_EQ(bpor.states.terminal, plain.states.terminal) << "terminal states: " << where;
        ASSERT_EQ(bpor.states.deadlock, plain.states.deadlock) << "deadlock states: " << where;
      }
    }
  }
  // A run over many seeds must compare most of them (a single regression seed may skip the
  // bounds where the reference hits its execution limit).
  if (seeds > 1)
    EXPECT_GE(checked * 10, attempted * 8) << checked << " of " << attempted << " checked";
  else
    EXPECT_GT(checked, 0u);
}

class BporValidation : public ::testing::TestWithParam<BoundKind> {};

GeneratorOptions twoMutexesAndAssumes() {
  GeneratorOptions options;
  options.numMutexes = 2;
  options.assumes = true;
  options.maxOpsPerThread = 2;
  return options;
}

} // namespace

// Generated programs on which BPOR misses states without the rules of docs/algorithms-notes.md,
// items 12 and 13.
TEST(BporRegression, ReleaseOptimizationKeepsThePointBeforeTheReleaseForPreemption) {
  // Seed 606: T1 must write x1 before main's unlock of m0, so that its lock of m0 blocks and
  // the switch to T2 is free (Figure 6.3); only the point before the unlock gives that.
  validateBpor(BoundKind::Preemption, 606, 1, GeneratorOptions());
  validateBpor(BoundKind::Preemption, 5001248, 1, twoMutexesAndAssumes());
}

TEST(BporRegression, LocalContextIsStableUnderCommutingReads) {
  // Seed 2412: main's read of x1 between T2's write and T2's own read of x1 must not cost T2's
  // read a context switch: the two reads commute.
  validateBpor(BoundKind::LocalContext, 2412, 1, GeneratorOptions());
}

TEST_P(BporValidation, SameStatesAsPlainBoundedSearch) {
  validateBpor(GetParam(), 0, validationSeeds(200), GeneratorOptions());
}

TEST_P(BporValidation, SameStatesWithTwoMutexesAndAssumes) {
  validateBpor(GetParam(), 5000000, validationSeeds(150), twoMutexesAndAssumes());
}

// Spin loops make the state space cyclic: only the fair bound (with the livelock depth
// MAX_DEPTH, Definition 1.11 of the proof companion) promises coverage there.
TEST(BporValidationCyclic, FairBoundWithSpinLoops) {
  GeneratorOptions options;
  options.spins = true;
  validateBpor(BoundKind::Fair, 7000000, validationSeeds(150), options, 40);
}

// The runtime cannot tell that a pending transition will end its thread; the delta and fair
// bounds, which judge pending transitions as releases, must be right without that hint
// (docs/algorithms-notes.md, item 5).
class BporValidationWithoutHint : public ::testing::TestWithParam<BoundKind> {};

TEST_P(BporValidationWithoutHint, SameStatesAsPlainBoundedSearch) {
  if (const char *env = std::getenv("BPOR_HINTLESS_FIRST_SEED")) {
    validateBpor(GetParam(), std::strtoull(env, nullptr, 10), validationSeeds(100),
                 GeneratorOptions(), 100000, false);
    return;
  }
  validateBpor(GetParam(), 0, validationSeeds(100), GeneratorOptions(), 100000, false);
}

TEST_P(BporValidationWithoutHint, SameStatesWithTwoMutexesAndAssumes) {
  GeneratorOptions options;
  options.numMutexes = 2;
  options.assumes = true;
  options.maxOpsPerThread = 2;
  validateBpor(GetParam(), 5000000, validationSeeds(100), options, 100000, false);
}

TEST(BporValidationWithoutHintCyclic, FairBoundWithSpinLoops) {
  GeneratorOptions options;
  options.spins = true;
  validateBpor(BoundKind::Fair, 7000000, validationSeeds(100), options, 40, false);
}

INSTANTIATE_TEST_SUITE_P(ReleaseBounds, BporValidationWithoutHint,
                         ::testing::Values(BoundKind::Delta, BoundKind::Fair),
                         [](const ::testing::TestParamInfo<BoundKind> &info) {
                           return std::string(boundKindName(info.param));
                         });

INSTANTIATE_TEST_SUITE_P(AllBounds, BporValidation,
                         ::testing::Values(BoundKind::None, BoundKind::Depth, BoundKind::Context,
                                           BoundKind::Preemption, BoundKind::Delta, BoundKind::Fair,
                                           BoundKind::LocalDepth, BoundKind::LocalContext),
                         [](const ::testing::TestParamInfo<BoundKind> &info) {
                           std::string name = boundKindName(info.param);
                           name.erase(std::remove(name.begin(), name.end(), '-'), name.end());
                           return name;
                         });
