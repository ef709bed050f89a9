// Exhaustive search (Algorithm 1) and plain bounded search (Algorithm 3) on hand-written
// programs, with execution counts derived by hand in each test.
#include "checker/Explorer.h"
#include "tests/support/ProgramModel.h"

#include <gtest/gtest.h>

using namespace bpor;
using namespace bpor::testing;

namespace {

// main: fork T1, then n writes of x0; T1: m writes of x1. Every step of main commutes with
// every step of T1.
Program independentThreads(unsigned n, unsigned m) {
  Program p;
  p.bodies.resize(2);
  p.bodies[0].push_back(forkOf(1));
  for (unsigned i = 0; i < n; ++i)
    p.bodies[0].push_back(writeOf(0, i + 1));
  for (unsigned i = 0; i < m; ++i)
    p.bodies[1].push_back(writeOf(1, i + 1));
  return p;
}

// The classic lost update: both threads do x0 = x0 + 1; main joins and asserts x0 == 2.
Program racyIncrement() {
  Program p;
  p.bodies.resize(2);
  p.bodies[0] = {forkOf(1), readOf(0), writeOf(0, 1, true), joinOf(0), assertEq(0, 2)};
  p.bodies[1] = {readOf(0), writeOf(0, 1, true)};
  return p;
}

// Lock-order inversion: main takes m0 then m1, T1 takes m1 then m0.
Program lockInversion() {
  Program p;
  p.bodies.resize(2);
  p.bodies[0] = {forkOf(1), lockOf(0), lockOf(1), unlockOf(1), unlockOf(0)};
  p.bodies[1] = {lockOf(1), lockOf(0), unlockOf(0), unlockOf(1)};
  return p;
}

SearchResult exhaustive(const Program &program, SearchOptions options = {}) {
  ProgramModel model(program);
  return explore(model, options);
}

} // namespace

TEST(Exhaustive, TwoIndependentThreadsGiveBinomialInterleavings) {
  // After the fork (the only first step), main's 3 and T1's 2 steps interleave freely:
  // C(3+2, 2) = 10 executions, all finished.
  SearchResult r = exhaustive(independentThreads(3, 2));
  EXPECT_EQ(r.stats.executions, 10u);
  EXPECT_EQ(r.stats.finished, 10u);
  EXPECT_TRUE(r.errors.empty());
  EXPECT_TRUE(r.complete);
  EXPECT_FALSE(r.boundPruned);
}

TEST(Exhaustive, LargerBinomial) {
  // C(4+4, 4) = 70.
  SearchResult r = exhaustive(independentThreads(4, 4));
  EXPECT_EQ(r.stats.executions, 70u);
}

TEST(Exhaustive, ChildStartedBeforeSecondForkInterleavesWithBoth) {
  // main: fork T1; fork T2 (and ends). T1 and T2 run 2 steps each. If k of T1's steps run
  // before the second fork (k = 0, 1, 2), the rest interleave with T2's 2 steps in
  // C(2-k+2, 2) ways: 6 + 3 + 1 = 10.
  Program p;
  p.bodies.resize(3);
  p.bodies[0] = {forkOf(1), forkOf(2)};
  p.bodies[1] = {writeOf(1, 1), writeOf(1, 2)};
  p.bodies[2] = {writeOf(2, 1), writeOf(2, 2)};
  SearchResult r = exhaustive(p);
  EXPECT_EQ(r.stats.executions, 10u);
  EXPECT_EQ(r.stats.finished, 10u);
}

TEST(Exhaustive, NondetChoicesAreTransitions) {
  // main: nondet 3; x0 = r. Three executions, one per choice.
  Program p;
  p.bodies = {{nondetOf(3), writeOf(0, 0, true)}};
  SearchResult r = exhaustive(p);
  EXPECT_EQ(r.stats.executions, 3u);

  // main: fork T1; nondet 2. T1: one write. Two orders of the two steps times two choices.
  Program q;
  q.bodies = {{forkOf(1), nondetOf(2)}, {writeOf(1, 1)}};
  EXPECT_EQ(exhaustive(q).stats.executions, 4u);
}

TEST(Exhaustive, LostUpdateIsFoundInExactlyFourInterleavings) {
  // The reads and writes of the two increments interleave in C(4, 2) = 6 ways; the update is
  // lost unless one increment runs entirely before the other (2 ways), so 4 fail the assert.
  SearchOptions options;
  options.keepGoing = true;
  SearchResult r = exhaustive(racyIncrement(), options);
  EXPECT_EQ(r.stats.executions, 6u);
  EXPECT_EQ(r.stats.finished, 2u);
  ASSERT_EQ(r.errors.size(), 4u);
  for (const ErrorReport &e : r.errors) {
    EXPECT_EQ(e.error.kind, ErrorKind::AssertionFailure);
    EXPECT_EQ(e.schedule.size(), e.trace.size());
    EXPECT_EQ(e.trace.back().kind, OpKind::Load);
  }
  EXPECT_TRUE(r.complete);
}

TEST(Exhaustive, StopsAtTheFirstErrorAndItReplays) {
  SearchResult r = exhaustive(racyIncrement());
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_FALSE(r.complete);
  const ErrorReport &e = r.errors[0];
  EXPECT_EQ(e.error.kind, ErrorKind::AssertionFailure);
  // fork, then the four accesses, the join and the failing assert.
  EXPECT_EQ(e.schedule.size(), 7u);

  ProgramModel model(racyIncrement());
  ReplayResult replayed = replay(model, e.schedule);
  EXPECT_TRUE(replayed.followed);
  EXPECT_EQ(replayed.status, ExecStatus::Error);
  EXPECT_EQ(replayed.error.kind, ErrorKind::AssertionFailure);
  ASSERT_EQ(replayed.trace.size(), e.trace.size());
  for (size_t i = 0; i < e.trace.size(); ++i) {
    EXPECT_EQ(replayed.trace[i].thread, e.trace[i].thread);
    EXPECT_EQ(replayed.trace[i].value, e.trace[i].value);
  }
}

TEST(Exhaustive, LockInversionDeadlocksInTwoOfSixExecutions) {
  // After the fork, whichever thread locks first either completes its first lock pair before
  // the other starts (then two endings: the other thread's first lock before or after the
  // final unlock of m0... see below) or lets the other take its first lock (deadlock).
  // First lock L0 by main: next L1 (main) gives 2 executions (T1's L1 after main's U1, before
  // or after main's U0), next T1's L1 deadlocks. Symmetrically for T1 first: 2 * (2 + 1) = 6.
  SearchOptions options;
  options.keepGoing = true;
  SearchResult r = exhaustive(lockInversion(), options);
  EXPECT_EQ(r.stats.executions, 6u);
  EXPECT_EQ(r.stats.deadlocks, 2u);
  EXPECT_EQ(r.stats.finished, 4u);
  ASSERT_EQ(r.errors.size(), 2u);
  for (const ErrorReport &e : r.errors) {
    EXPECT_EQ(e.error.kind, ErrorKind::Deadlock);
    EXPECT_EQ(e.schedule.size(), 3u); // fork and the two first locks
    ProgramModel model(lockInversion());
    ReplayResult replayed = replay(model, e.schedule);
    EXPECT_EQ(replayed.status, ExecStatus::Error);
    EXPECT_EQ(replayed.error.kind, ErrorKind::Deadlock);
  }
}

TEST(Exhaustive, InfeasibleExecutionsAreCountedNotReported) {
  // main: fork T1; assume x0 == 1. T1: x0 = 1. The assume passes only after the write.
  Program p;
  p.bodies = {{forkOf(1), assumeEq(0, 1)}, {writeOf(0, 1)}};
  SearchResult r = exhaustive(p);
  EXPECT_EQ(r.stats.executions, 2u);
  EXPECT_EQ(r.stats.infeasible, 1u);
  EXPECT_EQ(r.stats.finished, 1u);
  EXPECT_TRUE(r.errors.empty());
}

TEST(Exhaustive, SpinningForeverIsALivelock) {
  // Nobody writes x0: the loop read, yield, read, ... exceeds maxDepth = 10.
  Program p;
  p.bodies = {{spinUntil(0, 1)}};
  SearchOptions options;
  options.maxDepth = 10;
  SearchResult r = exhaustive(p, options);
  EXPECT_EQ(r.stats.depthLimited, 1u);
  EXPECT_EQ(r.stats.executions, 1u);
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].error.kind, ErrorKind::DepthLimit);
  EXPECT_EQ(r.errors[0].schedule.size(), 10u);
  ProgramModel model(p);
  ReplayResult replayed = replay(model, r.errors[0].schedule, 10);
  EXPECT_EQ(replayed.error.kind, ErrorKind::DepthLimit);
}

TEST(Exhaustive, SpinLoopEndsWhenTheValueArrives) {
  // main: fork T1; spin until x0 == 1. T1: x0 = 1. maxDepth 6. After the fork F, main's loop
  // is R Y R Y ... and T1's write W can come anywhere:
  //   F W R (finished), F R W Y R (finished), F R Y W R (finished),
  //   F R Y R W Y | R, F R Y R Y W | R, F R Y R Y R | ... (cut at depth 6: livelock).
  Program p;
  p.bodies = {{forkOf(1), spinUntil(0, 1)}, {writeOf(0, 1)}};
  SearchOptions options;
  options.maxDepth = 6;
  options.keepGoing = true;
  SearchResult r = exhaustive(p, options);
  EXPECT_EQ(r.stats.finished, 3u);
  EXPECT_EQ(r.stats.depthLimited, 3u);
  EXPECT_EQ(r.stats.executions, 6u);
}

TEST(Exhaustive, MaxExecutionsStopsTheSearch) {
  SearchOptions options;
  options.maxExecutions = 3;
  SearchResult r = exhaustive(independentThreads(3, 2), options);
  EXPECT_EQ(r.stats.executions, 3u);
  EXPECT_FALSE(r.complete);
}

TEST(Exhaustive, ObserverSeesEveryExecution) {
  ProgramModel model(independentThreads(2, 1));
  size_t seen = 0;
  SearchOptions options;
  options.checkpoints = CheckpointPolicy::Never; // the step count below assumes replay
  SearchResult r =
      explore(model, options, [&](const std::vector<Operation> &events, ExecutionEnd end) {
        ++seen;
        EXPECT_EQ(events.size(), 4u); // fork, 2 writes, 1 write
        EXPECT_EQ(end, ExecutionEnd::Finished);
      });
  // C(2+1, 1) = 3.
  EXPECT_EQ(seen, 3u);
  EXPECT_EQ(r.stats.executions, 3u);
  // Without checkpoints each execution re-steps its prefix: 3 executions * 4 steps.
  EXPECT_EQ(r.stats.steps, 12u);
}

TEST(Replay, RejectsASchedulesThatCannotBeFollowed) {
  ProgramModel model(lockInversion());
  // T1 does not exist before the fork.
  ReplayResult r = replay(model, {{1, 0}});
  EXPECT_FALSE(r.followed);
  // main holds m0 and m1, so T1's lock of m1 is blocked.
  r = replay(model, {{0, 0}, {0, 0}, {0, 0}, {1, 0}});
  EXPECT_FALSE(r.followed);
  EXPECT_EQ(r.trace.size(), 3u);
  r = replay(model, {{0, 0}, {0, 0}});
  EXPECT_TRUE(r.followed);
  EXPECT_EQ(r.status, ExecStatus::Running);
  EXPECT_EQ(r.trace.size(), 2u);
}

TEST(PlainBounded, PreemptionBound) {
  // independentThreads(3, 2): with 0 preemptions main must run to its end first (1
  // execution). With 1: MMMCC, CCMMM, MCCMM, MMCCM (a switch back to main after T1 ended is
  // not a preemption); every other order preempts twice.
  SearchOptions options;
  options.bound = BoundKind::Preemption;
  options.boundValue = 0;
  SearchResult r0 = exhaustive(independentThreads(3, 2), options);
  EXPECT_EQ(r0.stats.executions, 1u);
  EXPECT_TRUE(r0.boundPruned);
  EXPECT_TRUE(r0.complete);
  options.boundValue = 1;
  SearchResult r1 = exhaustive(independentThreads(3, 2), options);
  EXPECT_EQ(r1.stats.executions, 4u);
  EXPECT_EQ(r1.stats.boundBlocked, 0u);
  options.boundValue = 4; // enough for every order
  SearchResult r4 = exhaustive(independentThreads(3, 2), options);
  EXPECT_EQ(r4.stats.executions, 10u);
  EXPECT_FALSE(r4.boundPruned);
}

TEST(PlainBounded, DepthBound) {
  // Depth 3: the fork, then any two of the 2 threads' steps: 2 * 2 = 4 executions, all cut.
  SearchOptions options;
  options.bound = BoundKind::Depth;
  options.boundValue = 3;
  SearchResult r = exhaustive(independentThreads(3, 2), options);
  EXPECT_EQ(r.stats.executions, 4u);
  EXPECT_EQ(r.stats.boundBlocked, 4u);
  EXPECT_EQ(r.stats.finished, 0u);
}

TEST(Dpor, IndependentThreadsNeedOneExecution) {
  SearchOptions options;
  options.por = PorMode::Dpor;
  SearchResult r = exhaustive(independentThreads(3, 2), options);
  EXPECT_EQ(r.stats.executions, 1u);
  EXPECT_TRUE(r.complete);
}

TEST(Dpor, FindsTheLostUpdate) {
  SearchOptions options;
  options.por = PorMode::Dpor;
  options.keepGoing = true;
  SearchResult r = exhaustive(racyIncrement(), options);
  EXPECT_FALSE(r.errors.empty());
  EXPECT_LE(r.stats.executions, 6u);
}

TEST(Dpor, AnErrorDisablesEveryThreadSoOthersRunBeforeIt) {
  // Generated seed 202: main's failing assert ends the execution; T1's write is independent
  // of it, but T1 can only write if it runs first. DPOR must explore T1's write too: 2
  // executions. In the second, main's assert sleeps (it reads x0, T1 wrote x1: the failure
  // is the same local state as before), so the execution ends sleep-set blocked.
  Program p;
  p.bodies = {{forkOf(1), assertEq(0, 1)}, {writeOf(1, 1)}};
  SearchOptions options;
  options.por = PorMode::Dpor;
  options.keepGoing = true;
  SearchResult r = exhaustive(p, options);
  EXPECT_EQ(r.stats.executions, 2u);
  EXPECT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.stats.sleepSetBlocked, 1u);
}

TEST(PlainBounded, ContextDeltaAndFairBoundCounts) {
  // main: fork T1, write, write; T1: one write. After the fork the orders are MMC, MCM, CMM.
  Program p = independentThreads(2, 1);
  SearchOptions options;
  // Context switches (Definition 2.8): F M M C has 1, F M C M and F C M M have 2.
  // Bound 0: F M M, then C would cost 1: one bound-blocked execution.
  // Bound 1: F M M C finishes; F M C and F C are cut before main's next step: 3 executions.
  options.bound = BoundKind::Context;
  options.boundValue = 0;
  SearchResult c0 = exhaustive(p, options);
  EXPECT_EQ(c0.stats.executions, 1u);
  EXPECT_EQ(c0.stats.boundBlocked, 1u);
  options.boundValue = 1;
  SearchResult c1 = exhaustive(p, options);
  EXPECT_EQ(c1.stats.executions, 3u);
  EXPECT_EQ(c1.stats.finished, 1u);
  EXPECT_EQ(c1.stats.boundBlocked, 2u);
  // Delta (Definition 2.10, round robin from the last thread): running T1 while main is
  // enabled costs 1; running main after T1 ended costs 0. F M M C costs 0, F M C M and F C M M
  // cost 1.
  options.bound = BoundKind::Delta;
  options.boundValue = 0;
  EXPECT_EQ(exhaustive(p, options).stats.executions, 1u);
  options.boundValue = 1;
  SearchResult d1 = exhaustive(p, options);
  EXPECT_EQ(d1.stats.executions, 3u);
  EXPECT_FALSE(d1.boundPruned);
  // Fair (no yields at all): every order costs 0.
  options.bound = BoundKind::Fair;
  options.boundValue = 0;
  EXPECT_EQ(exhaustive(p, options).stats.executions, 3u);
}

TEST(PlainBounded, FairBoundCutsASpinLoop) {
  // main: fork T1; spin until x0 == 1. T1: yield; x0 = 1. Each spin iteration yields once;
  // with fair bound c, main may run while it has at most c more yields than enabled T1.
  // Bound 0: after the fork, main reads (R), yields (Y: 1 yield vs T1's 0, allowed since the
  // difference is computed before the step), and its next step would make the difference 1:
  // so T1 must run. The search is finite without any maxDepth cut.
  Program p;
  p.bodies = {{forkOf(1), spinUntil(0, 1)}, {yieldOp(), writeOf(0, 1)}};
  SearchOptions options;
  options.bound = BoundKind::Fair;
  options.maxDepth = 1000;
  options.keepGoing = true;
  for (uint64_t c : {0u, 1u, 2u}) {
    options.boundValue = c;
    SearchResult r = exhaustive(p, options);
    EXPECT_TRUE(r.complete) << c;
    EXPECT_EQ(r.stats.depthLimited, 0u) << c;
    EXPECT_GT(r.stats.finished, 0u) << c;
  }
  // Unbounded, main can spin until the depth limit: livelocks are reported.
  options.bound = BoundKind::None;
  options.maxDepth = 30;
  EXPECT_GT(exhaustive(p, options).stats.depthLimited, 0u);
}

TEST(Dpor, ManyIndependentThreadsNeedOneExecution) {
  // main forks 70 threads (more than one 64-bit word of thread ids); each writes its own
  // variable. Nothing races: a fork and its child's steps are never co-enabled (6.3), so
  // DPOR and unbounded BPOR need exactly one execution; without that optimization the forks
  // cause sleep-set-blocked executions.
  Program p;
  p.bodies.resize(71);
  for (uint32_t t = 1; t <= 70; ++t) {
    p.bodies[0].push_back(forkOf(t));
    p.bodies[t].push_back(writeOf(t, 1));
  }
  for (PorMode por : {PorMode::Dpor, PorMode::Bpor}) {
    SearchOptions options;
    options.por = por;
    SearchResult r = exhaustive(p, options);
    EXPECT_EQ(r.stats.executions, 1u) << porModeName(por);
    EXPECT_EQ(r.stats.steps, 140u);
    options.threadStartOptimization = false;
    options.maxExecutions = 50;
    EXPECT_GT(exhaustive(p, options).stats.sleepSetBlocked, 0u) << porModeName(por);
  }
}

TEST(Dpor, ReleaseOptimizationReversesLockRacesAtTheAcquire) {
  // A counter incremented under a mutex by main and T1; main joins and asserts 2. The two
  // critical sections run in either order and nothing else can interleave (the other thread's
  // next step is its lock): exhaustive search and DPOR both explore 2 executions. With the
  // release optimization the race of T1's lock with main's unlock is reversed before main's
  // lock (where T1's lock is enabled) instead of backtracking every enabled thread before the
  // unlock.
  Program p;
  p.bodies = {{forkOf(1), lockOf(0), readOf(0), writeOf(0, 1, true), unlockOf(0), joinOf(0),
               assertEq(0, 2)},
              {lockOf(0), readOf(0), writeOf(0, 1, true), unlockOf(0)}};
  EXPECT_EQ(exhaustive(p).stats.executions, 2u);
  SearchOptions options;
  options.por = PorMode::Dpor;
  SearchResult with = exhaustive(p, options);
  options.releaseOptimization = false;
  SearchResult without = exhaustive(p, options);
  EXPECT_EQ(with.stats.executions, 2u);
  EXPECT_EQ(without.stats.executions, 2u);
  EXPECT_TRUE(with.errors.empty());
  EXPECT_LT(with.stats.conservativeBacktrackPoints, without.stats.conservativeBacktrackPoints);
}

// SearchOptions::isViolation: an error it rejects ends its execution only. The search covers
// as much as keepGoing does, reports nothing, and shows the function every error (the lost
// update in each reduction; the lock inversion's deadlock).
TEST(IsViolation, RejectedErrorsOnlyEndTheirExecution) {
  for (PorMode por : {PorMode::None, PorMode::Dpor, PorMode::Bpor}) {
    for (const Program &program : {racyIncrement(), lockInversion()}) {
      SearchOptions options;
      options.por = por;
      if (por == PorMode::Bpor) {
        options.bound = BoundKind::Preemption;
        options.boundValue = 1;
      }
      SearchOptions keepGoing = options;
      keepGoing.keepGoing = true;
      ProgramModel reference(program);
      SearchResult all = explore(reference, keepGoing);
      ASSERT_FALSE(all.errors.empty());
      uint64_t seen = 0;
      options.isViolation = [&](const ErrorInfo &) {
        ++seen;
        return false;
      };
      ProgramModel model(program);
      SearchResult r = explore(model, options);
      EXPECT_TRUE(r.complete) << porModeName(por);
      EXPECT_TRUE(r.errors.empty());
      EXPECT_EQ(r.stats.errors, 0u);
      EXPECT_EQ(r.stats.executions, all.stats.executions) << porModeName(por);
      EXPECT_EQ(seen, all.errors.size()) << porModeName(por);
      // Accepting them all is the default: the first stops the search.
      options.isViolation = [](const ErrorInfo &) { return true; };
      ProgramModel again(program);
      EXPECT_EQ(explore(again, options).errors.size(), 1u);
    }
  }
}
