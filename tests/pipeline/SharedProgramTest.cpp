// Several models over one decoded program (tool::BuiltModel::newExecution), the seam a parallel
// search gives its workers: models searched at the same time on different threads each explore
// exactly what one model searched alone explores (executions and every distinct error with its
// place), for generated C programs through the real pipeline, with plain and with symbolic
// nondet values. The Program is shared and only read; everything a run changes is the model's.
// And the parallel searches over such models (-j, checker/parallel/) find exactly the finished
// executions (one per trace) and the errors, places included, that optimal DPOR finds on one
// model: source-DPOR at every split depth tried, optimal DPOR with the same executions in all;
// and the weak-memory graph search divided finds what it finds alone.
#include "tests/pipeline/CProgramGenerator.h"
#include "tests/pipeline/WeakProgramGenerator.h"
#include "tools/bporcheck/InputLoader.h"
#include "tools/bporcheck/ModelFactory.h"

#include "checker/optimal/OptimalExplorer.h"
#include "checker/parallel/DivisibleSearch.h"
#include "checker/parallel/MergeResults.h"
#include "checker/parallel/ParallelOptimalDpor.h"
#include "distributed/ResultWire.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <set>
#include <thread>
#include <tuple>

using namespace bpor;
using namespace bpor::testing;

namespace {

struct Explored {
  uint64_t executions = 0;
  uint64_t finished = 0;
  bool complete = false;
  std::set<std::tuple<ErrorKind, std::string, std::string>> errors; // kind, message, place
};

SearchOptions searchOptions() {
  SearchOptions options;
  options.keepGoing = true;
  options.oneReportPerError = true;
  return options;
}

/// `model` describes the places of the errors.
Explored summary(const SearchResult &result, Model &model) {
  Explored out;
  out.executions = result.stats.executions;
  out.finished = result.stats.finished;
  out.complete = result.complete;
  for (const ErrorReport &report : result.errors)
    out.errors.emplace(report.error.kind, report.error.message,
                       model.describeLocation(report.error.location));
  return out;
}

Explored search(Model &model) {
  return summary(exploreOptimal(model, searchOptions(), OptimalVariant::Optimal), model);
}

tool::BuiltModel build(const CProgram &program, const ModelConfig &config,
                       llvm::LLVMContext &context) {
  llvm::SmallString<128> path;
  EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("bpor_shared", "c", path));
  {
    std::error_code ec;
    llvm::raw_fd_ostream out(path, ec);
    out << program.source;
  }
  tool::LoadedInput input = tool::loadInput(std::string(path), {BPOR_TEST_CLANG, {}}, context);
  llvm::sys::fs::remove(path);
  EXPECT_TRUE(input.module) << input.error;
  if (!input.module)
    return {};
  return tool::buildModel(std::move(input.module), config);
}

/// Returns what the model alone explored (the checks need programs that branch).
Explored checkTogether(const CProgram &program, const ModelConfig &config, uint64_t seed) {
  llvm::LLVMContext context;
  tool::BuiltModel built = build(program, config, context);
  EXPECT_TRUE(built.model) << built.error;
  if (!built.model)
    return {};
  Explored alone = search(*built.model);
  EXPECT_TRUE(alone.complete) << seed;
  std::shared_ptr<Execution> first = built.newExecution(), second = built.newExecution();
  Explored a, b;
  std::thread one([&] { a = search(*first); });
  std::thread two([&] { b = search(*second); });
  one.join();
  two.join();
  for (const Explored *together : {&a, &b}) {
    EXPECT_EQ(together->executions, alone.executions) << "seed " << seed << "\n" << program.source;
    EXPECT_EQ(together->complete, alone.complete) << seed;
    EXPECT_TRUE(together->errors == alone.errors) << "seed " << seed << "\n" << program.source;
  }
  return alone;
}

} // namespace

TEST(SharedProgram, ModelsSearchedTogetherExploreWhatOneExploresAlone) {
  ModelConfig config;
  config.nondetValues = {0, 1};
  uint64_t executions = 0, withErrors = 0;
  for (uint64_t seed = 0; seed < 12; ++seed) {
    Explored alone = checkTogether(generateCProgram(seed, CGeneratorOptions()), config, seed);
    executions += alone.executions;
    withErrors += !alone.errors.empty();
  }
  EXPECT_GT(executions, 12 * 10u);
  EXPECT_GT(withErrors, 0u);
}

TEST(SharedProgram, SymbolicModelsSearchedTogether) {
  if (!Execution::symbolicSupported())
    GTEST_SKIP() << "built without Z3";
  CGeneratorOptions options;
  options.charNondet = true;
  ModelConfig config;
  config.symbolicNondet = true;
  uint64_t executions = 0;
  for (uint64_t seed = 0; seed < 6; ++seed)
    executions += checkTogether(generateCProgram(seed, options), config, seed).executions;
  EXPECT_GT(executions, 6u);
}

/// Generated C programs (seeds 0-11, nondet values 0 and 1), each built once, searched alone by
/// optimal DPOR; `check` gets the program, that result and three models over the program.
template <typename Check> uint64_t withThreeModels(Check check) {
  ModelConfig config;
  config.nondetValues = {0, 1};
  uint64_t withErrors = 0;
  for (uint64_t seed = 0; seed < 12; ++seed) {
    CProgram program = generateCProgram(seed, CGeneratorOptions());
    llvm::LLVMContext context;
    tool::BuiltModel built = build(program, config, context);
    EXPECT_TRUE(built.model) << built.error;
    if (!built.model)
      return withErrors;
    Explored alone = search(*built.model);
    EXPECT_TRUE(alone.complete) << seed;
    withErrors += !alone.errors.empty();
    std::shared_ptr<Execution> second = built.newExecution(), third = built.newExecution();
    std::vector<Model *> models{built.model.get(), second.get(), third.get()};
    check(seed, program, alone, models);
  }
  return withErrors;
}

TEST(SharedProgram, ParallelSearchFindsWhatOptimalDporFindsAlone) {
  uint64_t divided = 0;
  uint64_t withErrors = withThreeModels([&](uint64_t seed, const CProgram &program,
                                            const Explored &alone,
                                            const std::vector<Model *> &models) {
    for (size_t depth : {1u, 3u, 8u}) {
      ParallelStatistics statistics;
      Explored parallel = summary(
          exploreSourceDporInParallel(models, searchOptions(), {}, &statistics, depth),
          *models[0]);
      divided += statistics.workers == 3;
      EXPECT_TRUE(parallel.complete) << seed;
      EXPECT_EQ(parallel.finished, alone.finished)
          << "seed " << seed << " depth " << depth << "\n" << program.source;
      EXPECT_TRUE(parallel.errors == alone.errors)
          << "seed " << seed << " depth " << depth << "\n" << program.source;
    }
  });
  EXPECT_GT(divided, 12u);
  EXPECT_GT(withErrors, 0u);
}

TEST(SharedProgram, ParallelOptimalDporExploresWhatItExploresAlone) {
  uint64_t shared = 0;
  uint64_t withErrors = withThreeModels([&](uint64_t seed, const CProgram &program,
                                            const Explored &alone,
                                            const std::vector<Model *> &models) {
    for (bool eager : {false, true}) {
      ParallelStatistics statistics;
      SearchResult result =
          exploreOptimalInParallel(models, searchOptions(), {}, &statistics, eager);
      Explored parallel = summary(result, *models[0]);
      shared += statistics.units;
      EXPECT_TRUE(parallel.complete) << seed;
      EXPECT_EQ(parallel.executions, alone.executions)
          << "seed " << seed << (eager ? " eager" : "") << "\n" << program.source;
      EXPECT_EQ(parallel.finished, alone.finished)
          << "seed " << seed << (eager ? " eager" : "") << "\n" << program.source;
      EXPECT_TRUE(parallel.errors == alone.errors)
          << "seed " << seed << (eager ? " eager" : "") << "\n" << program.source;
    }
  });
  EXPECT_GT(shared, 12u);
  EXPECT_GT(withErrors, 0u);
}

/// Each error of `result` is an execution of `model`: its schedule, with the values its reads
/// read, replays there to its trace, in which each load shows the value it was given.
void expectReplays(const SearchResult &result, Model &model, uint64_t seed) {
  for (const ErrorReport &report : result.errors) {
    ReplayResult again = replay(model, report.schedule, 100000, report.readValues);
    EXPECT_TRUE(again.followed) << "seed " << seed << ": " << again.problem;
    ASSERT_EQ(again.trace.size(), report.trace.size()) << seed;
    for (size_t i = 0; i < report.trace.size(); ++i) {
      EXPECT_EQ(report.trace[i].kind, again.trace[i].kind) << "seed " << seed;
      EXPECT_EQ(report.trace[i].location, again.trace[i].location) << "seed " << seed;
      if (report.trace[i].kind == OpKind::Load && i < report.readValues.size() &&
          report.readValues[i]) {
        EXPECT_EQ(report.trace[i].value, *report.readValues[i])
            << "seed " << seed << " step " << i + 1;
      }
    }
  }
}

// The weak-memory graph search divided among three models (-j under --model, and mpirun's
// division, checker/parallel/DivisibleSearch.h) at several split depths: the executions and the
// errors, with their places, of one search alone; every error another worker found re-derived
// on the first model (its schedule, with the values its reads read, replays there).
TEST(SharedProgram, DividedGraphSearchFindsWhatItFindsAlone) {
  ModelConfig config;
  config.nondetValues = {0, 1};
  graph::GraphSearchOptions rc11;
  rc11.model = graph::MemoryModel::RC11;
  DivisibleSearch graphs = divisibleGraphSearch(rc11);
  // Every erroneous execution reported, so that those of the other workers are seen.
  SearchOptions everyError = searchOptions();
  everyError.oneReportPerError = false;
  uint64_t divided = 0, withErrors = 0;
  for (uint64_t seed = 0; seed < 40; ++seed) {
    CProgram program = generateWeakProgram(seed);
    llvm::LLVMContext context;
    tool::BuiltModel built = build(program, config, context);
    ASSERT_TRUE(built.model) << built.error;
    Explored alone = summary(graphs.explore(*built.model, searchOptions(), {}), *built.model);
    withErrors += !alone.errors.empty();
    std::shared_ptr<Execution> second = built.newExecution(), third = built.newExecution();
    std::vector<Model *> models{built.model.get(), second.get(), third.get()};
    for (size_t depth : {2u, 6u, 12u}) {
      ParallelStatistics statistics;
      SearchResult result = exploreDividedInParallel(models, everyError, {}, &statistics, depth,
                                                     graphs, graphs);
      divided += statistics.workers == 3;
      Explored parallel = summary(result, *models[0]);
      EXPECT_EQ(parallel.complete, alone.complete) << seed;
      EXPECT_EQ(parallel.executions, alone.executions)
          << "seed " << seed << " depth " << depth << "\n" << program.source;
      EXPECT_TRUE(parallel.errors == alone.errors)
          << "seed " << seed << " depth " << depth << "\n" << program.source;
      expectReplays(result, *models[0], seed);
    }
    // As a rank's result reaches rank 0 (distributed/ResultWire.h): another model's errors,
    // sent as schedules with their read values, re-derived on the first model.
    std::vector<SearchResult> results(2);
    results[1] = distributed::decodeResult(
        distributed::encodeResult(graphs.explore(*models[1], everyError, {})));
    SearchResult merged = mergeResults(results, *models[0], everyError, false);
    EXPECT_TRUE(summary(merged, *models[0]).errors == alone.errors)
        << "seed " << seed << " through the wire\n" << program.source;
    expectReplays(merged, *models[0], seed);
  }
  EXPECT_GT(divided, 40u);
  EXPECT_GT(withErrors, 0u);
}
