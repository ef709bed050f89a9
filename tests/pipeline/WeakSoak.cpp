// bpor_weak_soak: the weak-memory validation (WeakMemoryCheck.h) on generated C11 programs
// (WeakProgramGenerator.h) through the real pipeline, under every memory model, for as many
// programs as asked (docs/results.md, "Validation soak").
//
//   bpor_weak_soak [--programs N] [--first-seed S] [--threads MAX] [--ops MAX]
//                  [--sync-percent P] [--sync-objects MASK] [--spin-percent P]
//                  [--update-loop-percent P] [--nondet-percent P] [--against-sc]
//   bpor_weak_soak --print SEED   (the program of one seed)
//
// A mismatch prints the seed, what differed and the program, and exits with status 1.
#include "tests/pipeline/WeakMemoryCheck.h"
#include "tests/pipeline/WeakProgramGenerator.h"

#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <cstring>

using namespace bpor;
using namespace bpor::testing;

int main(int argc, char **argv) {
  uint64_t programs = 100, first = 0;
  WeakProgramOptions options;
  bool againstSC = false; // the default search's errors under SC too (WeakMemoryCheck.h)
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--programs") && i + 1 < argc)
      programs = std::strtoull(argv[++i], nullptr, 10);
    else if (!std::strcmp(argv[i], "--first-seed") && i + 1 < argc)
      first = std::strtoull(argv[++i], nullptr, 10);
    else if (!std::strcmp(argv[i], "--threads") && i + 1 < argc)
      options.maxThreads = unsigned(std::strtoul(argv[++i], nullptr, 10));
    else if (!std::strcmp(argv[i], "--ops") && i + 1 < argc)
      options.maxOps = unsigned(std::strtoul(argv[++i], nullptr, 10));
    else if (!std::strcmp(argv[i], "--sync-percent") && i + 1 < argc)
      options.syncPercent = unsigned(std::strtoul(argv[++i], nullptr, 10));
    else if (!std::strcmp(argv[i], "--sync-objects") && i + 1 < argc)
      options.syncObjects = unsigned(std::strtoul(argv[++i], nullptr, 10));
    else if (!std::strcmp(argv[i], "--spin-percent") && i + 1 < argc)
      options.spinPercent = unsigned(std::strtoul(argv[++i], nullptr, 10));
    else if (!std::strcmp(argv[i], "--update-loop-percent") && i + 1 < argc)
      options.updateLoopPercent = unsigned(std::strtoul(argv[++i], nullptr, 10));
    else if (!std::strcmp(argv[i], "--nondet-percent") && i + 1 < argc)
      options.nondetPercent = unsigned(std::strtoul(argv[++i], nullptr, 10));
    else if (!std::strcmp(argv[i], "--against-sc"))
      againstSC = true;
    else if (!std::strcmp(argv[i], "--print") && i + 1 < argc) {
      fmt::print("{}", generateWeakProgram(std::strtoull(argv[++i], nullptr, 10), options).source);
      return 0;
    } else {
      fmt::print(stderr, "usage: bpor_weak_soak [--programs N] [--first-seed S] [--threads MAX] "
                         "[--ops MAX] [--sync-percent P] [--sync-objects 1|2|4|8 (semaphores, barriers, "
                         "rwlocks, condition variables; or their sum)] [--spin-percent P] "
                         "[--update-loop-percent P] [--nondet-percent P (symbolic against "
                         "enumerated)] [--against-sc] | --print SEED\n");
      return 2;
    }
  }
  const std::vector<graph::MemoryModel> models{graph::MemoryModel::SC, graph::MemoryModel::TSO,
                                               graph::MemoryModel::PSO, graph::MemoryModel::RA,
                                               graph::MemoryModel::RC11};
  auto start = std::chrono::steady_clock::now();
  uint64_t checked = 0, skipped = 0, graphs = 0, concretised = 0;
  for (uint64_t seed = first; seed < first + programs; ++seed) {
    CProgram program = generateWeakProgram(seed, options);
    WeakMemoryCheck result = options.nondetPercent
                                 ? checkWeakNondet(program, models, 100000, againstSC)
                                 : checkWeakMemory(program, models, 100000, againstSC);
    if (!result.check.mismatches.empty()) {
      fmt::print("MISMATCH seed {} (--first-seed {} --programs 1)\n", seed, seed);
      for (const std::string &m : result.check.mismatches)
        fmt::print("  {}\n", m);
      fmt::print("program:\n{}", program.source);
      return 1;
    }
    if (result.check.skipped) {
      ++skipped;
      continue;
    }
    ++checked;
    concretised += result.check.concretised;
    for (const auto &[model, count] : result.graphs)
      graphs += count;
    if ((seed - first + 1) % 100 == 0)
      fmt::print(stderr, "[weak soak] {} programs, {} checked, {:.0f} s\n", seed - first + 1,
                 checked,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  fmt::print("{} programs (seeds {} to {}): {} checked under SC, TSO, PSO, RA and RC11 ({} "
             "consistent graphs in all; {} with a value fixed with loss under some model, not "
             "checked there), {} skipped (the oracle's limit), {:.0f} s\n",
             programs, first, first + programs - 1, checked, graphs, concretised, skipped,
             seconds);
  return 0;
}
