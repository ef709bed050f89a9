// bpor_cgen: prints the C program the pipeline validation generates for a seed, to run it with
// bporcheck by hand (with --nondet-values=0,1).
//
//   bpor_cgen SEED [--heap] [--heap-copies] [--stack-objects] [--once] [--library] [--ilp32] [--max-children N] [--max-ops N] [--no-grandchildren]
//            [--no-condvars] [--no-semaphores] [--no-atomics] [--no-arrays] [--updates]
//            [--commuting-updates] [--barriers] [--spins] [--update-loops]
//
// The test's option sets are in tests/pipeline/PipelineValidationTest.cpp (AllFeatures uses the
// defaults).
#include "tests/pipeline/CProgramGenerator.h"

#include <fmt/format.h>

#include <cstdlib>
#include <cstring>

int main(int argc, char **argv) {
  if (argc < 2) {
    fmt::print(stderr, "usage: bpor_cgen SEED [options] (see the source)\n");
    return 2;
  }
  bpor::testing::CGeneratorOptions options;
  uint64_t seed = std::strtoull(argv[1], nullptr, 10);
  for (int i = 2; i < argc; ++i) {
    auto is = [&](const char *name) { return !std::strcmp(argv[i], name); };
    if (is("--heap-copies")) // and memcpy/memset into heap objects (ReadsFrom.GeneratedPrograms)
      options.heap = options.heapCopies = true;
    else if (is("--heap"))
      options.heap = true;
    else if (is("--char-nondet")) { // one char-sized input, no int ones (the symbolic checks)
      options.charNondet = true;
      options.nondet = false;
    } else if (is("--large-array")) { // and it indexes int big[300]
      options.charNondet = true;
      options.nondet = false;
      options.largeArray = true;
    } else if (is("--floats")) { // and it goes through float arithmetic
      options.charNondet = true;
      options.nondet = false;
      options.floats = true;
    } else if (is("--fixed-nondet")) { // and the checker must fix it (split first)
      options.charNondet = true;
      options.nondet = false;
      options.fixedNondet = true;
    } else if (is("--symbolic-updates")) { // and atomic updates of shared words take it
      options.charNondet = true;
      options.nondet = false;
      options.symbolicUpdates = options.commutingUpdates = true;
    } else if (is("--compared-nondet")) { // and it is only compared with constants
      options.comparedNondet = true;
    } else if (is("--nondet-loops")) { // or bounds a loop (checkLoopAbstraction)
      options.nondetLoops = true;
    }
    else if (is("--ilp32")) // compile it with -m32
      options.ilp32 = true;
    else if (is("--stack-objects"))
      options.heap = options.stackObjects = true;
    else if (is("--library"))
      options.libraryCalls = true;
    else if (is("--once"))
      options.once = true;
    else if (is("--updates")) // compare-and-swaps and trylocks that fail (FailingUpdates*)
      options.updates = true;
    else if (is("--commuting-updates")) // fetch_add statements and the like (CommutingUpdates*)
      options.commutingUpdates = true;
    else if (is("--barriers")) // a barrier of main's children (Barriers*)
      options.barriers = true;
    else if (is("--assumes"))
      options.assumes = true;
    else if (is("--symmetric")) { // checkSymmetricProgram's programs
      options.symmetric = true;
      options.grandchildren = options.mutexes = options.condvars = options.semaphores = false;
      options.assumes = true;
    } else if (is("--spins")) // flags, spin locks, polling (SpinningPrograms)
      options.spins = true;
    else if (is("--update-loops")) // compare-and-swap and exchange retry loops (UpdateLoops)
      options.updateLoops = true;
    else if (is("--livelocks")) // and livelocks more often (Livelocks)
      options.livelocks = options.spins = true;
    else if (is("--no-grandchildren"))
      options.grandchildren = false;
    else if (is("--no-condvars"))
      options.condvars = false;
    else if (is("--no-semaphores"))
      options.semaphores = false;
    else if (is("--no-atomics"))
      options.c11Atomics = false;
    else if (is("--no-arrays"))
      options.arrays = false;
    else if (is("--max-children") && i + 1 < argc)
      options.maxChildren = unsigned(std::atoi(argv[++i]));
    else if (is("--max-ops") && i + 1 < argc)
      options.maxOps = unsigned(std::atoi(argv[++i]));
    else {
      fmt::print(stderr, "bpor_cgen: unknown option {}\n", argv[i]);
      return 2;
    }
  }
  fmt::print("{}", bpor::testing::generateCProgram(seed, options).source);
  return 0;
}
