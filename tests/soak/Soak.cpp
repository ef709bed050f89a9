// bpor_soak: validates the reduced explorers against their references on random programs for
// as long as asked (docs/design.md, "Validation"; dissertation 8.3).
//
//   bpor_soak [--seconds N] [--seed S] [--only dpor|bpor|spin|combined]
//
// Each round generates a program (random generator options), then checks DPOR against
// exhaustive search, and BPOR against plain bounded search for a random bound function and
// bound 0..3 (the fair bound also on programs with spin loops, alone and combined with the
// context, preemption or delta bound, 6.6). Local, terminal and deadlock
// state hashes must be equal. A mismatch prints the seed, configuration and program and exits
// with status 1; programs whose reference search exceeds 5000 executions, or reports a
// livelock (the proofs assume none), are skipped. The optimizations are switched at random.
// --only runs one of the four comparisons per round (the same rounds, so a seed found with
// --only reproduces without it); the comparisons are named as in the MISMATCH lines.
#include "checker/Explorer.h"
#include "tests/support/Generator.h"
#include "tests/support/ProgramModel.h"
#include "tests/support/StateHash.h"

#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

using namespace bpor;
using namespace bpor::testing;

namespace {

struct Reached {
  ReachedStates states;
  SearchResult result;
};

Reached reach(const Program &program, SearchOptions options) {
  Reached r;
  options.keepGoing = true;
  ProgramModel model(program);
  r.result = explore(model, options, r.states.observer());
  return r;
}

// Returns false on a mismatch (after printing it).
bool compare(const char *what, const Program &program, uint64_t seed,
             const SearchOptions &reference, const SearchOptions &reduced, uint64_t &checks,
             uint64_t &skipped) {
  SearchOptions ref = reference;
  ref.keepGoing = true;
  ref.maxExecutions = 5000;
  Reached a = reach(program, ref);
  // The coverage proofs assume no execution is cut as a livelock (proof companion, Theorem
  // 13: "assume that the test does not contain a livelock"); such programs prove nothing.
  if (!a.result.complete || a.result.stats.depthLimited) {
    ++skipped;
    return true;
  }
  Reached b;
  try {
    b = reach(program, reduced);
  } catch (const std::logic_error &e) {
    fmt::print("INVARIANT ({}) seed {} bound {} c {}: {}\n{}", what, seed,
               boundKindName(reduced.bound), reduced.boundValue, e.what(), program.toString());
    return false;
  }
  ++checks;
  if (b.result.complete && a.states.local == b.states.local &&
      a.states.terminal == b.states.terminal && a.states.deadlock == b.states.deadlock)
    return true;
  fmt::print("MISMATCH ({}) seed {} bound {} c {} fair {} maxDepth {} transitive reduction {} "
             "bound optimization {} sleep sets {} alternative thread {}: local {}/{} terminal "
             "{}/{} deadlock {}/{} (reduced/reference), reduced complete: {}\n{}",
             what, seed, boundKindName(reduced.bound), reduced.boundValue,
             reduced.combinedFairBound ? std::to_string(*reduced.combinedFairBound) : "none",
             reduced.maxDepth, reduced.transitiveReduction, reduced.boundOptimization,
             reduced.sleepSets, reduced.alternativeThread, b.states.local.size(),
             a.states.local.size(), b.states.terminal.size(), a.states.terminal.size(),
             b.states.deadlock.size(), a.states.deadlock.size(), b.result.complete,
             program.toString());
  return false;
}

} // namespace

int main(int argc, char **argv) {
  double seconds = 60;
  std::string only;
  uint64_t seed = uint64_t(std::chrono::system_clock::now().time_since_epoch().count());
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--seconds") && i + 1 < argc)
      seconds = std::atof(argv[++i]);
    else if (!std::strcmp(argv[i], "--seed") && i + 1 < argc)
      seed = std::strtoull(argv[++i], nullptr, 10);
    else if (!std::strcmp(argv[i], "--only") && i + 1 < argc)
      only = argv[++i];
    else {
      fmt::print(stderr, "usage: bpor_soak [--seconds N] [--seed S] "
                         "[--only dpor|bpor|spin|combined]\n");
      return 2;
    }
  }
  if (!only.empty() && only != "dpor" && only != "bpor" && only != "spin" && only != "combined") {
    fmt::print(stderr, "bpor_soak: --only takes dpor, bpor, spin or combined\n");
    return 2;
  }
  auto runs = [&](const char *mode) { return only.empty() || only == mode; };
  fmt::print("bpor_soak: seed {}, {} seconds{}\n", seed, seconds,
             only.empty() ? "" : ", only " + only);
  auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  uint64_t rounds = 0, checks = 0, skipped = 0;
  const BoundKind bounds[] = {BoundKind::Depth,       BoundKind::Context, BoundKind::Preemption,
                              BoundKind::Delta,       BoundKind::Fair,    BoundKind::LocalDepth,
                              BoundKind::LocalContext};
  for (uint64_t round = seed; elapsed() < seconds; ++round, ++rounds) {
    uint64_t r = soakRoundBits(round);
    Program program = generateProgram(round, soakGeneratorOptions(r));
    SearchOptions exhaustive, dpor;
    dpor.por = PorMode::Dpor;
    dpor.transitiveReduction = (r >> 32) & 1;
    dpor.threadStartOptimization = (r >> 40) & 1;
    dpor.releaseOptimization = (r >> 42) & 1;
    dpor.alternativeThread = (r >> 43) & 1;
    if (runs("dpor") && !compare("dpor", program, round, exhaustive, dpor, checks, skipped))
      return 1;
    SearchOptions plain;
    plain.bound = bounds[(r >> 16) % 7];
    plain.boundValue = (r >> 20) % 4;
    SearchOptions bpor = plain;
    bpor.por = PorMode::Bpor;
    bpor.transitiveReduction = (r >> 30) & 1;
    bpor.boundOptimization = (r >> 31) & 1;
    bpor.checkInvariants = (r >> 35) % 4 == 0;
    bpor.sleepSets = (r >> 37) & 1;
    bpor.threadStartOptimization = (r >> 39) & 1;
    bpor.releaseOptimization = (r >> 41) & 1;
    bpor.alternativeThread = (r >> 44) & 1;
    if (runs("bpor") && !compare("bpor", program, round, plain, bpor, checks, skipped))
      return 1;
    // Cyclic programs: the fair bound with the livelock depth.
    GeneratorOptions cyclic = soakGeneratorOptions(r);
    cyclic.spins = true;
    Program spinning = generateProgram(round, cyclic);
    SearchOptions fair;
    fair.bound = BoundKind::Fair;
    fair.boundValue = (r >> 24) % 4;
    fair.maxDepth = 20 + (r >> 28) % 20;
    SearchOptions fairBpor = fair;
    fairBpor.por = PorMode::Bpor;
    fairBpor.transitiveReduction = (r >> 33) & 1;
    fairBpor.boundOptimization = (r >> 34) & 1;
    fairBpor.sleepSets = (r >> 38) & 1;
    fairBpor.alternativeThread = (r >> 45) & 1;
    if (runs("spin") &&
        !compare("bpor, spin loops", spinning, round, fair, fairBpor, checks, skipped))
      return 1;
    // The fair bound combined with another (6.6), on the same cyclic program.
    const BoundKind combinable[] = {BoundKind::Context, BoundKind::Preemption, BoundKind::Delta};
    SearchOptions both;
    both.bound = combinable[(r >> 46) % 3];
    both.boundValue = (r >> 48) % 4;
    both.combinedFairBound = 1 + (r >> 50) % 2;
    both.maxDepth = fair.maxDepth;
    SearchOptions bothBpor = both;
    bothBpor.por = PorMode::Bpor;
    bothBpor.transitiveReduction = (r >> 52) & 1;
    bothBpor.threadStartOptimization = (r >> 52) & 1;
    bothBpor.releaseOptimization = (r >> 53) & 1;
    bothBpor.boundOptimization = (r >> 54) & 1;
    bothBpor.sleepSets = (r >> 55) & 1;
    bothBpor.alternativeThread = (r >> 56) & 1;
    if (runs("combined") &&
        !compare("bpor, combined fair bound", spinning, round, both, bothBpor, checks, skipped))
      return 1;
    if (rounds % 200 == 0) {
      fmt::print("{:.0f}s: {} rounds, {} comparisons, {} skipped\n", elapsed(), rounds, checks,
                 skipped);
      std::fflush(stdout);
    }
  }
  fmt::print("bpor_soak: no mismatch in {} rounds ({} comparisons, {} skipped as too big)\n",
             rounds, checks, skipped);
  return 0;
}
