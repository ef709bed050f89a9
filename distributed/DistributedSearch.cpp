#include "distributed/DistributedSearch.h"

#include "checker/engine/SearchClock.h"
#include "checker/parallel/MergeResults.h"
#include "checker/parallel/DivisibleSearch.h"
#include "distributed/ResultWire.h"
#include "distributed/UnitRecord.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <thread>

namespace bpor::distributed {

namespace {

/// The messages of the protocol. Every request of a rank to rank 0 (Claim, Progress) waits for
/// its Reply before the rank sends anything else, so a rank has at most one request in flight
/// and replies need no numbering; Hello and Done need none.
enum Tag : int { Hello = 1, Claim, Progress, Done, Reply };
/// A Reply's first byte: to Progress No or Stop; to Claim Stop, or Granted followed by the
/// Grant's kind and unit.
enum class Answer : uint8_t { No = 0, Granted = 1, Stop = 2 };

/// Units enough that a rank which drew a large subtree still leaves the others work (as for
/// threads, checker/parallel/DivisibleSearch.cpp).
constexpr uint64_t UnitsPerRank = 64;

/// Rank 0's record of the search, shared by its search thread and its server thread.
struct Ledger {
  std::mutex lock;
  UnitRecord units;
  std::vector<Statistics> progressed; // each rank's last progress report
  std::vector<SearchResult> results;  // each rank's result, once Done
  std::vector<std::vector<uint8_t>> attachments;
  /// An error without keepGoing or a limit ended some rank's search: the others stop.
  std::atomic<bool> stopped{false};
  /// Rank 0's own search has ended (its server goes on until then, for the checkpoints).
  std::atomic<bool> ownDone{false};
  /// Ranks other than 0 whose result came.
  std::atomic<unsigned> ranksDone{0};

  explicit Ledger(size_t ranks)
      : units(ranks), progressed(ranks), results(ranks), attachments(ranks) {}

  /// A new round (checker/SplitRounds.h): nothing of the last is pending.
  void startRound(const SplitRounds &rounds) {
    units.startRound(rounds);
    std::fill(progressed.begin(), progressed.end(), Statistics{});
    std::fill(results.begin(), results.end(), SearchResult{});
    stopped.store(false);
    ownDone.store(false);
    ranksDone.store(0);
  }

  /// Whether `result` stops the whole search (as for threads, checker/parallel/Workers.cpp).
  void noteEnd(const SearchResult &result, bool keepGoing) {
    if (!result.complete || (!keepGoing && !result.errors.empty()))
      stopped.store(true);
  }
};

/// Writes the checkpoint, if asked for; a failure is reported, and the search goes on. The
/// first written while the search goes on (not `atEnd`) is announced.
void saveCheckpoint(const Ledger &ledger, const Distribution &distribution, size_t depth,
                    bool atEnd) {
  if (distribution.checkpoint.empty())
    return;
  std::string problem = ledger.units.save(distribution.checkpoint, distribution.fingerprint, depth);
  if (!problem.empty())
    std::fprintf(stderr, "bporcheck: %s\n", problem.c_str());
  else if (!atEnd)
    announceCheckpoint(distribution);
}

/// Rank 0's server: answers every other rank's claims and progress reports until each has sent
/// its result. Polls, sleeping between polls longer the longer nothing came (50 µs after a
/// message, doubling up to 1 ms), so that it takes little of a core from rank 0's own search
/// (each poll drives MPI's progress engine) and answers within a millisecond.
void serve(Cluster &cluster, Ledger &ledger, bool keepGoing, const Distribution &distribution,
           size_t depth) {
  constexpr std::chrono::microseconds FirstPause{50}, LongestPause{1000};
  std::chrono::microseconds pause = FirstPause;
  using Clock = std::chrono::steady_clock;
  Clock::time_point lastSaved = Clock::now();
  int waiting = cluster.size() - 1;
  while (waiting > 0 || !ledger.ownDone.load()) {
    if (!distribution.checkpoint.empty() &&
        Clock::now() - lastSaved >= std::chrono::duration<double>(distribution.every)) {
      saveCheckpoint(ledger, distribution, depth, false);
      lastSaved = Clock::now();
    }
    std::optional<Message> message = waiting > 0 ? cluster.poll() : std::nullopt;
    if (!message) {
      std::this_thread::sleep_for(pause);
      pause = std::min(2 * pause, LongestPause);
      continue;
    }
    pause = FirstPause;
    WireReader in(message->bytes);
    switch (message->tag) {
    case Claim: {
      uint64_t unit = in.u64();
      Statistics sofar = readStatistics(in);
      std::set<SplitPath> asked;
      for (uint64_t n = in.u64(); n; --n)
        asked.insert(readPath(in));
      ledger.units.addAsked(asked);
      WireWriter out;
      if (ledger.stopped.load()) {
        out.u8(uint8_t(Answer::Stop));
      } else {
        Grant grant = ledger.units.claim(message->from, unit, sofar);
        out.u8(uint8_t(Answer::Granted));
        out.u8(grant.kind);
        out.u64(grant.unit);
      }
      cluster.send(message->from, Reply, out.take());
      break;
    }
    case Progress: {
      Statistics stats = readStatistics(in);
      {
        std::lock_guard<std::mutex> guard(ledger.lock);
        ledger.progressed[message->from] = stats;
      }
      cluster.send(message->from, Reply, {uint8_t(ledger.stopped.load() ? Answer::Stop : Answer::No)});
      break;
    }
    case Done: {
      std::string result = in.text(), attached = in.text();
      SearchResult found = decodeResult(std::vector<uint8_t>(result.begin(), result.end()));
      ledger.units.addAsked(found.askedBranches);
      ledger.noteEnd(found, keepGoing);
      ledger.units.end(message->from, found.stats, found.complete);
      std::lock_guard<std::mutex> guard(ledger.lock);
      ledger.progressed[message->from] = found.stats;
      ledger.results[message->from] = std::move(found);
      ledger.attachments[message->from].assign(attached.begin(), attached.end());
      --waiting;
      ++ledger.ranksDone;
      break;
    }
    default:
      throw std::runtime_error("rank 0 got a message it does not expect (tag " +
                               std::to_string(message->tag) + ") from rank " +
                               std::to_string(message->from));
    }
  }
}

/// A rank other than 0: its share of the search, asking rank 0 for each unit, then its result
/// sent to rank 0.
SearchResult searchAsked(Cluster &cluster, const DivisibleSearch &search, Model &model,
                         SearchOptions options, size_t depth, const SplitRounds &rounds,
                         const ExecutionObserver &observer, const Attach &attach) {
  std::atomic<bool> cancelled{false};
  auto ask = [&](Tag tag, std::vector<uint8_t> bytes) {
    cluster.send(0, tag, bytes);
    Message reply = cluster.wait(0);
    if (reply.tag != Reply || reply.bytes.empty())
      throw std::runtime_error("rank " + std::to_string(cluster.rank()) +
                               " got no reply it expects from rank 0");
    if (reply.bytes[0] == uint8_t(Answer::Stop))
      cancelled.store(true);
    return reply.bytes;
  };
  ClaimCursor cursor;
  SearchSplit split;
  split.depth = depth;
  split.singleBranches = search.singleBranches;
  split.rounds = &rounds;
  // The branches asked for since the last claim go with the next: they are the finished
  // unit's (UnitRecord::addAsked).
  std::set<SplitPath> unsent;
  split.asked = [&](const SplitPath &branch) { unsent.insert(branch); };
  split.claim = [&](uint64_t unit, bool, bool, const Statistics &sofar) {
    return cursor.claim(unit, [&]() -> std::optional<Grant> {
      if (cancelled.load())
        return std::nullopt;
      WireWriter out;
      out.u64(unit);
      writeStatistics(out, sofar);
      out.u64(unsent.size());
      for (const SplitPath &branch : unsent)
        writePath(out, branch);
      unsent.clear();
      std::vector<uint8_t> reply = ask(Claim, out.take());
      WireReader in(reply);
      if (in.u8() != uint8_t(Answer::Granted))
        return std::nullopt;
      Grant grant;
      grant.kind = Grant::Kind(in.u8());
      grant.unit = in.u64();
      return grant;
    });
  };
  options.split = &split;
  options.cancelled = &cancelled;
  // Also the way a long unit hears that the search stopped: about once a second.
  options.progress = [&](const Statistics &stats) {
    WireWriter out;
    writeStatistics(out, stats);
    ask(Progress, out.take());
  };
  SearchResult result;
  try {
    result = search.explore(model, options, observer);
  } catch (const std::exception &failure) {
    // Rank 0 waits for this rank's result: end the whole run rather than leave it waiting.
    std::fprintf(stderr, "bporcheck: distributed search, rank %d: %s\n", cluster.rank(),
                 failure.what());
    cluster.abort(3);
  }
  std::vector<uint8_t> encoded = encodeResult(result), attached;
  if (attach)
    attached = attach();
  WireWriter out;
  out.text(std::string(encoded.begin(), encoded.end()));
  out.text(std::string(attached.begin(), attached.end()));
  cluster.send(0, Done, out.take());
  return result;
}

/// Rank 0: its own share of the search beside its server, then every rank's result as one.
SearchResult searchAndServe(Cluster &cluster, const DivisibleSearch &search, Model &model,
                            const SearchOptions &options, size_t depth,
                            const SplitRounds &rounds, Ledger &ledger,
                            const ExecutionObserver &observer,
                            DistributedStatistics *statistics, const Attach &attach,
                            const Distribution &distribution) {
  std::thread server([&] {
    try {
      serve(cluster, ledger, options.keepGoing, distribution, depth);
    } catch (const std::exception &failure) {
      std::fprintf(stderr, "bporcheck: distributed search: %s\n", failure.what());
      cluster.abort(3);
    }
  });
  SearchSplit split;
  split.depth = depth;
  split.singleBranches = search.singleBranches;
  split.rounds = &rounds;
  split.asked = [&](const SplitPath &branch) { ledger.units.addAsked({branch}); };
  ClaimCursor cursor;
  split.claim = [&](uint64_t unit, bool, bool, const Statistics &sofar) {
    return cursor.claim(unit, [&]() -> std::optional<Grant> {
      if (ledger.stopped.load())
        return std::nullopt;
      return ledger.units.claim(0, unit, sofar);
    });
  };
  SearchOptions mine = options;
  mine.split = &split;
  mine.cancelled = &ledger.stopped;
  if (options.progress || distribution.progress)
    mine.progress = [&](const Statistics &own) {
      std::vector<Statistics> ranks;
      {
        std::lock_guard<std::mutex> guard(ledger.lock);
        ranks = ledger.progressed;
      }
      ranks[0] = own;
      Statistics sum;
      for (const Statistics &rank : ranks)
        addStatistics(sum, rank);
      sum.elapsedSeconds = own.elapsedSeconds;
      if (distribution.progress)
        distribution.progress(
            sum, ranks,
            {ledger.units.claimedUnits(), ledger.units.total(), ledger.ranksDone.load()});
      else
        options.progress(sum);
    };
  SearchResult own = search.explore(model, mine, observer);
  ledger.noteEnd(own, options.keepGoing);
  ledger.units.end(0, own.stats, own.complete);
  ledger.ownDone.store(true);
  server.join();
  ledger.results[0] = std::move(own);
  if (attach)
    ledger.attachments[0] = attach();
  if (statistics) {
    statistics->executionsPerRank.resize(ledger.results.size(), 0);
    for (size_t r = 0; r < ledger.results.size(); ++r)
      statistics->executionsPerRank[r] += ledger.results[r].stats.executions;
    statistics->attachments = ledger.attachments; // each rank's model's, so far
  }
  return mergeResults(ledger.results, model, options, ledger.stopped.load());
}

/// The rounds of a divided search (checker/SplitRounds.h) from `rounds` on: every rank searches
/// each round's units; rank 0 then tells every rank the branches the round asked for (none: the
/// search is over), and writes them to the checkpoint as the next round before it starts, so
/// that a run killed between rounds resumes into the next one.
SearchResult exploreRounds(Cluster &cluster, const DivisibleSearch &search, Model &model,
                           const SearchOptions &options, size_t depth, SplitRounds rounds,
                           Ledger *ledger, const ExecutionObserver &observer,
                           DistributedStatistics *statistics, const Attach &attach,
                           const Distribution &distribution) {
  SearchResult total;
  SearchClock clock;
  clock.start();
  SearchOptions roundOptions = options;
  while (true) {
    SearchResult round;
    std::vector<uint8_t> next;
    if (ledger) {
      ledger->units.setTotal(countUnits(model, options, depth, search, &rounds));
      round = searchAndServe(cluster, search, model, roundOptions, depth, rounds, *ledger,
                             observer, statistics, attach, distribution);
      // Those of units finished before a resume included.
      std::set<SplitPath> asked = ledger->units.asked();
      asked.insert(round.askedBranches.begin(), round.askedBranches.end());
      round.askedBranches = asked;
      if (!roundStops(round, options)) {
        WireWriter out;
        out.u64(asked.size());
        for (const SplitPath &branch : asked)
          writePath(out, branch);
        next = out.take();
      } else {
        saveCheckpoint(*ledger, distribution, depth, true);
      }
    } else {
      round = searchAsked(cluster, search, model, roundOptions, depth, rounds, observer, attach);
    }
    cluster.broadcast(next);
    addRound(total, std::move(round), options);
    if (next.empty())
      break;
    WireReader in(next);
    std::set<SplitPath> asked;
    for (uint64_t n = in.u64(); n; --n)
      asked.insert(readPath(in));
    rounds.startNext(asked);
    // The limits, less what the rounds so far took of them (this rank's executions).
    total.stats.elapsedSeconds = clock.elapsedSeconds();
    roundOptions = nextRoundOptions(options, total);
    if (ledger) {
      ledger->startRound(rounds);
      saveCheckpoint(*ledger, distribution, depth, true);
    }
  }
  total.askedBranches.clear();
  if (statistics)
    statistics->rounds = rounds.current() + 1;
  return total;
}

} // namespace

std::string agreeOnProgram(Cluster &cluster, const std::string &fingerprint) {
  std::vector<uint8_t> differing; // rank 0's list of the ranks that differ, as text
  if (cluster.coordinates()) {
    std::string ranks;
    for (int heard = 1; heard < cluster.size(); ++heard) {
      Message hello = cluster.wait();
      if (hello.tag != Hello)
        throw std::runtime_error("rank " + std::to_string(hello.from) +
                                 " did not start as rank 0 did");
      WireReader in(hello.bytes);
      if (in.text() != fingerprint)
        ranks += (ranks.empty() ? "" : ", ") + std::to_string(hello.from);
    }
    differing.assign(ranks.begin(), ranks.end());
  } else {
    WireWriter out;
    out.text(fingerprint);
    cluster.send(0, Hello, out.take());
  }
  cluster.broadcast(differing);
  if (differing.empty())
    return "";
  if (!cluster.coordinates())
    return "this rank's program or options differ from rank 0's";
  return "rank(s) " + std::string(differing.begin(), differing.end()) +
         " read another program or other options than rank 0 (every rank must run the same "
         "bporcheck command on the same input)";
}

SearchResult exploreDivided(Cluster &cluster, const DivisibleSearch &search, Model &model,
                            const SearchOptions &options, const ExecutionObserver &observer,
                            DistributedStatistics *statistics, const Attach &attach,
                            const Distribution &distribution) {
  SearchClock wall;
  wall.start();
  // Rank 0 chooses the split (as for threads; a resumed search: its checkpoint's) and tells
  // the others, or why the search cannot start.
  std::unique_ptr<Ledger> ledger;
  Statistics resumed;
  std::vector<uint8_t> chosen;
  if (cluster.coordinates()) {
    ledger = std::make_unique<Ledger>(size_t(cluster.size()));
    size_t depth = 0;
    uint64_t units = 0;
    std::string problem;
    if (!distribution.resume.empty()) {
      problem = ledger->units.load(distribution.resume, distribution.fingerprint, depth);
      resumed = ledger->units.finishedCost();
      units = ledger->units.finishedUnits();
    } else {
      std::tie(depth, units) =
          chooseSplitDepth(model, options, UnitsPerRank * uint64_t(cluster.size()), search);
      if (units < 2 && distribution.checkpoint.empty())
        depth = 0;
    }
    WireWriter out;
    out.u64(depth);
    out.u64(units);
    out.text(problem);
    // The round a resumed search is in, with the branches of the rounds so far.
    std::vector<std::pair<SplitPath, unsigned>> branches = ledger->units.rounds().all();
    out.u64(ledger->units.rounds().current());
    out.u64(branches.size());
    for (const auto &[branch, round] : branches) {
      out.u64(round);
      writePath(out, branch);
    }
    chosen = out.take();
  }
  cluster.broadcast(chosen);
  WireReader in(chosen);
  size_t depth = in.u64();
  uint64_t units = in.u64();
  if (std::string problem = in.text(); !problem.empty())
    throw std::runtime_error(problem);
  unsigned round = unsigned(in.u64());
  std::vector<std::pair<SplitPath, unsigned>> branches(in.u64());
  for (auto &[branch, added] : branches) {
    added = unsigned(in.u64());
    branch = readPath(in);
  }
  SplitRounds rounds = SplitRounds::from(branches, round);
  if (statistics)
    *statistics =
        DistributedStatistics{depth ? unsigned(cluster.size()) : 1, depth, units, 1, {}, {}};

  SearchResult result;
  if (depth == 0) {
    // Nothing worth dividing: rank 0 searches alone, the others have nothing to do.
    if (cluster.coordinates())
      result = search.explore(model, options, observer);
    else
      result.complete = true;
  } else {
    result = exploreRounds(cluster, search, model, options, depth, rounds, ledger.get(), observer,
                           statistics, attach, distribution);
    if (cluster.coordinates()) {
      // The units finished before a resume count as explored by this search, and so does
      // what the bound pruned in them (BPOR counts every transition it prunes, and every
      // execution the bound blocks).
      addStatistics(result.stats, resumed);
      if (resumed.prunedByBound || resumed.boundBlocked)
        result.boundPruned = true;
    }
  }
  result.stats.elapsedSeconds = wall.elapsedSeconds();
  return result;
}

} // namespace bpor::distributed
