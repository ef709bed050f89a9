// Source-DPOR on several workers (checker/parallel/ParallelSourceDpor.h) against source-DPOR and
// optimal DPOR on one: on generated programs, for every split depth and worker count tried, the
// workers together explore exactly the traces one search explores, each once, with the same
// error traces, errors and local states.
#include "OptimalTestSupport.h"
#include "checker/parallel/ParallelSourceDpor.h"
#include "tests/support/Generator.h"

#include <gtest/gtest.h>

#include <fmt/format.h>
#include <memory>

using namespace bpor;
using namespace bpor::testing;

namespace {

Explored exploreInParallel(const Program &program, unsigned workers, size_t depth,
                           ParallelStatistics *statistics = nullptr) {
  Explored out;
  SearchOptions options;
  options.keepGoing = true;
  std::vector<std::unique_ptr<ProgramModel>> owned;
  std::vector<Model *> models;
  for (unsigned w = 0; w < workers; ++w) {
    owned.push_back(std::make_unique<ProgramModel>(program));
    models.push_back(owned.back().get());
  }
  out.result = exploreSourceDporInParallel(models, options, recorder(out), statistics, depth);
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

void validateSeeds(uint64_t first, uint64_t count, const GeneratorOptions &generator) {
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
  }
}

} // namespace

TEST(ParallelSourceDpor, SmallGeneratedPrograms) {
  validateSeeds(0, validationSeeds(150), GeneratorOptions());
}

TEST(ParallelSourceDpor, AssumesAndNoJoins) {
  GeneratorOptions options;
  options.assumes = true;
  options.joins = false;
  validateSeeds(2000000, validationSeeds(100), options);
}

TEST(ParallelSourceDpor, ThreeChildrenTwoMutexes) {
  GeneratorOptions options;
  options.maxChildren = 3;
  options.numMutexes = 2;
  options.maxOpsPerThread = 2;
  options.grandchildren = false;
  validateSeeds(1000000, validationSeeds(100), options);
}

TEST(ParallelSourceDpor, ChoosesADepthWithUnitsEnough) {
  // Three writers of one variable: 3! traces, a tree deep enough to divide.
  GeneratorOptions options;
  options.maxChildren = 3;
  unsigned divided = 0;
  for (uint64_t seed = 0; seed < 20; ++seed) {
    Program program = generateProgram(seed, options);
    ProgramModel model(program);
    auto [depth, units] = chooseSplitDepth(model, SearchOptions{}, 8);
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

