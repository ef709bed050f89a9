#include "distributed/DistributedStateful.h"

#include "checker/engine/SearchStop.h"
#include "checker/parallel/MergeResults.h"
#include "checker/stateful/StatePartition.h"
#include "distributed/ResultWire.h"
#include "distributed/StateWire.h"
#include "distributed/StatefulCheckpoint.h"
#include "distributed/Wire.h"

#include <chrono>
#include <optional>
#include <fmt/format.h>

namespace bpor::distributed {
namespace {

// Tags of their own, apart from the divided search's (DistributedSearch.cpp).
enum Tag : int {
  States = 101, Token, Stop, Finish, Share, Progress, Graph,
  // Checkpoints: a pause (rank 0 to all), the snapshot once nothing is in flight (rank 0 asks
  // each rank for its Parts), the end of the pause; a resumed run's states to their owners.
  Pause, Resume, Snapshot, Part, Restore, Restored
};
/// What a Part message holds.
enum PartKind : uint8_t { PartHead, PartEntries, PartEnd };

/// A batch is sent once it holds this many bytes, or when the rank has no more work for now.
constexpr size_t BatchBytes = 64 * 1024;
/// States a rank expands between looks at its messages.
constexpr unsigned StatesPerTurn = 16;
/// A rank's records of the states it expanded go to rank 0 in messages of about this size.
constexpr size_t GraphChunkBytes = 16 << 20;

/// One rank's part in the search: its partition, its outgoing batches and its side of Safra's
/// algorithm.
class Rank {
public:
  Rank(Cluster &cluster, Model &model, const SearchOptions &options,
       const StatefulOptions &stateful, const CheckpointFiles &files,
       const StatefulProgress &progress)
      : cluster_(cluster), options_(options), files_(files), storage_(stateful.storage),
        progress_(progress),
        ranks_(size_t(cluster.size())),
        partition_(model, options, stateful.storage, stateful.bitstateLog2,
                   unsigned(cluster.rank()), unsigned(cluster.size())),
        batches_(size_t(cluster.size())), batchCounts_(size_t(cluster.size()), 0),
        start_(std::chrono::steady_clock::now()) {
    partition_.onState = stateful.onState;
  }

  StatefulResult run();
  /// Rank 0, after run(): each rank's stored states, and those a resumed checkpoint held.
  const std::vector<uint64_t> &statesPerRank() const { return statesPerRank_; }
  uint64_t resumedStates() const { return resumedStates_; }
  /// The states stored in the last checkpoint this run wrote (nullopt: it wrote none).
  std::optional<uint64_t> checkpointStates() const { return checkpointStates_; }

private:
  void send(unsigned owner, const std::string &key, uint64_t hash, const Schedule &path) {
    WireWriter &batch = batches_[owner];
    batch.text(key);
    batch.u64(hash);
    writeSchedule(batch, path);
    ++batchCounts_[owner];
    if (batch.size() >= BatchBytes)
      flush(owner);
  }
  void flush(unsigned owner) {
    if (batchCounts_[owner] == 0)
      return;
    WireWriter header;
    header.u64(batchCounts_[owner]);
    std::vector<uint8_t> bytes = header.take();
    std::vector<uint8_t> body = batches_[owner].take();
    bytes.insert(bytes.end(), body.begin(), body.end());
    batchCounts_[owner] = 0;
    cluster_.post(int(owner), States, std::move(bytes));
    ++balance_;
  }
  void flushAll() {
    for (unsigned owner = 0; owner < batches_.size(); ++owner)
      flush(owner);
  }
  /// Takes one message; false when the run is over (Finish).
  bool handle(const Message &message);
  /// About once a second: a rank other than 0 sends rank 0 its share so far; rank 0 reports
  /// the sum and each rank's (progress_).
  void reportProgress();
  RankShare ownShare() {
    double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    RankShare share;
    share.stats = partition_.result().stats;
    share.stats.elapsedSeconds = elapsed;
    share.queued = partition_.queued();
    share.idleSeconds = idleSeconds_;
    return share;
  }
  void stopAll(const std::string &reason);
  /// Rank 0: every `files_.every` seconds, the ranks stop expanding until the snapshot.
  void pauseIfDue();
  /// Rank 0, once no state is in flight: writes every rank's part to the checkpoint (unless an
  /// error stopped a rank mid-state: the snapshot is then dropped).
  void takeSnapshot();
  /// Every rank's part of a snapshot, as chunks of entries given to `out`.
  void writePart(const std::function<void(const std::vector<uint8_t> &)> &out) const;
  /// Another rank, asked for its part: sends it to rank 0.
  void sendPart();
  /// Before the search, on every rank: the resumed checkpoint's states go to their owners.
  /// Empty, or why the checkpoint cannot be resumed.
  std::string restore();
  /// Whether a snapshot is due once nothing is in flight: during a pause and at the end,
  /// unless an error stopped the search (the rank that found it dropped the rest of the state
  /// it was expanding).
  bool snapshotDue() const {
    return !files_.checkpoint.empty() && !(stopping_ && limit_ == SearchLimit::None);
  }
  /// Passes the token on if this rank holds it and is passive (Safra's rules).
  void passToken();
  bool limitReached();

  Cluster &cluster_;
  const SearchOptions &options_;
  const CheckpointFiles &files_;
  StateStorage storage_;
  const StatefulProgress &progress_;
  std::vector<RankShare> ranks_; // rank 0: each rank's last report
  double lastProgress_ = 0;
  double idleSeconds_ = 0; // waiting for a message with nothing to do
  StatePartition partition_;
  std::vector<WireWriter> batches_;
  std::vector<uint64_t> batchCounts_;
  std::chrono::steady_clock::time_point start_;
  uint64_t lastMemoryCheck_ = 0;
  bool stopping_ = false;
  std::string stopReason_;
  SearchLimit limit_ = SearchLimit::None;
  // Safra: batches sent minus received, and whether one was received since the token passed.
  int64_t balance_ = 0;
  bool marked_ = false;
  bool holdsToken_ = false;
  int64_t tokenCount_ = 0;
  bool tokenMarked_ = false;
  bool waveOut_ = false; // rank 0: a token is going round
  bool finished_ = false;
  std::vector<uint64_t> statesPerRank_;
  // Checkpoints: the ranks are paused (they store states sent to them and expand none);
  // rank 0: when the last snapshot was taken; a resumed checkpoint's cost, incompleteness,
  // stored states and records of expanded states.
  bool paused_ = false;
  std::chrono::steady_clock::time_point lastSnapshot_;
  Statistics resumedCost_;
  std::string resumedReason_;
  uint64_t resumedStates_ = 0;
  RecordedStates resumedGraph_;
  std::optional<uint64_t> checkpointStates_;
};

bool Rank::handle(const Message &message) {
  WireReader in(message.bytes);
  switch (message.tag) {
  case States: {
    --balance_;
    marked_ = true;
    for (uint64_t count = in.u64(); count; --count) {
      std::string key = in.text();
      uint64_t hash = in.u64();
      Schedule path = readSchedule(in);
      // A stopped search with checkpoints keeps what it receives for the last snapshot.
      if (!stopping_ || !files_.checkpoint.empty())
        partition_.receive(key, hash, std::move(path));
    }
    return true;
  }
  case Token:
    holdsToken_ = true;
    tokenCount_ = int64_t(in.u64());
    tokenMarked_ = in.u8() != 0;
    return true;
  case Stop:
    --balance_; // a Stop is counted as a batch is, so that none is left in flight at the end
    marked_ = true;
    if (!stopping_) {
      stopping_ = true;
      limit_ = SearchLimit(in.u8());
      stopReason_ = in.text();
    }
    return true;
  case Progress: {
    --balance_; // counted as a batch is, so that none is left in flight at the end
    marked_ = true;
    RankShare &share = ranks_[size_t(message.from)];
    share.stats = readStatistics(in);
    share.queued = in.u64();
    share.idleSeconds = in.f64();
    return true;
  }
  case Pause:
  case Resume:
    --balance_; // counted as a batch is: a Resume makes a rank active again
    marked_ = true;
    paused_ = message.tag == Pause;
    return true;
  case Snapshot:
    sendPart();
    return true;
  case Finish:
    return false;
  default:
    throw std::runtime_error(fmt::format("rank {} got a message it does not expect (tag {}) "
                                         "from rank {}",
                                         cluster_.rank(), message.tag, message.from));
  }
}

void Rank::stopAll(const std::string &reason) {
  if (stopping_)
    return;
  stopping_ = true;
  stopReason_ = reason;
  for (int other = 0; other < cluster_.size(); ++other)
    if (other != cluster_.rank()) {
      WireWriter out;
      out.u8(uint8_t(limit_));
      out.text(reason);
      cluster_.post(other, Stop, out.take());
      ++balance_;
    }
}

bool Rank::limitReached() {
  uint64_t now = uint64_t(
      std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start_).count());
  SearchLimit limit = externalStop(options_, now, lastMemoryCheck_);
  if (limit == SearchLimit::None && options_.timeLimitSeconds > 0 &&
      double(now) / 1e9 >= options_.timeLimitSeconds)
    limit = SearchLimit::Time;
  if (limit == SearchLimit::None)
    return false;
  limit_ = limit;
  stopAll(describeLimit(limit, options_));
  return true;
}

void Rank::reportProgress() {
  double now = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  if (now - lastProgress_ < 1)
    return;
  lastProgress_ = now;
  RankShare mine = ownShare();
  if (cluster_.rank() != 0) {
    WireWriter out;
    writeStatistics(out, mine.stats);
    out.u64(mine.queued);
    out.f64(mine.idleSeconds);
    cluster_.post(0, Progress, out.take());
    ++balance_;
    return;
  }
  if (!progress_)
    return;
  ranks_[0] = mine;
  progress_(ranks_);
}

StatefulResult Rank::run() {
  StatefulResult outcome;
  bool resumed = !files_.resume.empty();
  // Every rank builds the same model, so each fails alike: no messages yet.
  if (!partition_.start(resumed)) {
    outcome.incompleteReason = partition_.incompleteReason();
    return outcome;
  }
  if (resumed)
    if (std::string problem = restore(); !problem.empty())
      throw std::runtime_error(problem);
  lastSnapshot_ = std::chrono::steady_clock::now();
  while (!finished_) {
    while (std::optional<Message> message = cluster_.poll())
      if (!handle(*message)) {
        finished_ = true;
        break;
      }
    if (finished_)
      break;
    // Safra's detection counts what a rank sends while it has work; a rank out of work sends
    // no Progress (rank 0 sends none).
    if (cluster_.rank() == 0 || (partition_.hasWork() && !paused_))
      reportProgress();
    if (!stopping_ && partition_.stopped())
      stopAll("an error");
    if (cluster_.rank() == 0)
      pauseIfDue();
    if (!stopping_ && !paused_ && !limitReached() && partition_.hasWork()) {
      for (unsigned n = 0; n < StatesPerTurn && partition_.hasWork() && !partition_.stopped();
           ++n)
        partition_.expandNext(
            [this](unsigned owner, const std::string &key, uint64_t hash, const Schedule &path) {
              send(owner, key, hash, path);
            });
      if (partition_.stopped()) {
        stopAll("an error");
      } else {
        // The states found go out now, not when this rank runs out of work: another rank may
        // be waiting for them. Sends done free their bytes.
        flushAll();
        cluster_.pendingSends();
        continue;
      }
    }
    // Passive: no work (or stopping, or paused), every batch sent.
    flushAll();
    cluster_.pendingSends();
    passToken();
    if (finished_)
      break;
    if (!paused_ && !stopping_ && partition_.hasWork())
      continue; // rank 0 just ended a pause
    auto idleFrom = std::chrono::steady_clock::now();
    Message message = cluster_.wait();
    idleSeconds_ +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - idleFrom).count();
    if (!handle(message))
      finished_ = true;
  }
  // The share: rank 0 receives every other rank's.
  SearchResult &mine = partition_.result();
  mine.stats.elapsedSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  mine.limit = limit_;
  std::string reason = limit_ != SearchLimit::None ? stopReason_ : partition_.incompleteReason();
  // The livelock analysis needs every rank's records of the states it expanded; it runs on a
  // search no error or limit stopped (as on one process's partitions).
  bool analyseLivelocks = partition_.recordsGraph() && !stopping_;
  if (cluster_.rank() != 0) {
    if (analyseLivelocks) {
      WireWriter chunk;
      uint64_t count = 0;
      auto sendChunk = [&] {
        WireWriter header;
        header.u64(count);
        std::vector<uint8_t> bytes = header.take(), body = chunk.take();
        bytes.insert(bytes.end(), body.begin(), body.end());
        cluster_.send(0, Graph, std::move(bytes));
        count = 0;
      };
      RecordedStates records = partition_.takeGraph();
      for (size_t i = 0; i < records.size(); ++i) {
        writeRecordedState(chunk, records, i);
        ++count;
        if (chunk.size() >= GraphChunkBytes)
          sendChunk();
      }
      if (count)
        sendChunk();
    }
    WireWriter out;
    out.text(reason);
    out.f64(partition_.omissionProbability());
    std::vector<uint8_t> result = encodeResult(mine);
    out.text(std::string(result.begin(), result.end()));
    cluster_.send(0, Share, out.take());
    while (cluster_.pendingSends())
      ;
    outcome.search = std::move(mine);
    outcome.incompleteReason = reason;
    return outcome;
  }
  std::vector<SearchResult> shares(size_t(cluster_.size()));
  shares[0] = std::move(mine);
  RecordedStates graph;
  outcome.incompleteReason = reason;
  outcome.omissionProbability = partition_.omissionProbability();
  for (int received = 1; received < cluster_.size();) {
    Message message = cluster_.wait();
    // A limit's Stop can be sent by a rank that was out of work, after its count went round
    // with the token, and arrive now: the search is over, it asks nothing.
    if (message.tag == Stop || message.tag == Progress)
      continue;
    if (message.tag == Graph) {
      WireReader in(message.bytes);
      for (uint64_t count = in.u64(); count; --count)
        readRecordedState(in, graph);
      continue;
    }
    if (message.tag != Share)
      throw std::runtime_error(fmt::format("rank 0 got a message it does not expect (tag {}) "
                                           "from rank {} at the end",
                                           message.tag, message.from));
    ++received;
    WireReader in(message.bytes);
    std::string theirs = in.text();
    if (outcome.incompleteReason.empty())
      outcome.incompleteReason = theirs;
    outcome.omissionProbability = std::min(1.0, outcome.omissionProbability + in.f64());
    std::string bytes = in.text();
    shares[size_t(message.from)] = decodeResult(std::vector<uint8_t>(bytes.begin(), bytes.end()));
  }
  while (cluster_.pendingSends())
    ;
  statesPerRank_.clear();
  for (const SearchResult &share : shares)
    statesPerRank_.push_back(share.stats.states);
  bool stopped = stopping_;
  double elapsed = shares[0].stats.elapsedSeconds;
  outcome.search = mergeResults(shares, partition_.model(), options_, stopped);
  outcome.search.limit = limit_;
  // The states expanded before a resume count as expanded by this search.
  addStatistics(outcome.search.stats, resumedCost_);
  if (outcome.incompleteReason.empty())
    outcome.incompleteReason = resumedReason_;
  outcome.livelocksChecked = analyseLivelocks;
  if (analyseLivelocks) {
    graph.append(partition_.takeGraph());
    graph.append(resumedGraph_);
    std::string undecided =
        reportGatheredLivelocks(graph, partition_.model(), options_, outcome.search);
    if (outcome.incompleteReason.empty())
      outcome.incompleteReason = undecided;
    elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  outcome.search.stats.elapsedSeconds = elapsed;
  outcome.search.complete = !stopped && outcome.incompleteReason.empty();
  return outcome;
}

} // namespace

StatefulResult exploreStatefulDistributed(Cluster &cluster, Model &model,
                                          const SearchOptions &options,
                                          const StatefulOptions &stateful,
                                          const CheckpointFiles &files, StatefulRanks *ranks,
                                          const StatefulProgress &progress) {
  if (stateful.preemptionBound || stateful.partialOrderReduction) {
    StatefulResult refused;
    refused.incompleteReason = "a distributed stateful search takes no preemption bound and no "
                               "partial-order reduction";
    return refused;
  }
  if (stateful.storage == StateStorage::Bitstate &&
      (!files.checkpoint.empty() || !files.resume.empty())) {
    StatefulResult refused;
    refused.incompleteReason = "checkpoints of a distributed stateful search keep its states, "
                               "which bitstate storage does not (use --state-store=exact or "
                               "hash)";
    return refused;
  }
  Rank rank(cluster, model, options, stateful, files, progress);
  StatefulResult result = rank.run();
  if (ranks) {
    ranks->statesPerRank = rank.statesPerRank();
    ranks->resumedStates = rank.resumedStates();
    ranks->checkpointStates = rank.checkpointStates();
  }
  return result;
}

void Rank::passToken() {
  int size = cluster_.size(), rank = cluster_.rank();
  if (rank == 0) {
    if (holdsToken_) {
      holdsToken_ = false;
      waveOut_ = false;
      // The wave is over: the end if nobody received a batch since it passed them and every
      // batch sent was received.
      if (!tokenMarked_ && !marked_ && tokenCount_ + balance_ == 0) {
        if (snapshotDue())
          takeSnapshot();
        if (!paused_ || stopping_) {
          for (int other = 1; other < size; ++other)
            cluster_.post(other, Finish, {});
          finished_ = true;
          return;
        }
        // The pause is over: every rank goes on (a Resume counts as a batch), and a new wave
        // starts, as after any wave that did not end the search: rank 0 never waits for a
        // message without a token on its way.
        paused_ = false;
        for (int other = 1; other < size; ++other) {
          cluster_.post(other, Resume, {});
          ++balance_;
        }
      }
    }
    if (!waveOut_) {
      marked_ = false;
      waveOut_ = true;
      WireWriter out;
      out.u64(0);
      out.u8(0);
      cluster_.post(size - 1, Token, out.take());
    }
    return;
  }
  if (!holdsToken_)
    return;
  holdsToken_ = false;
  WireWriter out;
  out.u64(uint64_t(tokenCount_ + balance_));
  out.u8(tokenMarked_ || marked_);
  marked_ = false;
  cluster_.post(rank - 1, Token, out.take());
}

} // namespace bpor::distributed

namespace bpor::distributed {
namespace {

/// Entries go out in chunks of about this many bytes.
constexpr size_t PartChunkBytes = 4 << 20;

void Rank::pauseIfDue() {
  if (files_.checkpoint.empty() || paused_ || stopping_ ||
      std::chrono::steady_clock::now() - lastSnapshot_ <
          std::chrono::duration<double>(files_.every))
    return;
  paused_ = true;
  for (int other = 1; other < cluster_.size(); ++other) {
    cluster_.post(other, Pause, {});
    ++balance_;
  }
}

void Rank::writePart(const std::function<void(const std::vector<uint8_t> &)> &out) const {
  WireWriter chunk;
  auto full = [&] {
    if (chunk.size() >= PartChunkBytes)
      out(chunk.take());
  };
  saveSection(chunk);
  partition_.forEachStoredPart([&](size_t position, std::string_view part) {
    saveKeyPart(chunk, position, part);
    full();
  });
  partition_.forEachStored([&](std::string_view state) {
    saveStoredState(chunk, state);
    full();
  });
  partition_.forEachQueued([&](uint64_t hash, const Schedule &path) {
    saveQueuedState(chunk, hash, path);
    full();
  });
  if (partition_.recordsGraph()) {
    const RecordedStates &records = partition_.graph();
    for (size_t i = 0; i < records.size(); ++i) {
      saveRecord(chunk, records, i);
      full();
    }
  }
  if (chunk.size())
    out(chunk.take());
}

void Rank::sendPart() {
  WireWriter head;
  head.u8(PartHead);
  head.u8(partition_.stopped());
  writeStatistics(head, partition_.result().stats);
  head.text(partition_.incompleteReason());
  cluster_.send(0, Part, head.take());
  writePart([&](const std::vector<uint8_t> &entries) {
    std::vector<uint8_t> bytes;
    bytes.reserve(entries.size() + 1);
    bytes.push_back(PartEntries);
    bytes.insert(bytes.end(), entries.begin(), entries.end());
    cluster_.send(0, Part, bytes);
  });
  WireWriter end;
  end.u8(PartEnd);
  cluster_.send(0, Part, end.take());
}

void Rank::takeSnapshot() {
  StatefulCheckpointWriter writer(files_.checkpoint, files_.fingerprint, storage_);
  auto write = [&](const std::vector<uint8_t> &entries) { writer.chunk(entries); };
  // The cost of the states expanded: this run's and the resumed run's; `states` is not a cost
  // (a resumed run counts the states it stores again).
  Statistics cost = resumedCost_;
  std::string reason = resumedReason_;
  bool error = partition_.stopped();
  uint64_t states = 0;
  auto addShare = [&](Statistics stats, const std::string &incomplete) {
    states += stats.states;
    stats.states = 0;
    addStatistics(cost, stats);
    if (reason.empty())
      reason = incomplete;
  };
  addShare(partition_.result().stats, partition_.incompleteReason());
  writePart(write);
  for (int other = 1; other < cluster_.size(); ++other) {
    cluster_.send(other, Snapshot, {});
    for (bool done = false; !done;) {
      Message message = cluster_.wait(other);
      if (message.tag != Part)
        throw std::runtime_error(fmt::format("rank 0 got a message it does not expect (tag {}) "
                                             "from rank {} during a snapshot",
                                             message.tag, message.from));
      WireReader in(message.bytes);
      switch (in.u8()) {
      case PartHead: {
        error |= in.u8() != 0;
        Statistics stats = readStatistics(in);
        addShare(stats, in.text());
        break;
      }
      case PartEntries:
        write(std::vector<uint8_t>(message.bytes.begin() + 1, message.bytes.end()));
        break;
      default: done = true;
      }
    }
  }
  // The resumed run's records of the states it expanded stay on rank 0 until the end.
  for (size_t i = 0; i < resumedGraph_.size();) {
    WireWriter chunk;
    for (; i < resumedGraph_.size() && chunk.size() < PartChunkBytes; ++i)
      saveRecord(chunk, resumedGraph_, i);
    write(chunk.take());
  }
  // The next pause is due `every` seconds after this one ends, however long writing took.
  lastSnapshot_ = std::chrono::steady_clock::now();
  if (error) {
    writer.discard();
    return;
  }
  if (std::string problem = writer.commit(cost, reason); !problem.empty()) {
    std::fprintf(stderr, "bporcheck: %s\n", problem.c_str());
    return;
  }
  checkpointStates_ = states;
  if (paused_ && !stopping_)
    announceCheckpoint(files_);
}

std::string Rank::restore() {
  unsigned parts = unsigned(cluster_.size());
  if (cluster_.rank() != 0) {
    for (;;) {
      Message message = cluster_.wait(0);
      WireReader in(message.bytes);
      if (message.tag == Restored)
        return in.text();
      if (message.tag != Restore)
        throw std::runtime_error(fmt::format("rank {} got a message it does not expect (tag "
                                             "{}) while resuming",
                                             cluster_.rank(), message.tag));
      while (!in.done()) {
        if (in.u8()) {
          uint64_t hash = in.u64();
          partition_.restoreQueued(hash, readSchedule(in));
        } else {
          partition_.restoreStored(in.text());
        }
      }
    }
  }
  // Rank 0 reads the file and sends each rank the states it owns, in batches.
  std::vector<WireWriter> batches(parts);
  auto flush = [&](unsigned owner, size_t least) {
    if (batches[owner].size() > least)
      cluster_.send(int(owner), Restore, batches[owner].take());
  };
  StatefulCheckpointReader reader;
  reader.stored = [&](std::string_view state) {
    ++resumedStates_;
    unsigned owner = StatePartition::ownerOfStored(state, storage_, parts);
    if (owner == 0) {
      partition_.restoreStored(state);
      return;
    }
    batches[owner].u8(0);
    batches[owner].text(std::string(state));
    flush(owner, BatchBytes);
  };
  reader.queued = [&](uint64_t hash, Schedule path) {
    unsigned owner = unsigned(hash % parts);
    if (owner == 0) {
      partition_.restoreQueued(hash, std::move(path));
      return;
    }
    batches[owner].u8(1);
    batches[owner].u64(hash);
    writeSchedule(batches[owner], path);
    flush(owner, BatchBytes);
  };
  reader.records = &resumedGraph_;
  std::string problem = reader.read(files_.resume, files_.fingerprint, storage_);
  for (unsigned owner = 1; owner < parts; ++owner) {
    flush(owner, 0);
    WireWriter done;
    done.text(problem);
    cluster_.send(int(owner), Restored, done.take());
  }
  resumedCost_ = reader.cost;
  resumedReason_ = reader.incompleteReason;
  return problem;
}

} // namespace
} // namespace bpor::distributed
