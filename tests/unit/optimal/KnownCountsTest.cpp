// Optimal DPOR on hand-written programs whose number of Mazurkiewicz traces is known: it
// explores exactly one execution per trace, and exhaustive search finds the same number of
// distinct traces. Source-DPOR reaches the same traces, possibly with more executions.
//
// In every program main forks the worker threads and does nothing else; a fork commutes with
// everything but its child's events, so it does not add traces.
#include "KnownPrograms.h"
#include "OptimalTestSupport.h"

#include <gtest/gtest.h>

using namespace bpor;
using namespace bpor::testing;

namespace {

// Optimal DPOR explores exactly `traces` executions, all different, none blocked; exhaustive
// search finds exactly that many traces; source-DPOR finds them all.
void expectTraceCount(const Program &program, uint64_t traces, bool checkExhaustive = true) {
  Explored optimal = exploreWith(program, OptimalVariant::Optimal);
  EXPECT_TRUE(optimal.result.complete);
  EXPECT_EQ(optimal.result.stats.executions, traces) << program.toString();
  EXPECT_EQ(optimal.distinctTraces(), traces);
  EXPECT_EQ(optimal.duplicates(), 0u);
  EXPECT_EQ(optimal.result.stats.sleepSetBlocked, 0u);

  Explored source = exploreWith(program, OptimalVariant::Source);
  EXPECT_TRUE(source.result.complete);
  EXPECT_EQ(source.distinctTraces(), traces);
  EXPECT_EQ(source.duplicates(), 0u);
  EXPECT_EQ(source.states.terminal, optimal.states.terminal);

  if (checkExhaustive) {
    Explored full = exploreWith(program, PorMode::None);
    EXPECT_EQ(full.distinctTraces(), traces);
    EXPECT_EQ(full.states.local, optimal.states.local);
  }
}

} // namespace

TEST(OptimalKnownCounts, WriteThenReadGivesFactorialSquared) {
  expectTraceCount(writeThenRead(2), 4);
  expectTraceCount(writeThenRead(3), 36);
}

TEST(OptimalKnownCounts, WriteThenReadFourThreads) {
  // 576 traces; exhaustive search would run 8!/2^4 * ... interleavings: skip it here.
  expectTraceCount(writeThenRead(4), 576, false);
}

TEST(OptimalKnownCounts, RingOfReadsGivesTwoToTheNMinusOne) {
  for (unsigned n = 2; n <= 4; ++n)
    expectTraceCount(ringOfReads(n), (uint64_t(1) << n) - 1, n <= 3);
}

TEST(OptimalKnownCounts, LockedIncrementsGiveFactorial) {
  for (unsigned n = 1; n <= 4; ++n)
    expectTraceCount(lockedIncrements(n, 1), factorial(n), n <= 3);
}

TEST(OptimalKnownCounts, OwnVariablesGiveOneTrace) {
  expectTraceCount(ownVariables(4), 1);
}

TEST(OptimalKnownCounts, LockedCounterThreeThreadsTwoSectionsEach) {
  // 6 critical sections, each thread's two in program order: 6! / (2!)^3 = 90.
  expectTraceCount(lockedIncrements(3, 2), 90, false);
}

TEST(OptimalKnownCounts, LockInversionDeadlocksOnce) {
  // main: lock m0, lock m1; T1: lock m1, lock m0. Either thread runs both its critical
  // sections first (2 traces), or each holds its first mutex: one deadlock.
  Program p;
  p.bodies = {{forkOf(1), lockOf(0), lockOf(1), unlockOf(1), unlockOf(0)},
              {lockOf(1), lockOf(0), unlockOf(0), unlockOf(1)}};
  Explored optimal = exploreWith(p, OptimalVariant::Optimal);
  EXPECT_EQ(optimal.result.stats.executions, 3u);
  EXPECT_EQ(optimal.result.stats.deadlocks, 1u);
  EXPECT_EQ(optimal.result.stats.finished, 2u);
  ASSERT_EQ(optimal.result.errors.size(), 1u);
  EXPECT_EQ(optimal.result.errors[0].error.kind, ErrorKind::Deadlock);
  expectTraceCount(p, 3);
}

TEST(OptimalKnownCounts, NondetChoicesAreSeparateTraces) {
  // T1: r = nondet(3); x0 = r + 1. T2: read x0 (before or after the write): 3 * 2.
  Program p = withWorkers({{nondetOf(3), writeOf(0, 1, true)}, {readOf(0)}});
  expectTraceCount(p, 6);
}

TEST(OptimalKnownCounts, AssertionFailureEndsTheExecution) {
  // main forks T1 (x0 = 1) and T2 (x1 = 1) and asserts x0 == 0. The assertion reads 0 or 1;
  // when it fails it ends the execution, so whether T2's write ran first is part of the
  // trace: passing (T1 before or after: 2 orders of the read and the write, with T2's write
  // anywhere, plus it running or not when the assertion fails ...): counted by exhaustive
  // search and checked equal.
  Program p;
  p.bodies = {{forkOf(1), forkOf(2), assertEq(0, 0)}, {writeOf(0, 1)}, {writeOf(1, 1)}};
  Explored full = exploreWith(p, PorMode::None);
  Explored optimal = exploreWith(p, OptimalVariant::Optimal);
  EXPECT_EQ(optimal.result.stats.executions, full.distinctTraces());
  EXPECT_EQ(optimal.duplicates(), 0u);
  EXPECT_EQ(optimal.result.stats.sleepSetBlocked, 0u);
  // Failing runs: T1 wrote; T2 did or did not write first (2). Passing: T1's write after the
  // read (1 trace, T2 anywhere).
  EXPECT_EQ(optimal.result.stats.errors, 2u);
  EXPECT_EQ(optimal.result.stats.executions, 3u);
}

TEST(OptimalKnownCounts, JoinWaitsForItsChild) {
  // main: fork T1; join T1; read x0. T1: x0 = 1. The join orders everything: 1 trace.
  Program p;
  p.bodies = {{forkOf(1), joinOf(0), readOf(0)}, {writeOf(0, 1)}};
  expectTraceCount(p, 1);
}

TEST(OptimalKnownCounts, BoundsAreRejected) {
  Program p = ownVariables(2);
  ProgramModel model(p);
  SearchOptions options;
  options.bound = BoundKind::Preemption;
  options.boundValue = 1;
  EXPECT_THROW(exploreOptimal(model, options, OptimalVariant::Optimal), std::invalid_argument);
}
