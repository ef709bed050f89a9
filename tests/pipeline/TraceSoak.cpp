// bpor_trace_soak: the trace-set validation (TraceSetCheck.h) on generated C programs through
// the real pipeline, for as many programs as asked (docs/results.md, "Validation soak").
//
//   bpor_trace_soak [--programs N] [--first-seed S] [--no-parallel] [--no-others] [--divided-bpor]
//                   [--updates | --commuting-updates | --symbolic]
//   bpor_trace_soak [--updates | --commuting-updates | --symbolic] --print SEED
//     (the program of one seed)
//   bpor_trace_soak --file PROG.c [-DNAME=VALUE ...] [--exhaustive-limit N] [--max-traces N]
//     (one program of one's own, for instance a lit test's, checked the same way)
//
// Program k is traceSoakProgram(S + k); --updates adds compare-and-swaps and trylocks that
// fail in some schedules, --commuting-updates updates whose result is ignored, --symbolic
// programs with nondet inputs, checked with symbolic values (traceSoakProgram's `updates`,
// TraceSetOptions::symbolic). A mismatch prints the seed, what differed and the
// program, and exits with status 1; reproduce it with --first-seed SEED --programs 1.
#include "tests/pipeline/TraceSetCheck.h"

#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

using namespace bpor::testing;

// Checks one program of one's own (--file); prints the trace count and what it was compared
// with.
int checkFile(const char *path, const std::vector<std::string> &clangArgs,
              const TraceSetOptions &options) {
  std::ifstream in(path);
  if (!in) {
    fmt::print(stderr, "bpor_trace_soak: cannot read {}\n", path);
    return 2;
  }
  std::stringstream text;
  text << in.rdbuf();
  CProgram program;
  program.source = text.str();
  program.clangArgs = clangArgs;
  TraceSetCheck result = checkTraceSets(program, options);
  for (const std::string &m : result.check.mismatches)
    fmt::print("MISMATCH {}\n", m);
  if (!result.check.mismatches.empty())
    return 1;
  if (result.check.skipped) {
    fmt::print("{}: skipped (more than {} traces, or incomplete)\n", path, options.maxTraces);
    return 3;
  }
  fmt::print("{}: {} traces, the same for every search{}{}\n", path, result.traces,
             result.exhaustive ? ", exhaustive search included" : "",
             result.notCompared ? fmt::format(" ({} searches stopped at their limit)",
                                              result.notCompared)
                                : "");
  return 0;
}

int main(int argc, char **argv) {
  uint64_t programs = 1000, first = 0;
  TraceSetOptions options;
  const char *file = nullptr;
  SoakUpdates updates = SoakUpdates::None;
  const char *print = nullptr;
  std::vector<std::string> clangArgs;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--file") && i + 1 < argc)
      file = argv[++i];
    else if (!std::strncmp(argv[i], "-D", 2))
      clangArgs.push_back(argv[i]);
    else if (!std::strcmp(argv[i], "--exhaustive-limit") && i + 1 < argc)
      options.maxExhaustiveExecutions = std::strtoull(argv[++i], nullptr, 10);
    else if (!std::strcmp(argv[i], "--max-traces") && i + 1 < argc)
      options.maxTraces = std::strtoull(argv[++i], nullptr, 10);
    else if (!std::strcmp(argv[i], "--programs") && i + 1 < argc)
      programs = std::strtoull(argv[++i], nullptr, 10);
    else if (!std::strcmp(argv[i], "--first-seed") && i + 1 < argc)
      first = std::strtoull(argv[++i], nullptr, 10);
    else if (!std::strcmp(argv[i], "--print") && i + 1 < argc)
      print = argv[++i];
    else if (!std::strcmp(argv[i], "--updates"))
      updates = SoakUpdates::Failing;
    else if (!std::strcmp(argv[i], "--commuting-updates"))
      updates = SoakUpdates::Commuting;
    else if (!std::strcmp(argv[i], "--symbolic"))
      updates = SoakUpdates::Symbolic;
    else if (!std::strcmp(argv[i], "--no-parallel"))
      options.parallel = false;
    else if (!std::strcmp(argv[i], "--no-others"))
      options.otherSearches = false;
    else if (!std::strcmp(argv[i], "--divided-bpor"))
      options.dividedBpor = true;
    else {
      fmt::print(stderr, "usage: bpor_trace_soak [--programs N] [--first-seed S] "
                         "[--no-parallel] [--no-others] [--divided-bpor] "
                         "[--updates|--commuting-updates|--symbolic] | "
                         "[--updates|--commuting-updates|--symbolic] --print SEED "
                         "| --file PROG.c "
                         "[-DNAME=VALUE ...] [--exhaustive-limit N] [--max-traces N]\n");
      return 2;
    }
  }
  options.symbolic = options.symbolic || updates == SoakUpdates::Symbolic;
  if (print) {
    fmt::print("{}", traceSoakProgram(std::strtoull(print, nullptr, 10), updates).source);
    return 0;
  }
  if (file)
    return checkFile(file, clangArgs, options);
  auto start = std::chrono::steady_clock::now();
  uint64_t checked = 0, skipped = 0, exhaustive = 0, withErrors = 0, traces = 0, notCompared = 0,
           onlyRead = 0;
  for (uint64_t seed = first; seed < first + programs; ++seed) {
    CProgram program = traceSoakProgram(seed, updates);
    TraceSetCheck result = checkTraceSets(program, options);
    if (!result.check.mismatches.empty()) {
      fmt::print("MISMATCH seed {} (--first-seed {} --programs 1{})\n", seed, seed,
                 soakUpdatesOption(updates));
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
    onlyRead += result.onlyReadEvents;
    if ((seed - first + 1) % 1000 == 0)
      fmt::print(stderr, "[trace soak] {} programs, {} checked, {:.0f} s\n", seed - first + 1,
                 checked,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  fmt::print("{} programs (seeds {} to {}{}): {} checked ({} also against exhaustive search, {} "
             "with errors, {} with a failed compare-and-swap or trylock, {} traces; {} runs of "
             "other searches stopped at their limit), {} skipped (more than {} traces), {:.0f} s\n",
             programs, first, first + programs - 1, soakUpdatesOption(updates), checked,
             exhaustive, withErrors, onlyRead, traces, notCompared, skipped, options.maxTraces,
             seconds);
  return 0;
}
