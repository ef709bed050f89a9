// The speed-up of `mpirun -np N bporcheck prog.c` for N up to 1,024, predicted from the real
// tree of the program (docs/results.md, "Distributed search: simulated"). For each N the split
// depth is the one the distributed search chooses (chooseSplitDepth, 64 units a rank); the
// tree at that depth is recorded on this machine, in CPU seconds of one process:
//   walk    the search with every unit given away: the time between the claims, which is what
//           every rank spends walking the top from one unit to the next;
//   unit    the search with every unit kept, less the walk between the claims: each unit's cost;
// and RankModel.h plays the protocol over it (every rank walks the whole top and asks rank 0
// for each unit it reaches; rank 0 answers one request at a time).
//
//   bpor_rank_simulation [-DN=10] bench/large/lock_counter_9.c [--ranks 2,16,64,256,1024]
//                        [--latency-us 50] [--service-us 2] [--max-split-depth D]
//                        [--split-depth D (this depth whatever the ranks)]
//
// Below the table, for each depth: what the units cost together against the search alone, and
// the executions they end sleep-set blocked, with the share of those in units where a thread
// creation sleeps at the root (SearchSplit::claim's forkAsleep).
#include "bench/distributed/RankModel.h"
#include "bench/interp/BenchSupport.h"
#include "checker/optimal/OptimalExplorer.h"
#include "checker/parallel/DivisibleSearch.h"
#include "runtime/Execution.h"

#include <fmt/format.h>

#include <cstdlib>
#include <cstring>
#include <sstream>

using namespace bpor;
using bench::cpuSeconds;

namespace {

/// A search split at one depth that keeps every unit or none: at each claim, the CPU time,
/// the search's statistics and whether a thread creation sleeps at the unit's root; and the
/// same at its end.
struct Claims {
  std::vector<double> times;
  std::vector<Statistics> sofar;
  std::vector<bool> forkAsleep;
  double end = 0;
  Statistics atEnd;
  bool laterRounds = false; // the races asked for branches above the split (not simulated)
};

Claims recordClaims(Model &model, size_t depth, bool keep) {
  Claims claims;
  SearchSplit split;
  split.depth = depth;
  split.singleBranches = divisibleSourceDpor().singleBranches;
  double start = cpuSeconds();
  split.claim = [&](uint64_t, bool forkAsleep, bool, const Statistics &sofar) {
    claims.times.push_back(cpuSeconds() - start);
    claims.sofar.push_back(sofar);
    claims.forkAsleep.push_back(forkAsleep);
    return keep;
  };
  SearchOptions options;
  options.split = &split;
  SearchResult result = exploreOptimal(model, options, OptimalVariant::Source);
  claims.atEnd = result.stats;
  claims.laterRounds = !result.askedBranches.empty();
  claims.end = cpuSeconds() - start;
  return claims;
}

/// What the units of a split cost beyond the search alone.
struct UnitCosts {
  double together = 0;     // CPU seconds of every unit
  double forkAsleep = 0;   // of the units where a thread creation sleeps at the root
  size_t forkAsleepUnits = 0;
  uint64_t executions = 0, blocked = 0, blockedForkAsleep = 0; // blocked: sleep-set blocked
  uint64_t steps = 0; // visible steps, replay included
};

bench::TreeProfile profileAt(Model &model, size_t depth, double sequential, UnitCosts &costs) {
  bench::TreeProfile tree;
  tree.sequential = sequential;
  Claims walked = recordClaims(model, depth, false);
  Claims kept = recordClaims(model, depth, true);
  if (kept.laterRounds)
    fmt::print("depth {}: the search needs a later round (checker/SplitRounds.h), which this "
               "simulation leaves out\n",
               depth);
  size_t units = std::min(walked.times.size(), kept.times.size());
  for (size_t k = 0; k < units; ++k)
    tree.walk.push_back(walked.times[k] - (k ? walked.times[k - 1] : 0));
  tree.walkTail = units ? walked.end - walked.times[units - 1] : walked.end;
  costs = UnitCosts{};
  costs.executions = kept.atEnd.executions;
  costs.blocked = kept.atEnd.sleepSetBlocked;
  costs.steps = kept.atEnd.steps;
  for (size_t k = 0; k < units; ++k) {
    double between = (k + 1 < units ? kept.times[k + 1] : kept.end) - kept.times[k];
    double walk = k + 1 < units ? tree.walk[k + 1] : tree.walkTail;
    tree.unit.push_back(std::max(0.0, between - walk));
    costs.together += tree.unit.back();
    if (kept.forkAsleep[k]) {
      const Statistics &next = k + 1 < units ? kept.sofar[k + 1] : kept.atEnd;
      ++costs.forkAsleepUnits;
      costs.forkAsleep += tree.unit.back();
      costs.blockedForkAsleep += next.sleepSetBlocked - kept.sofar[k].sleepSetBlocked;
    }
  }
  return tree;
}

std::vector<unsigned> parseRanks(const char *text) {
  std::vector<unsigned> ranks;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ','))
    ranks.push_back(unsigned(std::strtoul(item.c_str(), nullptr, 10)));
  return ranks;
}

} // namespace

int main(int argc, char **argv) {
  std::string file, clangArgs;
  std::vector<unsigned> rankCounts{2, 16, 64, 256, 1024};
  bench::Network network;
  size_t maxSplitDepth = divisibleSourceDpor().maxSplitDepth, forcedDepth = 0;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--ranks") && i + 1 < argc)
      rankCounts = parseRanks(argv[++i]);
    else if (!std::strcmp(argv[i], "--latency-us") && i + 1 < argc)
      network.latency = std::strtod(argv[++i], nullptr) * 1e-6;
    else if (!std::strcmp(argv[i], "--service-us") && i + 1 < argc)
      network.service = std::strtod(argv[++i], nullptr) * 1e-6;
    else if (!std::strcmp(argv[i], "--max-split-depth") && i + 1 < argc)
      maxSplitDepth = std::strtoul(argv[++i], nullptr, 10);
    else if (!std::strcmp(argv[i], "--split-depth") && i + 1 < argc)
      forcedDepth = std::strtoul(argv[++i], nullptr, 10);
    else if (argv[i][0] == '-' && (argv[i][1] == 'D' || argv[i][1] == 'I'))
      clangArgs += fmt::format(" '{}'", argv[i]);
    else
      file = argv[i];
  }
  if (file.empty()) {
    fmt::print(stderr, "usage: bpor_rank_simulation [-DNAME=VALUE] prog.c [--ranks 2,16,...] "
                       "[--latency-us 50] [--service-us 2] [--max-split-depth D] [--split-depth D]\n");
    return 2;
  }
  std::unique_ptr<Program> program = bench::compileInstrumented(file, clangArgs);
  if (!program) {
    fmt::print(stderr, "{}: could not compile\n", file);
    return 1;
  }
  Execution model(*program);
  double start = cpuSeconds();
  SearchResult alone = exploreOptimal(model, SearchOptions{}, OptimalVariant::Source);
  double sequential = cpuSeconds() - start;
  fmt::print("{}{}: source-DPOR alone {:.2f} s CPU, {} executions; latency {:.0f} us, rank 0's "
             "service {:.1f} us a request, {}, split depth at most {}\n",
             file, clangArgs, sequential, alone.stats.executions, network.latency * 1e6,
             network.service * 1e6,
             "the two protocols (RankModel.h)",
             maxSplitDepth);
  fmt::print("| ranks | split depth | units | top walked by each rank (s) | largest unit (s) | "
             "protocol | predicted speed-up | efficiency | walking | asking | exploring | idle | "
             "requests to rank 0 |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  std::vector<std::string> costLines;
  for (unsigned ranks : rankCounts) {
    DivisibleSearch search = divisibleSourceDpor();
    search.maxSplitDepth = maxSplitDepth;
    auto [depth, units] =
        forcedDepth ? std::pair<size_t, uint64_t>{forcedDepth, 2}
                    : chooseSplitDepth(model, SearchOptions{}, 64 * uint64_t(ranks), search);
    if (units < 2) {
      fmt::print("| {} | | | not divided | | | | | | | | |\n", ranks);
      continue;
    }
    UnitCosts costs;
    bench::TreeProfile tree = profileAt(model, depth, sequential, costs);
    costLines.push_back(fmt::format(
        "{} ranks, depth {}: the units together {:.2f} s CPU ({:.2f} x alone), {} steps ({:.2f} x "
        "alone), {} executions, {} sleep-set blocked; in the {} units where a thread creation sleeps at the root: "
        "{:.0f} % of the units' cost, {} blocked executions",
        ranks, depth, costs.together, costs.together / sequential, costs.steps,
        double(costs.steps) / double(std::max<uint64_t>(1, alone.stats.steps)), costs.executions,
        costs.blocked, costs.forkAsleepUnits,
        costs.together > 0 ? 100 * costs.forkAsleep / costs.together : 0.0,
        costs.blockedForkAsleep));
    double top = tree.walkTail, largest = 0;
    for (double w : tree.walk)
      top += w;
    for (double u : tree.unit)
      largest = std::max(largest, u);
    for (auto protocol : {bench::Network::Protocol::AskEach, bench::Network::Protocol::Grant}) {
      network.protocol = protocol;
      bench::Prediction p = bench::simulateRanks(tree, ranks, network);
      fmt::print("| {} | {} | {} | {:.3f} | {:.3f} | {} | {:.1f} | {:.2f} | {:.0f} % | {:.0f} % | "
                 "{:.0f} % | {:.0f} % | {} |\n",
                 ranks, depth, tree.unit.size(), top, largest,
                 protocol == bench::Network::Protocol::Grant ? "grant" : "ask each", p.speedup,
                 p.efficiency, 100 * p.walking, 100 * p.asking, 100 * p.exploring, 100 * p.idle,
                 p.requests);
    }
  }
  for (const std::string &line : costLines)
    fmt::print("{}\n", line);
  return 0;
}
