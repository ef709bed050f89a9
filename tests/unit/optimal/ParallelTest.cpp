// Source-DPOR and optimal DPOR on several workers (checker/parallel/) against source-DPOR and
// optimal DPOR on one: on generated programs, for every split depth, sharing mode and worker
// count tried, the workers together explore exactly the traces one search explores, each once,
// with the same error traces, errors and local states; parallel optimal DPOR also ends no
// execution sleep-set blocked.
#include "OptimalTestSupport.h"
#include "checker/parallel/ParallelOptimalDpor.h"
#include "tests/support/Generator.h"

#include <gtest/gtest.h>

#include <fmt/format.h>
#include <memory>

using namespace bpor;
using namespace bpor::testing;

namespace {

/// One model of `program` per worker.
struct WorkerModels {
  WorkerModels(const Program &program, unsigned workers) {
    for (unsigned w = 0; w < workers; ++w) {
      owned.push_back(std::make_unique<ProgramModel>(program));
      models.push_back(owned.back().get());
    }
  }
  std::vector<std::unique_ptr<ProgramModel>> owned;
  std::vector<Model *> models;
};

Explored exploreInParallel(const Program &program, unsigned workers, size_t depth,
                           ParallelStatistics *statistics = nullptr) {
  Explored out;
  SearchOptions options;
  options.keepGoing = true;
  WorkerModels workerModels(program, workers);
  out.result = exploreSourceDporInParallel(workerModels.models, options, recorder(out),
                                           statistics, depth);
  return out;
}

Explored exploreOptimalInParallel(const Program &program, unsigned workers, bool eager,
                                  bool keepGoing = true) {
  Explored out;
  SearchOptions options;
  options.keepGoing = keepGoing;
  WorkerModels workerModels(program, workers);
  out.result =
      bpor::exploreOptimalInParallel(workerModels.models, options, recorder(out), nullptr, eager);
  return out;
}

void expectSameTraces(const Explored &one, const Explored &many, const std::string &what) {
  EXPECT_TRUE(many.result.complete) << what;
  EXPECT_EQ(many.traces.size(), one.traces.size()) << what;
  for (const auto &[hash, count] : one.traces)
    EXPECT_TRUE(many.traces.count(hash)) << what << ": a trace missed";
  EXPECT_EQ(many.duplicates(), 0u) << what;
  EXPECT_EQ(many.errorTraces, one.errorTraces) << what;
  EXPECT_EQ(many.result.stats.finished, one.result.stats.finished) << what;
  EXPECT_EQ(many.result.stats.errors, one.result.stats.errors) << what;
  EXPECT_EQ(many.result.errors.size(), one.result.errors.size()) << what;
  EXPECT_EQ(many.states.local, one.states.local) << what;
  EXPECT_EQ(many.states.deadlock, one.states.deadlock) << what;
}

void validateParallelSeeds(uint64_t first, uint64_t count, const GeneratorOptions &generator) {
  for (uint64_t seed = first; seed < first + count; ++seed) {
    Program program = generateProgram(seed, generator);
    Explored source = exploreWith(program, OptimalVariant::Source);
    Explored optimal = exploreWith(program, OptimalVariant::Optimal);
    ASSERT_TRUE(source.result.complete);
    for (unsigned workers : {2u, 3u})
      for (size_t depth : {1u, 2u, 3u, 6u}) {
        std::string what = fmt::format("seed {} workers {} depth {}", seed, workers, depth);
        Explored many = exploreInParallel(program, workers, depth);
        expectSameTraces(source, many, what + " against source-DPOR");
        expectSameTraces(optimal, many, what + " against optimal DPOR");
        if (::testing::Test::HasFailure()) {
          ADD_FAILURE() << program.toString();
          return;
        }
      }
    // Optimal DPOR's workers share states when one waits, or (eager) at every backtrack, which
    // makes nearly every state shared and every race of a small program cross workers.
    for (unsigned workers : {2u, 3u})
      for (bool eager : {false, true}) {
        std::string what =
            fmt::format("seed {} workers {}{}", seed, workers, eager ? " eager" : "");
        Explored many = exploreOptimalInParallel(program, workers, eager);
        expectSameTraces(optimal, many, what + ": parallel optimal DPOR");
        EXPECT_EQ(many.result.stats.sleepSetBlocked, optimal.result.stats.sleepSetBlocked) << what;
        EXPECT_EQ(many.result.stats.executions, optimal.result.stats.executions) << what;
        if (::testing::Test::HasFailure()) {
          ADD_FAILURE() << program.toString();
          return;
        }
      }
  }
}

} // namespace

TEST(ParallelSearch, SmallGeneratedPrograms) {
  validateParallelSeeds(0, validationSeeds(150), GeneratorOptions());
}

TEST(ParallelSearch, AssumesAndNoJoins) {
  GeneratorOptions options;
  options.assumes = true;
  options.joins = false;
  validateParallelSeeds(2000000, validationSeeds(100), options);
}

TEST(ParallelSearch, ThreeChildrenTwoMutexes) {
  GeneratorOptions options;
  options.maxChildren = 3;
  options.numMutexes = 2;
  options.maxOpsPerThread = 2;
  options.grandchildren = false;
  validateParallelSeeds(1000000, validationSeeds(100), options);
}

TEST(ParallelSearch, ChoosesADepthWithUnitsEnough) {
  // Three writers of one variable: 3! traces, a tree deep enough to divide.
  GeneratorOptions options;
  options.maxChildren = 3;
  unsigned divided = 0;
  for (uint64_t seed = 0; seed < 20; ++seed) {
    Program program = generateProgram(seed, options);
    ProgramModel model(program);
    auto [depth, units] = chooseSplitDepth(model, SearchOptions{}, 8, divisibleSourceDpor());
    if (units == 0)
      continue; // nothing worth dividing
    ++divided;
    EXPECT_GE(depth, 1u);
    // The units it counted are the units a split at that depth makes.
    ParallelStatistics statistics;
    Explored many = exploreInParallel(program, 2, depth, &statistics);
    EXPECT_EQ(statistics.splitDepth, depth);
    EXPECT_TRUE(many.result.complete);
    expectSameTraces(exploreWith(program, OptimalVariant::Optimal), many,
                     fmt::format("seed {}", seed));
  }
  EXPECT_GE(divided, 10u);
}

TEST(ParallelSearch, LaterRoundsAddTheBranchesRacesAskFor) {
  // Above the split a creation or join is taken alone (checker/SplitRounds.h). Where another
  // thread's later step depends on it (a child that creates a thread of its own: both write
  // the thread numbering; a join that another thread's join of the same thread races with), a
  // race asks for another branch there, and a later round explores it. The rounds together
  // explore every trace once, whichever the split depth; some programs here need them.
  GeneratorOptions options;
  options.maxChildren = 3;
  options.grandchildren = true;
  unsigned needingRounds = 0;
  for (uint64_t seed = 4000000; seed < 4000000 + validationSeeds(120); ++seed) {
    Program program = generateProgram(seed, options);
    Explored source = exploreWith(program, OptimalVariant::Source);
    bool rounds = false;
    for (size_t depth : {2u, 4u, 8u}) {
      ParallelStatistics statistics;
      Explored many = exploreInParallel(program, 2, depth, &statistics);
      rounds = rounds || statistics.rounds > 1;
      expectSameTraces(source, many, fmt::format("seed {} depth {}", seed, depth));
      if (::testing::Test::HasFailure()) {
        ADD_FAILURE() << program.toString();
        return;
      }
    }
    needingRounds += rounds;
  }
  EXPECT_GE(needingRounds, validationSeeds(120) / 20) << "too few programs need a second round";
}

TEST(ParallelSearch, OptimalDporSharingEveryStateAgainAndAgain) {
  // The workers' timing decides which races cross workers: run each program several times,
  // with and without data choices (sequences inserted into a shared state from several
  // subtrees at once, and the one-event branches of other data choices).
  for (bool nondet : {false, true}) {
    GeneratorOptions generator;
    generator.nondet = nondet;
    for (uint64_t seed = 3000000; seed < 3000000 + validationSeeds(300); ++seed) {
      Program program = generateProgram(seed, generator);
      Explored optimal = exploreWith(program, OptimalVariant::Optimal);
      for (int run = 0; run < 3; ++run) {
        Explored many = exploreOptimalInParallel(program, 2, /*eager=*/true);
        std::string what = fmt::format("seed {} run {}", seed, run);
        expectSameTraces(optimal, many, what);
        EXPECT_EQ(many.result.stats.executions, optimal.result.stats.executions) << what;
        if (::testing::Test::HasFailure()) {
          ADD_FAILURE() << program.toString();
          return;
        }
      }
    }
  }
}

TEST(ParallelSearch, OptimalDporAppliesInsertionsInTheSequentialOrder) {
  // A program whose executions end early at a failed assertion: its traces are all found only
  // if each wakeup tree receives its sequences in the order one search would give them (before
  // the insertions waited for the branches to their left, 2 of its 86 traces were missed in
  // about one run in ten).
  GeneratorOptions options;
  options.assumes = true;
  options.joins = false;
  Program program = generateProgram(2001934, options);
  Explored optimal = exploreWith(program, OptimalVariant::Optimal);
  ASSERT_EQ(optimal.traces.size(), 86u);
  for (int run = 0; run < 200; ++run)
    for (unsigned workers : {2u, 3u}) {
      std::string what = fmt::format("run {} workers {}", run, workers);
      expectSameTraces(optimal, exploreOptimalInParallel(program, workers, run % 2 == 0), what);
      if (::testing::Test::HasFailure())
        return;
    }
}

TEST(ParallelSearch, OptimalDporStopsAtTheFirstError) {
  // Without keepGoing the worker that finds an error stops, whether or not it had shared
  // anything; the others stop too (a worker that stopped must not be waited for).
  uint64_t withErrors = 0, count = validationSeeds(150);
  for (uint64_t seed = 0; seed < count; ++seed) {
    Program program = generateProgram(seed, GeneratorOptions());
    Explored optimal = exploreWith(program, OptimalVariant::Optimal);
    if (optimal.errorTraces.empty())
      continue;
    ++withErrors;
    for (unsigned workers : {2u, 3u})
      for (bool eager : {false, true}) {
        Explored many = exploreOptimalInParallel(program, workers, eager, /*keepGoing=*/false);
        EXPECT_EQ(many.result.errors.size(), 1u) << "seed " << seed << " workers " << workers;
        EXPECT_GE(many.result.stats.errors, 1u) << "seed " << seed << " workers " << workers;
      }
  }
  // More than 20 of the default 150 programs reach an error.
  EXPECT_GT(withErrors * 150, count * 20) << withErrors << " of " << count;
}
