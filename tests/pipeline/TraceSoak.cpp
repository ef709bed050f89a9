// bpor_trace_soak: the trace-set validation (TraceSetCheck.h) on generated C programs through
// the real pipeline, for as many programs as asked (docs/results.md, "Validation soak").
//
//   bpor_trace_soak [--programs N] [--first-seed S] [--no-parallel] [--no-others]
//   bpor_trace_soak --print SEED   (the program of one seed)
//
// Program k is traceSoakProgram(S + k). A mismatch prints the seed, what differed and the
// program, and exits with status 1; reproduce it with --first-seed SEED --programs 1.
#include "tests/pipeline/TraceSetCheck.h"

#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <cstring>

using namespace bpor::testing;

int main(int argc, char **argv) {
  uint64_t programs = 1000, first = 0;
  TraceSetOptions options;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--programs") && i + 1 < argc)
      programs = std::strtoull(argv[++i], nullptr, 10);
    else if (!std::strcmp(argv[i], "--first-seed") && i + 1 < argc)
      first = std::strtoull(argv[++i], nullptr, 10);
    else if (!std::strcmp(argv[i], "--print") && i + 1 < argc) {
      fmt::print("{}", traceSoakProgram(std::strtoull(argv[++i], nullptr, 10)).source);
      return 0;
    } else if (!std::strcmp(argv[i], "--no-parallel"))
      options.parallel = false;
    else if (!std::strcmp(argv[i], "--no-others"))
      options.otherSearches = false;
    else {
      fmt::print(stderr, "usage: bpor_trace_soak [--programs N] [--first-seed S] "
                         "[--no-parallel] [--no-others] | --print SEED\n");
      return 2;
    }
  }
  auto start = std::chrono::steady_clock::now();
  uint64_t checked = 0, skipped = 0, exhaustive = 0, withErrors = 0, traces = 0, notCompared = 0;
  for (uint64_t seed = first; seed < first + programs; ++seed) {
    CProgram program = traceSoakProgram(seed);
    TraceSetCheck result = checkTraceSets(program, options);
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
    exhaustive += result.exhaustive;
    withErrors += result.hasErrors;
    traces += result.traces;
    notCompared += result.notCompared;
    if ((seed - first + 1) % 1000 == 0)
      fmt::print(stderr, "[trace soak] {} programs, {} checked, {:.0f} s\n", seed - first + 1,
                 checked,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  fmt::print("{} programs (seeds {} to {}): {} checked ({} also against exhaustive search, {} "
             "with errors, {} traces; {} runs of other searches stopped at their limit), {} "
             "skipped (more than {} traces), {:.0f} s\n",
             programs, first, first + programs - 1, checked, exhaustive, withErrors, traces,
             notCompared, skipped, options.maxTraces, seconds);
  return 0;
}
