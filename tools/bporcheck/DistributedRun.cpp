#include "tools/bporcheck/DistributedRun.h"

#include "checker/parallel/MergeResults.h"
#include "checker/stateful/CycleCheck.h"
#include "distributed/DistributedOptimal.h"
#include "distributed/DistributedStateful.h"
#include "distributed/Wire.h"
#include "tools/bporcheck/SearchRunner.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <fstream>
#include <iostream>
#include <sstream>
#include <unistd.h>

namespace bpor::tool {

std::string joinCluster(Options &options, std::unique_ptr<distributed::Cluster> &cluster) {
  std::optional<unsigned> processes = distributed::launchedProcesses();
  bool checkpoints = !options.checkpointFile.empty() || !options.resume.empty();
  if (!processes || *processes < 2)
    return checkpoints ? "--checkpoint and --resume are a distributed search's: run under mpirun "
                         "with 2 or more processes"
                       : "";
  if (checkpoints && options.search.keepGoing)
    return "--checkpoint and --resume stop at the first error: a checkpoint keeps which parts of "
           "the search are done, not the errors --keep-going would report";
  if (options.svcomp || !options.validateWitness.empty())
    return "SV-COMP mode and witness validation run on one process: run them without mpirun";
  if (!options.replay.empty())
    return "--replay runs one schedule on one process: run it without mpirun";
  if (options.jobs > 1)
    return "-j divides a search among threads of one process; under mpirun each rank searches "
           "on one thread: start more ranks instead";
  try {
    cluster = distributed::Cluster::join();
  } catch (const std::exception &failure) {
    return failure.what();
  }
  if (!cluster->coordinates()) {
    int quiet = open("/dev/null", O_WRONLY);
    if (quiet >= 0) {
      dup2(quiet, STDOUT_FILENO);
      close(quiet);
    }
    options.progress = false;
  }
  return "";
}

std::string chooseDistributedSearch(Options &options) {
  if (options.weakMemory())
    return ""; // the graph search divides
  if (options.hashStates)
    return "--hash-states counts the local states of one process: run it without mpirun";
  // The default search, optimal DPOR (or the reads-from search, for a program with update
  // loops), becomes source-DPOR, which explores the same traces in units fixed in advance:
  // whatever the tree's shape, its ranks ask rank 0 once a unit, where optimal DPOR's ask once
  // a branch of a shared state (docs/design.md, "Distributed optimal DPOR": on trees whose work
  // lies in small subtrees deep down, they spend their time in messages).
  if (options.defaultMode && (options.explores("optimal") || options.explores("rf")))
    options.explorer = "source";
  bool checkpoints = !options.checkpointFile.empty() || !options.resume.empty();
  if (options.explores("optimal") && checkpoints)
    return "--checkpoint and --resume keep the units of a divided search; optimal DPOR's ranks "
           "share its wakeup trees through rank 0 instead, and no file holds them: use "
           "--search=source (the same traces), or run without checkpoints";
  if (options.searchKind().distributed)
    return whyNotDivided(options);
  if (options.explores("stateful")) {
    if (options.statefulOptions.preemptionBound)
      return "the stateful search with a preemption bound runs on one process (a state's "
             "preemptions depend on the path that first reached it): run it without mpirun, or "
             "without --preemptions";
    if (options.statefulOptions.partialOrderReduction)
      return "the stateful search with --state-por runs on one process (its reduction depends "
             "on the search's stack): run it without mpirun, or without --state-por";
    if ((!options.checkpointFile.empty() || !options.resume.empty()) &&
        options.statefulOptions.storage == StateStorage::Bitstate)
      return "--checkpoint and --resume keep the stateful search's states, which bitstate "
             "storage does not keep: use --state-store=exact or hash";
    return "";
  }
  return fmt::format("the {} search runs on one process; under mpirun bporcheck divides "
                     "source-DPOR (--search=source, or the default search), optimal DPOR "
                     "(--search=optimal), BPOR at one bound (--search=bpor), the stateful search "
                     "and the weak-memory graph search (--model)",
                     options.explorer);
}

std::string programFingerprint(const Options &options, int argc, char **argv) {
  // The options that do not change the search tree, so that a run may be resumed with another
  // limit, checkpoint file or output.
  auto shapesNoTree = [](std::string_view argument, bool &takesNext) {
    for (std::string_view name : {"--checkpoint", "--checkpoint-every", "--resume",
                                  "--time-limit", "--max-executions", "--memory-limit",
                                  "--dump-traces", "--no-progress", "--json"}) {
      if (argument == name) {
        takesNext = name != "--no-progress" && name != "--json";
        return true;
      }
      if (argument.size() > name.size() && argument.substr(0, name.size()) == name &&
          argument[name.size()] == '=')
        return true;
    }
    return false;
  };
  std::ostringstream text;
  for (int i = 1; i < argc; ++i) {
    bool takesNext = false;
    if (shapesNoTree(argv[i], takesNext)) {
      i += takesNext;
      continue;
    }
    text << argv[i] << '\0';
  }
  std::ifstream input(options.input, std::ios::binary);
  text << input.rdbuf();
  uint64_t hash = 14695981039346656037ull; // FNV-1a
  for (char c : text.str())
    hash = (hash ^ uint8_t(c)) * 1099511628211ull;
  return fmt::format("{:016x}", hash);
}

namespace {

// A rank's coverage gaps, for rank 0's verdict. Location ids are the same on every rank: each
// decodes the same program alike.
// Seven counters, two location ids (padded), the concretisations and the weak-order sites.
static_assert(sizeof(CoverageGaps) == 7 * 8 + 2 * 8 + sizeof(CoverageGaps::concretised) +
                                          sizeof(std::set<uint32_t>),
              "a new CoverageGaps field: send it (encodeGaps)");

std::vector<uint8_t> encodeGaps(const CoverageGaps &gaps) {
  distributed::WireWriter out;
  for (uint64_t count : {gaps.partialNondetDraws, gaps.spuriousWakeupsWithheld,
                         gaps.fixedRandomValues, gaps.allocationsAssumedToSucceed,
                         gaps.undefinedReads,
                         uint64_t(gaps.firstUndefinedRead), gaps.solverUnknowns})
    out.u64(count);
  for (uint64_t count : gaps.concretised)
    out.u64(count);
  out.u64(gaps.weakOrderSites.size());
  for (uint32_t site : gaps.weakOrderSites)
    out.u64(site);
  return out.take();
}

CoverageGaps decodeGaps(const std::vector<uint8_t> &bytes) {
  distributed::WireReader in(bytes);
  CoverageGaps gaps;
  gaps.partialNondetDraws = in.u64();
  gaps.spuriousWakeupsWithheld = in.u64();
  gaps.fixedRandomValues = in.u64();
  gaps.allocationsAssumedToSucceed = in.u64();
  gaps.undefinedReads = in.u64();
  gaps.firstUndefinedRead = uint32_t(in.u64());
  gaps.solverUnknowns = in.u64();
  for (uint64_t &count : gaps.concretised)
    count = in.u64();
  for (uint64_t sites = in.u64(); sites; --sites)
    gaps.addWeakOrder(uint32_t(in.u64()));
  return gaps;
}

// The stateful search's partitions on the ranks (distributed/DistributedStateful.h); the
// coverage gaps of the other ranks are not gathered: a stateful search runs on the plain-values
// model, whose gaps every rank meets alike.
SearchResult runStatefulDistributed(distributed::Cluster &cluster, Model &model,
                                    const Options &options, const SearchOptions &search,
                                    const std::string &fingerprint, const RankProgress &progress,
                                    RunDescription &run) {
  distributed::StatefulProgress rankProgress;
  if (progress)
    // ", 3 ranks at 41000 39000 40500 states/s, 5200 states queued, 12% idle"
    rankProgress = [&](const std::vector<distributed::RankShare> &ranks) {
      Statistics sum;
      std::string rates;
      uint64_t queued = 0;
      double idle = 0, elapsed = 0;
      for (const distributed::RankShare &rank : ranks) {
        addStatistics(sum, rank.stats);
        rates += fmt::format(" {:.0f}", rank.stats.elapsedSeconds > 0
                                            ? rank.stats.states / rank.stats.elapsedSeconds
                                            : 0.0);
        queued += rank.queued;
        idle += rank.idleSeconds;
        elapsed += rank.stats.elapsedSeconds;
      }
      sum.elapsedSeconds = ranks.front().stats.elapsedSeconds;
      progress(sum, fmt::format(", {} ranks at{} states/s, {} states queued, {:.0f}% idle",
                                ranks.size(), rates, queued,
                                elapsed > 0 ? 100 * idle / elapsed : 0.0));
    };
  distributed::StatefulRanks ranks;
  distributed::CheckpointFiles files{options.checkpointFile, options.checkpointEvery,
                                     options.resume, fingerprint};
  StatefulResult found = distributed::exploreStatefulDistributed(
      cluster, model, search, options.statefulOptions, files, &ranks, rankProgress);
  run.stateful = true;
  run.storage = describeStorage(options.statefulOptions.storage, found.omissionProbability);
  run.livelocksChecked = found.livelocksChecked;
  run.incompleteReason = found.incompleteReason;
  run.searchName = fmt::format("{} over {} processes (MPI), the visited set partitioned by "
                               "state",
                               searchName(options), cluster.size());
  std::string perRank;
  for (uint64_t states : ranks.statesPerRank)
    perRank += (perRank.empty() ? "" : ", ") + std::to_string(states);
  if (!perRank.empty())
    run.extraStatistics = fmt::format("processes: states per rank: {}\n", perRank);
  if (!options.resume.empty() && cluster.coordinates())
    run.extraStatistics += fmt::format("resumed from {}: {} states stored before\n",
                                       options.resume, ranks.resumedStates);
  if (ranks.checkpointStates)
    run.extraStatistics += fmt::format(
        "checkpoint: {} states stored, written to {}{}\n", *ranks.checkpointStates,
        options.checkpointFile,
        found.search.complete ? "" : fmt::format(" (continue with --resume={})",
                                                 options.checkpointFile));
  return std::move(found.search);
}

// Optimal DPOR with its shared states on rank 0 (distributed/DistributedOptimal.h).
SearchResult runOptimalDistributed(distributed::Cluster &cluster, Model &model,
                                   Execution &execution, const Options &options,
                                   const SearchOptions &search, const ExecutionObserver &observer,
                                   const RankProgress &progress, RunDescription &run) {
  distributed::SharingProgressReport rankProgress;
  if (progress)
    // ", 3 ranks at 120000 110000 95000 executions/s, 14 states shared"
    rankProgress = [&](const Statistics &sum, const std::vector<Statistics> &ranks,
                       size_t sharedStates) {
      std::string rates;
      for (const Statistics &rank : ranks)
        rates += fmt::format(" {:.0f}", rank.elapsedSeconds > 0
                                            ? rank.executions / rank.elapsedSeconds
                                            : 0.0);
      progress(sum, fmt::format(", {} ranks at{} executions/s, {} states shared", ranks.size(),
                                rates, sharedStates));
    };
  distributed::SharingStatistics statistics;
  SearchResult result = distributed::exploreOptimalDistributed(
      cluster, model, search, observer, &statistics,
      [&] { return encodeGaps(execution.ownCoverageGaps()); }, rankProgress);
  for (size_t rank = 1; rank < statistics.attachments.size(); ++rank)
    if (!statistics.attachments[rank].empty())
      execution.addCoverageGaps(decodeGaps(statistics.attachments[rank]));
  run.searchName = fmt::format("{} over {} processes (MPI), wakeup trees shared through rank 0",
                               searchName(options), cluster.size());
  std::string perRank;
  for (uint64_t executions : statistics.executionsPerRank)
    perRank += (perRank.empty() ? "" : ", ") + std::to_string(executions);
  if (cluster.coordinates())
    run.extraStatistics = fmt::format("processes: {} states shared; executions per rank: {}\n",
                                      statistics.sharedStates, perRank);
  return result;
}

/// The first execution a depth-first search takes (the lowest enabled thread, its first choice,
/// at every step), run for CycleCheckDepth steps: whether it is still running then and has
/// passed through a state twice.
bool firstExecutionCycles(Model &model) {
  model.restart();
  std::string key;
  if (!model.stateKey(key))
    return false;
  Schedule schedule;
  while (schedule.size() < CycleCheckDepth && model.status() == ExecStatus::Running) {
    ThreadId next = 0;
    while (next < model.numThreads() && !model.isEnabled(next))
      ++next;
    if (next == model.numThreads())
      return false; // a deadlock, or every thread stopped
    model.step(next, 0);
    schedule.push_back(ScheduleStep{next, 0});
  }
  return model.status() == ExecStatus::Running && scheduleRevisitsState(model, schedule);
}

} // namespace

SearchResult runDistributed(distributed::Cluster &cluster, Model &model, Execution &execution,
                            Options &options, const std::string &fingerprint,
                            SearchOptions search, const ExecutionObserver &observer,
                            const RankProgress &progress, RunDescription &run) {
  // Every rank takes the same first execution (the model is deterministic), so all decide
  // alike without a message.
  if (options.defaultMode && options.explores("source") && !options.maxDepthGiven &&
      firstExecutionCycles(model)) {
    if (cluster.coordinates() && !options.json)
      std::cout << fmt::format("bporcheck: an execution passes through a state twice (within "
                               "its first {} steps), so the program has cycles; the stateful "
                               "search decides\n",
                               CycleCheckDepth);
    options.explorer = "stateful";
    search.maxDepth = std::max<uint64_t>(search.maxDepth, StatefulMaxDepth);
  }
  if (options.explores("stateful"))
    return runStatefulDistributed(cluster, model, options, search, fingerprint, progress, run);
  if (options.explores("optimal") && !options.weakMemory())
    return runOptimalDistributed(cluster, model, execution, options, search, observer, progress,
                                 run);
  std::string &searchName = run.searchName;
  std::string &extraStatistics = run.extraStatistics;
  distributed::DistributedStatistics statistics;
  distributed::Distribution distribution{
      {options.checkpointFile, options.checkpointEvery, options.resume, fingerprint}, {}};
  if (progress)
    // ", 3 ranks at 120000 110000 95000 executions/s, 45 of 142 units claimed, 1 rank done"
    distribution.progress = [&](const Statistics &sum, const std::vector<Statistics> &ranks,
                                const distributed::UnitsProgress &units) {
      std::string rates;
      for (const Statistics &rank : ranks)
        rates += fmt::format(" {:.0f}", rank.elapsedSeconds > 0
                                            ? rank.executions / rank.elapsedSeconds
                                            : 0.0);
      std::string done = units.ranksDone ? fmt::format(", {} rank{} done", units.ranksDone,
                                                       units.ranksDone == 1 ? "" : "s")
                                         : "";
      progress(sum, fmt::format(", {} ranks at{} executions/s, {} of {} units claimed{}",
                                ranks.size(), rates, units.claimed, units.total, done));
    };
  SearchOptions divided = search;
  DivisibleSearch explorer = divisibleSearchFor(options, divided);
  SearchResult result = distributed::exploreDivided(
      cluster, explorer, model, divided, observer, &statistics,
      [&] { return encodeGaps(execution.ownCoverageGaps()); }, distribution);
  for (size_t rank = 1; rank < statistics.attachments.size(); ++rank)
    if (!statistics.attachments[rank].empty())
      execution.addCoverageGaps(decodeGaps(statistics.attachments[rank]));
  std::string name = bpor::tool::searchName(options);
  if (statistics.ranks < 2) {
    searchName = fmt::format("{} ({} processes: the search tree does not divide well, rank 0 "
                             "alone)",
                             name, cluster.size());
    return result;
  }
  // "source-DPOR over 3 processes", "graph search under RC11, ..., over 3 processes"
  searchName = fmt::format("{}{} over {} processes (MPI)", name,
                           name.find(',') == std::string::npos ? "" : ",", statistics.ranks);
  std::string perRank;
  for (uint64_t executions : statistics.executionsPerRank)
    perRank += (perRank.empty() ? "" : ", ") + std::to_string(executions);
  extraStatistics = fmt::format("processes: {} units at depth {}; executions per rank: {}\n",
                                statistics.units, statistics.splitDepth, perRank);
  if (statistics.rounds > 1)
    extraStatistics += fmt::format("processes: {} rounds (branches the races asked for above the "
                                   "split, explored after the others)\n",
                                   statistics.rounds);
  if (!options.resume.empty())
    extraStatistics += fmt::format("resumed from {}: {} units finished before\n", options.resume,
                                   statistics.units);
  return result;
}

} // namespace bpor::tool
