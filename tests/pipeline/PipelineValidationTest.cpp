// Generated C programs through the real pipeline: every search mode must agree with exhaustive
// search (tests/pipeline/PipelineValidation.h says on what). A failure prints the seed, the
// program and what each mode found; reproduce one seed with
//   BPOR_PIPELINE_SEED=N build/tests/pipeline/bpor_pipeline_tests --gtest_filter='*.Name'
// and print its source with build/tests/pipeline/bpor_cgen N (same options as the test).
#include "tests/pipeline/CanonicalKeys.h"
#include "tests/pipeline/PipelineValidation.h"
#include "tests/support/ValidationScale.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdlib>

using namespace bpor::testing;

namespace {

CGeneratorOptions defaults() { return CGeneratorOptions(); }

enum class Check { Modes, Symbolic, Spinning, Races, Symmetric, LoopAbstraction, CanonicalKeys };

void validateSeeds(uint64_t first, uint64_t count, const CGeneratorOptions &options,
                   Check kind = Check::Modes) {
  uint64_t onlyRead = 0;
  if (const char *only = std::getenv("BPOR_PIPELINE_SEED")) {
    first = std::strtoull(only, nullptr, 10);
    count = 1;
  }
  uint64_t checked = 0, executions = 0, abstracted = 0, concretised = 0, livelocks = 0;
  for (uint64_t seed = first; seed < first + count; ++seed) {
    CProgram program = generateCProgram(seed, options);
    PipelineCheck check = kind == Check::Symbolic   ? checkSymbolicProgram(program)
                          : kind == Check::Spinning ? checkSpinningProgram(program)
                          : kind == Check::Races    ? checkRaceProgram(program)
                          : kind == Check::Symmetric ? checkSymmetricProgram(program, 5000)
                          : kind == Check::LoopAbstraction ? checkLoopAbstraction(program)
                          : kind == Check::CanonicalKeys   ? checkCanonicalKeys(program)
                                                    : checkProgram(program, seed);
    executions += check.referenceExecutions;
    checked += !check.skipped;
    abstracted += !check.skipped && check.abstractedLoops > 0;
    onlyRead += !check.skipped && check.onlyReadEvents;
    concretised += check.concretised;
    if (check.concretised)
      fmt::print("seed {} fixed a nondet value with loss: not checked\n", seed);
    livelocks += check.livelock;
    if (check.mismatches.empty())
      continue;
    std::string text;
    for (const std::string &m : check.mismatches)
      text += "  " + m + "\n";
    ADD_FAILURE() << fmt::format("seed {} (BPOR_PIPELINE_SEED={}; --nondet-values=0,1):\n{}"
                                 "program:\n{}",
                                 seed, seed, text, program.source);
    return; // one program's report is enough to read
  }
  fmt::print("{} of {} programs checked, {} {}, {} with a failed compare-and-swap or trylock\n",
             checked, count, executions,
             kind == Check::CanonicalKeys ? "states reached by several interleavings"
                                          : "reference executions",
             onlyRead);
  // The programs with updates must have failed ones: half of the checked programs at least
  // (not under data-race detection, where a compare-and-swap stays a write).
  if (options.updates && kind != Check::Races && count >= MinimumProgramsForShares) {
    EXPECT_GE(onlyRead * 2, checked) << onlyRead << " of " << checked;
  }
  // An index into the large array stays symbolic, and a value the checker fixes is split
  // first: no program fixes a value with loss.
  if (options.largeArray || options.fixedNondet || options.symbolicUpdates) {
    EXPECT_EQ(concretised, 0u) << "programs that fixed a nondet value";
  }
  // At least half the programs are small enough for exhaustive search to be the reference
  // (lock-heavy ones with four operations a thread are the largest: 56 % of 1,200 in the slow
  // run).
  if (count >= MinimumProgramsForShares) {
    EXPECT_GE(checked * 2, count) << checked << " of " << count << " checked";
  }
  // The livelock family has livelocks to find: a quarter of the programs at least.
  if (options.livelocks && count >= MinimumProgramsForShares) {
    fmt::print("{} with a livelock\n", livelocks);
    EXPECT_GE(livelocks * 4, count);
  }
  // The keys' check compares something: states that several interleavings reach.
  if (kind == Check::CanonicalKeys && count >= MinimumProgramsForShares) {
    EXPECT_GE(executions, count);
  }
  // The loop abstraction's check must exercise it: a quarter of the programs at least.
  if (kind == Check::LoopAbstraction) {
    fmt::print("{} with loops abstracted\n", abstracted);
    if (count >= MinimumProgramsForShares) {
      EXPECT_GE(abstracted * 4, count);
    }
  }
}

} // namespace

TEST(PipelineValidation, AllFeatures) { validateSeeds(0, validationSeeds(100), defaults()); }

// Programs with one char-sized nondet input, whose every value the reference enumerates.
static CGeneratorOptions charNondetOptions() {
  CGeneratorOptions options;
  options.nondet = false;
  options.charNondet = true;
  options.grandchildren = false;
  options.condvars = false;
  return options;
}

// Symbolic nondet values against the enumeration of every value of a char-sized input.
TEST(PipelineValidation, SymbolicNondetAgainstEnumeration) {
  validateSeeds(7000000, validationSeeds(30), charNondetOptions(), Check::Symbolic);
}

// The same with an array of 300 ints indexed by the input (interp/SymbolicMemory.h's balanced
// choice over its offsets, and a store reaching every element).
TEST(PipelineValidation, SymbolicIndicesIntoLargeArrays) {
  CGeneratorOptions options = charNondetOptions();
  options.largeArray = true;
  validateSeeds(7100000, validationSeeds(20), options, Check::Symbolic);
}

// The same with float and double arithmetic, conversions and NaNs on the input
// (symbolic/FloatExpressions.cpp, bit for bit the interpreter's).
TEST(PipelineValidation, SymbolicFloatsAgainstEnumeration) {
  CGeneratorOptions options = charNondetOptions();
  options.floats = true;
  validateSeeds(7400000, validationSeeds(30), options, Check::Symbolic);
}

// The same with the input fixed by the checker (a library function's argument, an operation
// kept concrete) where the path allows few values: split first, so the search stays complete
// (SymbolicValues::splitsBeforeFixing).
TEST(PipelineValidation, FixedValuesAgainstEnumeration) {
  CGeneratorOptions options = charNondetOptions();
  options.fixedNondet = true;
  validateSeeds(7600000, validationSeeds(30), options, Check::Symbolic);
}

// The input through atomic updates of shared words, which other threads update and read as
// well: the words and the updates' results stay expressions, and none is fixed.
TEST(PipelineValidation, SymbolicUpdatesAgainstEnumeration) {
  CGeneratorOptions options = charNondetOptions();
  options.symbolicUpdates = options.commutingUpdates = true;
  validateSeeds(7700000, validationSeeds(30), options, Check::Symbolic);
}

// Inputs only compared with constants, drawn by their classes (passes/NondetDomain.h), against
// the enumeration of every value (checkSymbolicProgram runs both).
TEST(PipelineValidation, NondetClassesAgainstEnumeration) {
  CGeneratorOptions options = charNondetOptions();
  options.comparedNondet = true;
  validateSeeds(7200000, validationSeeds(30), options, Check::Symbolic);
}

// Inputs restricted by an assumption and then used as data, drawn from the values it allows
// (passes/AssumedValues.h), or checked in ways that must not restrict them, against the
// enumeration of every value.
TEST(PipelineValidation, AssumedValuesAgainstEnumeration) {
  CGeneratorOptions options = charNondetOptions();
  options.assumedNondet = true;
  validateSeeds(7500000, validationSeeds(40), options, Check::Symbolic);
}

// Loops whose iteration count is a nondet input, replaced by their last iteration
// (passes/LoopAbstraction.h): the abstraction may find more errors, never fewer.
TEST(PipelineValidation, LoopAbstractionAgainstEnumeration) {
  CGeneratorOptions options = charNondetOptions();
  options.nondetLoops = true;
  validateSeeds(7300000, validationSeeds(40), options, Check::LoopAbstraction);
}

// The same with assumptions, which may constrain a nondet input another thread branches on:
// an assumption's decision depends on every other decision, a branch's only on assumptions.
TEST(PipelineValidation, SymbolicNondetWithAssumptions) {
  CGeneratorOptions options = charNondetOptions();
  options.assumes = true;
  validateSeeds(7100000, validationSeeds(30), options, Check::Symbolic);
}

// Failed assumptions stop their thread (outside atomic blocks) while the others go on.
TEST(PipelineValidation, Assumptions) {
  CGeneratorOptions options = defaults();
  options.assumes = true;
  validateSeeds(6000000, validationSeeds(60), options);
}

// Data races: every complete search finds one iff exhaustive search does.
TEST(PipelineValidation, DataRaces) {
  CGeneratorOptions options = defaults();
  options.asserts = false; // an assertion failure would end executions before their races
  validateSeeds(8000000, validationSeeds(60), options, Check::Races);
}

TEST(PipelineValidation, ThreeThreadsNoPairs) {
  CGeneratorOptions options = defaults();
  options.maxChildren = 3;
  options.maxOps = 2;
  options.condvars = false;
  options.semaphores = false;
  validateSeeds(1000000, validationSeeds(60), options);
}

TEST(PipelineValidation, LocksAndConditionVariables) {
  CGeneratorOptions options = defaults();
  options.c11Atomics = false;
  options.arrays = false;
  options.maxOps = 4;
  validateSeeds(2000000, validationSeeds(60), options);
}

TEST(PipelineValidation, HeapObjects) {
  CGeneratorOptions options = defaults();
  options.grandchildren = false; // keeps most programs small enough for exhaustive search
  options.heap = true;
  validateSeeds(3000000, validationSeeds(40), options);
}

// Locals published through p0/p1 by a function that then returns: a reader may use one after
// its frame ended, which every search must find in the same programs (runtime FrameEnd).
TEST(PipelineValidation, PublishedStackObjects) {
  CGeneratorOptions options = defaults();
  options.grandchildren = false;
  options.condvars = options.semaphores = options.atomicBlocks = false;
  options.heap = true;
  options.stackObjects = true;
  validateSeeds(3100000, validationSeeds(40), options);
}

// Library calls made visible by their footprints (output functions over shared memory, rand's
// shared state): the searches must order them like any other shared access.
TEST(PipelineValidation, LibraryCalls) {
  CGeneratorOptions options;
  options.grandchildren = false;
  options.libraryCalls = true;
  validateSeeds(4500000, validationSeeds(40), options);
}

// 32-bit programs: footprints found through virtual addresses (free, the string functions,
// pthread objects), heap objects in their threads' arenas.
TEST(PipelineValidation, Ilp32) {
  CGeneratorOptions options;
  options.grandchildren = false;
  options.libraryCalls = true;
  options.heap = true;
  options.ilp32 = true;
  validateSeeds(4600000, validationSeeds(40), options);
}

TEST(PipelineValidation, PthreadOnce) {
  CGeneratorOptions options;
  options.grandchildren = false;
  options.once = true;
  validateSeeds(4000000, validationSeeds(40), options);
}

TEST(PipelineValidation, ThreadsCreatingThreads) {
  CGeneratorOptions options;
  options.grandchildren = true;
  options.maxChildren = 1;
  validateSeeds(5000000, validationSeeds(40), options);
}

// Every interleaving of one trace reaches one state key (Model::stateKey), with heap objects,
// pthread_once, condition variables and threads that create threads.
TEST(PipelineValidation, CanonicalStateKeys) {
  CGeneratorOptions options = defaults();
  options.heap = true;
  options.once = true;
  validateSeeds(9500000, validationSeeds(60), options, Check::CanonicalKeys);
}

// Programs that spin (flags, CAS and exchange spin locks, polling; sometimes a spin nobody
// ends): the stateful search against the whole state graph (checkSpinningProgram).
TEST(PipelineValidation, SpinningPrograms) {
  CGeneratorOptions options;
  options.spins = true;
  options.grandchildren = false;
  validateSeeds(8000000, validationSeeds(40), options, Check::Spinning);
}

// Spinning programs with livelocks in most of them (a spin nobody ends, polite back-off pairs):
// the one-process search and the partitioned one (whose livelocks are found in every
// partition's records together) find the state graph's livelock, one per component.
TEST(PipelineValidation, Livelocks) {
  CGeneratorOptions options;
  options.spins = options.livelocks = true;
  options.grandchildren = false;
  validateSeeds(8100000, validationSeeds(40, 4), options, Check::Spinning);
}

// Compare-and-swaps and trylocks that fail in some schedules: a failed one reads (docs/
// design.md, "Dependence"), which every reduced search must agree with exhaustive search on;
// with data-race detection (where a compare-and-swap stays a write, a failed trylock still
// reads); and every interleaving of one trace must reach one state key (a failed
// compare-and-swap leaves memory and its definedness as they were).
static CGeneratorOptions updateOptions() {
  CGeneratorOptions options;
  options.updates = true;
  options.grandchildren = false; // keeps most programs small enough for exhaustive search
  return options;
}
TEST(PipelineValidation, FailingUpdates) {
  validateSeeds(12000000, validationSeeds(60), updateOptions());
}
TEST(PipelineValidation, FailingUpdatesRaces) {
  CGeneratorOptions options = updateOptions();
  options.asserts = false;
  validateSeeds(12100000, validationSeeds(40), options, Check::Races);
}
TEST(PipelineValidation, FailingUpdatesStateKeys) {
  validateSeeds(12200000, validationSeeds(40), updateOptions(), Check::CanonicalKeys);
}

// Updates whose results are ignored commute (docs/design.md, "Commuting updates"): every
// reduced search against exhaustive search, optimal DPOR with one execution per trace of the
// coarser dependence; with data-race detection; and every interleaving of one trace reaching
// one state key (the ignored result is kept nowhere).
static CGeneratorOptions commutingOptions() {
  CGeneratorOptions options;
  options.commutingUpdates = true;
  options.grandchildren = false;
  return options;
}
TEST(PipelineValidation, CommutingUpdates) {
  validateSeeds(13000000, validationSeeds(60), commutingOptions());
}
TEST(PipelineValidation, CommutingUpdatesRaces) {
  CGeneratorOptions options = commutingOptions();
  options.asserts = false;
  validateSeeds(13100000, validationSeeds(40), options, Check::Races);
}
TEST(PipelineValidation, CommutingUpdatesStateKeys) {
  validateSeeds(13200000, validationSeeds(40), commutingOptions(), Check::CanonicalKeys);
}

// Barriers whose arrivals commute (runtime/sync/Barrier.h): every reduced search against
// exhaustive search, with data-race detection (the barrier orders every arrival before every
// departure), and the state keys of one trace's interleavings.
static CGeneratorOptions barrierOptions() {
  CGeneratorOptions options;
  options.barriers = true;
  options.commutingUpdates = true;
  options.grandchildren = false;
  options.maxChildren = 3;
  options.maxOps = 2;
  return options;
}
TEST(PipelineValidation, Barriers) {
  validateSeeds(13400000, validationSeeds(60), barrierOptions());
}
TEST(PipelineValidation, BarriersRaces) {
  CGeneratorOptions options = barrierOptions();
  options.asserts = false;
  options.maxChildren = 2;
  validateSeeds(13500000, validationSeeds(40), options, Check::Races);
}
TEST(PipelineValidation, BarriersStateKeys) {
  CGeneratorOptions options = barrierOptions();
  options.maxChildren = 2; // three children reach a hundred thousand states: minutes
  validateSeeds(13600000, validationSeeds(40), options, Check::CanonicalKeys);
}

// Interchangeable threads: symmetry reduction and the counter abstraction against the whole
// state graph.
TEST(PipelineValidation, InterchangeableThreads) {
  CGeneratorOptions options;
  options.symmetric = true;
  options.grandchildren = false;
  options.mutexes = false;
  options.condvars = false;
  options.semaphores = false;
  options.assumes = true;
  validateSeeds(9000000, validationSeeds(15), options, Check::Symmetric);
}
