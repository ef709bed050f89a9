// The weak-memory search against its brute-force oracle (WeakMemoryCheck.h) through the real
// pipeline: on generated C11 programs (WeakProgramGenerator.h) and on the litmus tests of
// tests/lit/litmus with each of their variants, under SC, TSO, PSO, RA and RC11.
#include "tests/pipeline/WeakMemoryCheck.h"
#include "tests/pipeline/WeakProgramGenerator.h"
#include "tests/support/ValidationScale.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

using namespace bpor;
using namespace bpor::testing;

namespace {

const std::vector<graph::MemoryModel> AllModels{graph::MemoryModel::SC, graph::MemoryModel::TSO,
                                                graph::MemoryModel::PSO, graph::MemoryModel::RA,
                                                graph::MemoryModel::RC11};

// The sanitized build's divisor (ValidationScale.h).
constexpr uint64_t Divisor = 20;

std::string describe(const WeakMemoryCheck &result) {
  std::string text;
  for (const std::string &m : result.check.mismatches)
    text += "  " + m + "\n";
  return text;
}

void validateGenerated(uint64_t first, uint64_t count, const WeakProgramOptions &options,
                       bool againstSC = false) {
  size_t graphs = 0, checked = 0, concretised = 0;
  for (uint64_t seed = first; seed < first + count; ++seed) {
    CProgram program = generateWeakProgram(seed, options);
    WeakMemoryCheck result =
        options.nondetPercent ? checkWeakNondet(program, AllModels, 100000, againstSC)
                              : checkWeakMemory(program, AllModels, 100000, againstSC);
    if (!result.check.mismatches.empty()) {
      ADD_FAILURE() << fmt::format("seed {} (bpor_weak_soak --first-seed {} --programs 1):\n{}"
                                   "program:\n{}",
                                   seed, seed, describe(result), program.source);
      return;
    }
    checked += !result.check.skipped;
    concretised += result.check.concretised;
    for (const auto &[model, n] : result.graphs)
      graphs += n;
  }
  fmt::print("{} of {} programs checked, {} consistent graphs, {} with a value fixed under some "
             "model\n",
             checked, count, graphs, concretised);
  EXPECT_GE(checked * 10, count * 9);
  // A value fixed with loss leaves a model unchecked: at most a quarter of the programs.
  if (count >= MinimumProgramsForShares) {
    EXPECT_LE(concretised * 4, count);
  }
  EXPECT_GT(graphs, count);
}

} // namespace

TEST(WeakMemory, TwoOrThreeThreads) {
  validateGenerated(0, validationSeeds(300, Divisor), WeakProgramOptions());
}

TEST(WeakMemory, LongerThreads) {
  WeakProgramOptions options;
  options.maxThreads = 3;
  options.maxOps = 4;
  options.numVariables = 3;
  validateGenerated(500000, validationSeeds(40, Divisor), options);
}

// Semaphores, barriers and read-write locks in every program (docs/weak-memory.md,
// "Synchronisation objects"), without spin loops (nor update loops), so that the
// default search under SC must find the errors of the graphs consistent under SC too.
TEST(WeakMemory, SyncObjects) {
  WeakProgramOptions options;
  options.syncPercent = 100;
  options.spinPercent = 0;
  options.updateLoopPercent = 0;
  validateGenerated(700000, validationSeeds(60, Divisor), options, true);
}

// Calls of rand() in every program (docs/weak-memory.md, "Runtime state"): the search must
// explore every order of the calls of different threads, which the default search under SC
// does (the errors are compared; the oracle, grouping interleavings by graph, would miss an
// order the search missed).
TEST(WeakMemory, RuntimeState) {
  WeakProgramOptions options;
  options.syncPercent = 100;
  options.syncObjects = WeakProgramOptions::SyncRandom;
  options.spinPercent = 0;
  options.updateLoopPercent = 0;
  validateGenerated(1100000, validationSeeds(30, Divisor), options, true);
}

// A char-sized nondet input in every program, symbolic against every value enumerated
// (checkWeakNondet), the default search under SC too (without spin or update loops: see
// SyncObjects). Two threads: the oracle enumerates each of the 256 values.
TEST(WeakMemory, SymbolicNondetAgainstEnumeration) {
  WeakProgramOptions options;
  options.nondetPercent = 100;
  options.maxThreads = 2;
  options.spinPercent = 0;
  options.updateLoopPercent = 0;
  validateGenerated(1300000, validationSeeds(16, Divisor), options, true);
}

// A test-and-set lock or a compare-and-swap retry loop in every program (docs/weak-memory.md,
// "Spin loops"): their iterations that change nothing are awaits.
TEST(WeakMemory, UpdateLoops) {
  WeakProgramOptions options;
  options.updateLoopPercent = 100;
  validateGenerated(900000, validationSeeds(60, Divisor), options);
}

// Each litmus test, with each -D variant its RUN lines name: the search's graphs are the
// oracle's, under every model.
TEST(WeakMemory, LitmusTests) {
  size_t programs = 0;
  for (const auto &entry : std::filesystem::directory_iterator(BPOR_LITMUS_DIR)) {
    if (entry.path().extension() != ".c")
      continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    std::string source = text.str();
    std::set<std::string> variants{""};
    std::regex define(R"(\((-D[A-Z_]+)\))");
    for (std::sregex_iterator it(source.begin(), source.end(), define), end; it != end; ++it)
      variants.insert((*it)[1]);
    for (const std::string &variant : variants) {
      CProgram program{source, {}, {}};
      if (!variant.empty())
        program.clangArgs.push_back(variant);
      WeakMemoryCheck result = checkWeakMemory(program, AllModels, 2000000);
      EXPECT_FALSE(result.check.skipped) << entry.path() << " " << variant;
      EXPECT_TRUE(result.check.mismatches.empty())
          << entry.path() << " " << variant << ":\n"
          << describe(result);
      ++programs;
    }
  }
  EXPECT_GE(programs, 20u);
}
