// Returning to a state by restoring a model checkpoint instead of replaying the prefix
// (docs/optimal-dpor.md, "Checkpoints"): with a checkpoint in every state, and with the
// default adaptive policy, both explorers explore exactly what they explore by replay alone,
// with a checkpoint in every state in fewer model steps; a model without checkpoints
// (SyncModel) falls back to replay.
#include "OptimalTestSupport.h"
#include "SyncModel.h"
#include "tests/support/Generator.h"

#include <gtest/gtest.h>

using namespace bpor;
using namespace bpor::testing;

namespace {

template <typename M, typename P>
Explored run(const P &program, OptimalVariant variant, CheckpointPolicy checkpoints) {
  Explored out;
  SearchOptions options;
  options.keepGoing = true;
  options.checkpoints = checkpoints;
  M model(program);
  out.result = exploreOptimal(model, options, variant, recorder(out));
  return out;
}

void expectSame(const Explored &restored, const Explored &replayed, uint64_t seed) {
  EXPECT_EQ(restored.result.stats.executions, replayed.result.stats.executions) << seed;
  EXPECT_EQ(restored.result.stats.sleepSetBlocked, replayed.result.stats.sleepSetBlocked);
  EXPECT_EQ(restored.result.stats.errors, replayed.result.stats.errors) << seed;
  EXPECT_EQ(restored.traces, replayed.traces) << seed;
  EXPECT_EQ(restored.states.local, replayed.states.local) << seed;
  EXPECT_EQ(restored.states.terminal, replayed.states.terminal) << seed;
}

} // namespace

TEST(OptimalCheckpoints, RestoringExploresWhatReplayingExplores) {
  for (OptimalVariant variant : {OptimalVariant::Optimal, OptimalVariant::Source}) {
    uint64_t stepsRestored = 0, stepsReplayed = 0;
    for (uint64_t seed = 0; seed < 150; ++seed) {
      Program program = generateProgram(seed, GeneratorOptions());
      Explored restored = run<ProgramModel>(program, variant, CheckpointPolicy::EveryState);
      Explored replayed = run<ProgramModel>(program, variant, CheckpointPolicy::Never);
      Explored adaptive = run<ProgramModel>(program, variant, CheckpointPolicy::Adaptive);
      expectSame(restored, replayed, seed);
      expectSame(adaptive, replayed, seed);
      stepsRestored += restored.result.stats.steps;
      stepsReplayed += replayed.result.stats.steps;
    }
    // With a checkpoint in every state no step is ever replayed: each step is a new event.
    EXPECT_LT(stepsRestored, stepsReplayed) << optimalVariantName(variant);
  }
}

TEST(OptimalCheckpoints, ModelWithoutCheckpointsReplays) {
  for (uint64_t seed = 0; seed < 30; ++seed) {
    SyncProgram program = generateCondProgram(seed);
    Explored restored = run<SyncModel>(program, OptimalVariant::Optimal,
                                       CheckpointPolicy::EveryState);
    Explored replayed = run<SyncModel>(program, OptimalVariant::Optimal, CheckpointPolicy::Never);
    expectSame(restored, replayed, seed);
    EXPECT_EQ(restored.result.stats.steps, replayed.result.stats.steps) << seed;
  }
}
