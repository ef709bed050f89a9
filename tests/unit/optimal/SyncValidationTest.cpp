// Semaphores and reader-writer locks (SyncModel.h): optimal DPOR and source-DPOR against
// exhaustive search on generated programs, as OptimalValidationTest does for the toy program
// language: every trace exactly once among the executions not sleep-set blocked.
#include "OptimalTestSupport.h"
#include "SyncModel.h"

#include <gtest/gtest.h>

#include <string>

using namespace bpor;
using namespace bpor::testing;

namespace {

Explored exploreSync(const SyncProgram &program, bool exhaustive, OptimalVariant variant,
                     uint64_t maxExecutions = 0) {
  Explored out;
  SearchOptions options;
  options.keepGoing = true;
  options.maxExecutions = maxExecutions;
  SyncModel model(program);
  out.result = exhaustive ? explore(model, options, recorder(out))
                          : exploreOptimal(model, options, variant, recorder(out));
  return out;
}

} // namespace

TEST(SyncValidation, SemaphoresAndReaderWriterLocks) {
  uint64_t checked = 0, count = validationSeeds(400), blocked = 0, traces = 0;
  for (uint64_t seed = 0; seed < count; ++seed) {
    SyncProgram program = generateSyncProgram(seed);
    Explored full = exploreSync(program, true, OptimalVariant::Optimal, 3000);
    if (!full.result.complete)
      continue;
    ++checked;
    Explored optimal = exploreSync(program, false, OptimalVariant::Optimal);
    EXPECT_EQ(optimal.distinctTraces(), full.distinctTraces())
        << "seed " << seed << "\n" << program.toString();
    EXPECT_EQ(optimal.result.stats.executions - optimal.result.stats.sleepSetBlocked,
              full.distinctTraces())
        << "seed " << seed << "\n" << program.toString();
    EXPECT_EQ(optimal.duplicates(), 0u) << "seed " << seed;
    blocked += optimal.result.stats.sleepSetBlocked;
    traces += full.distinctTraces();
    EXPECT_EQ(optimal.states.terminal, full.states.terminal) << "seed " << seed;
    EXPECT_EQ(optimal.states.deadlock, full.states.deadlock) << "seed " << seed;
    EXPECT_EQ(optimal.states.local, full.states.local) << "seed " << seed;
    Explored source = exploreSync(program, false, OptimalVariant::Source);
    EXPECT_EQ(source.distinctTraces(), full.distinctTraces())
        << "seed " << seed << "\n" << program.toString();
    EXPECT_EQ(source.duplicates(), 0u) << "seed " << seed;
  }
  EXPECT_GE(checked * 10, count * 8);
  // A post's value tells whether the semaphore was free before it, so every race with a
  // waiter is judged exactly: no sleep-set-blocked execution (docs/optimal-dpor.md,
  // "Blocking operations"; 15 for 1427 traces when only a waiting thread could tell).
  EXPECT_EQ(blocked, 0u) << blocked << " blocked executions for " << traces << " traces";
}

TEST(SyncValidation, MutexesAndConditionVariables) {
  // Waits, signals and broadcasts: CondWake operations disable each other (a signal's single
  // wakeup) and locks disable a woken waiter's CondWake; optimal DPOR finds those orders
  // through the races with pending operations they disable (docs/optimal-dpor.md).
  uint64_t checked = 0, count = validationSeeds(300), blocked = 0;
  std::string blockedSeeds;
  for (uint64_t seed = 0; seed < count; ++seed) {
    SyncProgram program = generateCondProgram(seed);
    Explored full = exploreSync(program, true, OptimalVariant::Optimal, 3000);
    if (!full.result.complete)
      continue;
    ++checked;
    Explored optimal = exploreSync(program, false, OptimalVariant::Optimal);
    EXPECT_EQ(optimal.distinctTraces(), full.distinctTraces())
        << "seed " << seed << "\n" << program.toString();
    EXPECT_EQ(optimal.duplicates(), 0u) << "seed " << seed << "\n" << program.toString();
    if (optimal.result.stats.sleepSetBlocked) {
      blocked += optimal.result.stats.sleepSetBlocked;
      blockedSeeds += ' ';
      blockedSeeds += std::to_string(seed);
    }
    EXPECT_EQ(optimal.states.terminal, full.states.terminal) << "seed " << seed;
    EXPECT_EQ(optimal.states.deadlock, full.states.deadlock) << "seed " << seed;
    EXPECT_EQ(optimal.states.local, full.states.local) << "seed " << seed;
    Explored source = exploreSync(program, false, OptimalVariant::Source);
    EXPECT_EQ(source.distinctTraces(), full.distinctTraces())
        << "seed " << seed << "\n" << program.toString();
    EXPECT_EQ(source.duplicates(), 0u) << "seed " << seed;
    EXPECT_EQ(source.states.local, full.states.local) << "seed " << seed;
    if (::testing::Test::HasFailure())
      return;
  }
  EXPECT_EQ(blocked, 0u) << "sleep-set-blocked executions in seeds" << blockedSeeds;
  EXPECT_GE(checked * 10, count * 8) << checked << " of " << count << " checked";
}
