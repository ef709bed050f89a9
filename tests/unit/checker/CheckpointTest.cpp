// Returning to a state by restoring a model checkpoint instead of replaying the prefix
// (checker/engine/StateRestorer.h) in the depth-first engine of explore(): with a checkpoint in
// every state, and with the default adaptive policy, exhaustive search, DPOR and BPOR (bounded
// and not, iterative bounding too) explore exactly the executions replay alone explores, in the
// same order, and with a checkpoint in every state in fewer model steps.
#include "tests/support/Generator.h"
#include "tests/support/ProgramModel.h"

#include "checker/Explorer.h"

#include <gtest/gtest.h>

using namespace bpor;
using namespace bpor::testing;

namespace {

struct Explored {
  SearchResult result;
  /// Every execution explored, in order: its events (thread, kind, value) and how it ended.
  std::vector<std::pair<std::vector<std::tuple<ThreadId, OpKind, uint64_t>>, ExecutionEnd>>
      executions;
};

Explored runWith(const Program &program, SearchOptions options, CheckpointPolicy checkpoints) {
  Explored out;
  options.keepGoing = true;
  options.checkpoints = checkpoints;
  ProgramModel model(program);
  out.result = explore(model, options, [&](const std::vector<Operation> &events, ExecutionEnd end) {
    std::vector<std::tuple<ThreadId, OpKind, uint64_t>> seen;
    for (const Operation &e : events)
      seen.emplace_back(e.thread, e.kind, e.value);
    out.executions.emplace_back(std::move(seen), end);
  });
  return out;
}

void expectSame(const Explored &restored, const Explored &replayed, const std::string &what) {
  EXPECT_EQ(restored.result.stats.executions, replayed.result.stats.executions) << what;
  EXPECT_EQ(restored.result.stats.errors, replayed.result.stats.errors) << what;
  EXPECT_EQ(restored.result.complete, replayed.result.complete) << what;
  EXPECT_TRUE(restored.executions == replayed.executions) << what;
}

} // namespace

TEST(SearchCheckpoints, RestoringExploresWhatReplayingExplores) {
  struct Mode {
    PorMode por;
    BoundKind bound;
    uint64_t value;
    bool iterate = false;
  };
  for (Mode mode : {Mode{PorMode::None, BoundKind::None, 0}, Mode{PorMode::Dpor, BoundKind::None, 0},
                    Mode{PorMode::Bpor, BoundKind::None, 0},
                    Mode{PorMode::Bpor, BoundKind::Preemption, 1},
                    Mode{PorMode::None, BoundKind::Context, 2},
                    Mode{PorMode::Bpor, BoundKind::Preemption, 2, true}}) {
    uint64_t stepsRestored = 0, stepsReplayed = 0;
    for (uint64_t seed = 0; seed < 60; ++seed) {
      Program program = generateProgram(seed, GeneratorOptions());
      SearchOptions options;
      options.por = mode.por;
      options.bound = mode.bound;
      options.boundValue = mode.value;
      options.iterativeBounding = mode.iterate;
      std::string what = std::string(porModeName(mode.por)) + " " + boundKindName(mode.bound) +
                         " seed " + std::to_string(seed);
      Explored restored = runWith(program, options, CheckpointPolicy::EveryState);
      Explored replayed = runWith(program, options, CheckpointPolicy::Never);
      Explored adaptive = runWith(program, options, CheckpointPolicy::Adaptive);
      expectSame(restored, replayed, what);
      expectSame(adaptive, replayed, what);
      stepsRestored += restored.result.stats.steps;
      stepsReplayed += replayed.result.stats.steps;
    }
    // With a checkpoint in every state no step is ever replayed: each step is a new event.
    EXPECT_LT(stepsRestored, stepsReplayed) << porModeName(mode.por);
  }
}
