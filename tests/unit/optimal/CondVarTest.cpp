// Operations that disable another thread's pending operation (docs/optimal-dpor.md, "Enabling
// and disabling"), on hand-built SyncModel programs: a CondWake that takes a signal's only
// wakeup disables the other waiter's CondWake, which then runs only after a broadcast. Both
// explorers must find the execution where the signal wakes the thread that waited second
// (tests/lit/programs/cond_signal_choice.c is the C version), with optimal DPOR exploring
// exactly one execution per trace.
#include "OptimalTestSupport.h"
#include "SyncModel.h"

#include <gtest/gtest.h>

using namespace bpor;
using namespace bpor::testing;

namespace {

struct SyncRun {
  Explored explored;
  std::vector<std::vector<Operation>> executions; // every execution not sleep-set blocked
};

SyncRun runSync(const SyncProgram &program, bool exhaustive, OptimalVariant variant) {
  SyncRun run;
  SearchOptions options;
  options.keepGoing = true;
  SyncModel model(program);
  ExecutionObserver record = recorder(run.explored);
  ExecutionObserver observer = [&](const std::vector<Operation> &events, ExecutionEnd end) {
    record(events, end);
    if (end != ExecutionEnd::SleepSetBlocked)
      run.executions.push_back(events);
  };
  run.explored.result = exhaustive ? explore(model, options, observer)
                                   : exploreOptimal(model, options, variant, observer);
  return run;
}

SyncInstr op(SyncOp kind, uint32_t object = 0, uint64_t value = 0) {
  return SyncInstr{kind, object, value};
}

// T1 and T2 each wait on c under m, then write x0 (1 or 2); T3 signals once, then broadcasts.
SyncProgram twoWaitersOneSignal() {
  SyncProgram p;
  p.bodies = {
      {op(SyncOp::Fork, 1), op(SyncOp::Fork, 2), op(SyncOp::Fork, 3)},
      {op(SyncOp::Lock), op(SyncOp::CondWait), op(SyncOp::Write, 0, 1), op(SyncOp::Unlock)},
      {op(SyncOp::Lock), op(SyncOp::CondWait), op(SyncOp::Write, 0, 2), op(SyncOp::Unlock)},
      {op(SyncOp::Lock), op(SyncOp::CondSignal), op(SyncOp::Unlock), op(SyncOp::Lock),
       op(SyncOp::CondBroadcast), op(SyncOp::Unlock)},
  };
  return p;
}

size_t indexOf(const std::vector<Operation> &events, ThreadId thread, OpKind kind) {
  for (size_t k = 0; k < events.size(); ++k)
    if (events[k].thread == thread && events[k].kind == kind)
      return k;
  return events.size();
}

// T1 waited first, both waited before the signal, and the signal's wakeup went to T2: T2's
// CondWake ran before the broadcast.
bool signalWokeTheLaterWaiter(const std::vector<Operation> &events) {
  size_t wait1 = indexOf(events, 1, OpKind::CondWait), wait2 = indexOf(events, 2, OpKind::CondWait);
  size_t signal = indexOf(events, 3, OpKind::CondSignal);
  size_t broadcast = indexOf(events, 3, OpKind::CondBroadcast);
  size_t wake2 = indexOf(events, 2, OpKind::CondWake);
  return wait1 < wait2 && wait2 < signal && signal < wake2 && wake2 < broadcast &&
         broadcast < events.size();
}

size_t countMatching(const SyncRun &run, bool (*predicate)(const std::vector<Operation> &)) {
  size_t n = 0;
  for (const std::vector<Operation> &events : run.executions)
    n += predicate(events);
  return n;
}

void expectExactAgainstExhaustive(const SyncProgram &program) {
  SyncRun full = runSync(program, true, OptimalVariant::Optimal);
  ASSERT_TRUE(full.explored.result.complete);
  SyncRun optimal = runSync(program, false, OptimalVariant::Optimal);
  EXPECT_EQ(optimal.explored.result.stats.executions, full.explored.distinctTraces());
  EXPECT_EQ(optimal.explored.result.stats.sleepSetBlocked, 0u);
  EXPECT_EQ(optimal.explored.distinctTraces(), full.explored.distinctTraces());
  EXPECT_EQ(optimal.explored.duplicates(), 0u);
  EXPECT_EQ(optimal.explored.states.local, full.explored.states.local);
  EXPECT_EQ(optimal.explored.states.terminal, full.explored.states.terminal);
  EXPECT_EQ(optimal.explored.states.deadlock, full.explored.states.deadlock);
  SyncRun source = runSync(program, false, OptimalVariant::Source);
  EXPECT_EQ(source.explored.distinctTraces(), full.explored.distinctTraces());
  EXPECT_EQ(source.explored.duplicates(), 0u);
  EXPECT_EQ(source.explored.states.terminal, full.explored.states.terminal);
}

} // namespace

TEST(CondVar, SignalWakesTheLaterWaiter) {
  SyncProgram program = twoWaitersOneSignal();
  SyncRun full = runSync(program, true, OptimalVariant::Optimal);
  // Exhaustive search sees the schedule (in several executions of one or more traces).
  ASSERT_GT(countMatching(full, signalWokeTheLaterWaiter), 0u);
  for (OptimalVariant variant : {OptimalVariant::Optimal, OptimalVariant::Source}) {
    SyncRun run = runSync(program, false, variant);
    EXPECT_GT(countMatching(run, signalWokeTheLaterWaiter), 0u) << optimalVariantName(variant);
  }
}

TEST(CondVar, TwoWaitersOneSignalExactTraceCount) {
  SyncProgram program = twoWaitersOneSignal();
  expectExactAgainstExhaustive(program);
  // The count itself (exhaustive search finds 32 distinct traces), so a change shows.
  SyncRun optimal = runSync(program, false, OptimalVariant::Optimal);
  EXPECT_EQ(optimal.explored.result.stats.executions, 32u);
}

TEST(CondVar, LockTakenBeforeAWokenWaiterReacquires) {
  // T1's CondWake is enabled once T2 signals and unlocks; T3's lock then disables it (the mutex
  // is held). The order "T1 reacquires first" is a race only with the pending CondWake.
  SyncProgram p;
  p.bodies = {
      {op(SyncOp::Fork, 1), op(SyncOp::Fork, 2), op(SyncOp::Fork, 3)},
      {op(SyncOp::Lock), op(SyncOp::CondWait), op(SyncOp::Write, 0, 1), op(SyncOp::Unlock)},
      {op(SyncOp::Lock), op(SyncOp::CondSignal), op(SyncOp::Unlock)},
      {op(SyncOp::Lock), op(SyncOp::Write, 0, 3), op(SyncOp::Unlock)},
  };
  expectExactAgainstExhaustive(p);
}
