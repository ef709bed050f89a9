// The reads-from search against exhaustive search's reads-from classes (ReadsFromCheck.h), on
// generated programs of loads, stores, compare-and-swaps and updates over 3 to 5 threads.
#include "tests/pipeline/ReadsFromCheck.h"
#include "tests/pipeline/ShapeGenerator.h"
#include "tests/support/ValidationScale.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <functional>
#include <sstream>

using namespace bpor::testing;

namespace {

// The programs: ShapeGenerator's shapes without nondet values. By seed modulo 4: loads and
// stores in 3 or 4 threads; the same with compare-and-swaps that fail in some schedules; in 2
// threads, updates whose result is ignored; in 2 or 3 threads, compare-and-swaps, mutex and
// spin-lock trylocks and locks around operations. The last two have exhaustive search as
// their reference (ReadsFromCheck.cpp), hence fewer threads.
CProgram readsFromProgram(uint64_t seed) {
  ShapeOptions options;
  options.minThreads = 3;
  options.maxThreads = 4;
  options.maxOps = 3;
  options.numVariables = 3;
  options.atomics = seed % 2 == 0;
  options.locks = false;
  switch (seed % 4) {
  case 1: options.updates = true; break;
  case 2:
    options.commutingUpdates = true;
    options.minThreads = options.maxThreads = 2;
    options.maxOps = options.numVariables = 2;
    break;
  case 3:
    options.updates = options.locks = true;
    options.minThreads = 2;
    options.maxThreads = 3;
    options.maxOps = options.numVariables = 2;
    break;
  }
  return generateShapeProgram(seed, options);
}

// A failed check: what disagreed, and the program.
void fail(const std::string &which, const PipelineCheck &check, const CProgram &program) {
  std::string text;
  for (const std::string &m : check.mismatches)
    text += "  " + m + "\n";
  ADD_FAILURE() << fmt::format("{}:\n{}program:\n{}", which, text, program.source);
}

void validate(uint64_t first, uint64_t count) {
  if (const char *only = std::getenv("BPOR_PIPELINE_SEED")) {
    first = std::strtoull(only, nullptr, 10);
    count = 1;
  }
  uint64_t checked = 0, withErrors = 0, classes = 0, executions = 0, exhaustive = 0;
  for (uint64_t seed = first; seed < first + count; ++seed) {
    CProgram program = readsFromProgram(seed);
    ReadsFromCheck result = checkReadsFromClasses(program, 20000, 100000);
    checked += !result.check.skipped;
    withErrors += result.hasErrors;
    classes += result.classes;
    executions += result.executions;
    exhaustive += result.exhaustive;
    if (result.check.mismatches.empty())
      continue;
    fail(fmt::format("seed {} (BPOR_PIPELINE_SEED={})", seed, seed), result.check, program);
    return;
  }
  fmt::print("{} of {} programs checked ({} with errors, {} also against exhaustive search): {} "
             "classes, {} executions\n",
             checked, count, withErrors, exhaustive, classes, executions);
  if (count >= MinimumProgramsForShares) {
    EXPECT_GE(checked * 10, count * 7);
    EXPECT_GT(withErrors, 0u);
  }
}

} // namespace

TEST(ReadsFrom, EachClassOnce) { validate(1, validationSeeds(150)); }

// CProgramGenerator's programs without the constructs the search refuses: shared ints, an
// array, a C11 atomic, mutexes (nested, in different orders: deadlocks), trylocks,
// assertions, a thread that a child creates and joins; in every third, heap objects filled by
// copies, published through shared pointers, copied from and freed (a free or a copy that
// races with an access is refused).
TEST(ReadsFrom, GeneratedPrograms) {
  uint64_t count = validationSeeds(100), checked = 0, withErrors = 0, refusedFrees = 0;
  for (uint64_t seed = 1; seed <= count; ++seed) {
    CGeneratorOptions options;
    options.maxChildren = 2 + seed % 2;
    options.condvars = options.semaphores = options.atomicBlocks = options.nondet = false;
    options.heap = options.heapCopies = seed % 3 == 0;
    CProgram program = generateCProgram(seed, options);
    ReadsFromCheck result = checkReadsFromClasses(program, 20000, 100000);
    checked += !result.check.skipped;
    withErrors += result.hasErrors;
    refusedFrees += result.refusedFree;
    if (result.check.mismatches.empty())
      continue;
    fail(fmt::format("generated seed {}", seed), result.check, program);
    return;
  }
  fmt::print("{} of {} generated programs checked, {} with errors, {} refused (a free or copy "
             "racing with an access)\n",
             checked, count, withErrors, refusedFrees);
  if (count >= MinimumProgramsForShares) {
    EXPECT_GE(checked * 2, count);
  }
}

namespace {

// `count` generated programs that busy-wait, the reads-from search against the whole state
// graph (ReadsFromCheck.h): `shape` sets what loops the generator adds; `what` names them.
void checkAgainstStateGraph(const char *what, uint64_t count,
                            const std::function<void(CGeneratorOptions &, uint64_t)> &shape) {
  uint64_t checked = 0, livelocks = 0;
  for (uint64_t seed = 1; seed <= count; ++seed) {
    CGeneratorOptions options;
    options.maxOps = 2;
    options.grandchildren = false;
    options.condvars = options.semaphores = options.atomicBlocks = options.nondet = false;
    options.arrays = false;
    shape(options, seed);
    CProgram program = generateCProgram(seed, options);
    if (std::getenv("BPOR_READS_FROM_VERBOSE"))
      fmt::print(stderr, "{} seed {}\n", what, seed);
    PipelineCheck result = checkReadsFromSpinning(program);
    checked += !result.skipped;
    livelocks += result.livelock;
    if (result.mismatches.empty())
      continue;
    fail(fmt::format("{} seed {}", what, seed), result, program);
    return;
  }
  fmt::print("{} of {} {} programs checked, {} with a livelock\n", checked, count, what,
             livelocks);
  if (count >= MinimumProgramsForShares) {
    EXPECT_GE(checked * 2, count);
  }
}

} // namespace

// Programs with spin loops (a spin on a flag and the store that ends it, a compare-and-swap
// spin lock, a lock/check/unlock polling loop).
TEST(ReadsFrom, SpinLoops) {
  checkAgainstStateGraph("spinning", validationSeeds(60), [](CGeneratorOptions &options, uint64_t) {
    options.maxChildren = 2;
    options.spins = true;
  });
}

// Programs with update loops (a compare-and-swap increment that reloads, a pop that takes one
// while the count is above zero, an exchange spin lock): those for which the default search is
// the reads-from search.
TEST(ReadsFrom, UpdateLoops) {
  checkAgainstStateGraph("update-loop", validationSeeds(60),
                         [](CGeneratorOptions &options, uint64_t seed) {
                           options.maxChildren = 2 + seed % 2;
                           options.updateLoops = true;
                         });
}

// BPOR_READS_FROM_FILE=prog.c: the same check on one program of one's own (for minimising a
// failure); skipped without it.
TEST(ReadsFrom, FileGiven) {
  const char *file = std::getenv("BPOR_READS_FROM_FILE");
  if (!file)
    GTEST_SKIP() << "BPOR_READS_FROM_FILE not set";
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  CProgram program;
  program.source = text.str();
  ReadsFromCheck result = checkReadsFromClasses(program, 200000, 200000);
  EXPECT_FALSE(result.check.skipped);
  for (const std::string &m : result.check.mismatches)
    ADD_FAILURE() << m;
  fmt::print("{} classes, {} executions\n", result.classes, result.executions);
}
