#include "distributed/DistributedStateful.h"

#include "checker/engine/SearchStop.h"
#include "checker/parallel/MergeResults.h"
#include "checker/stateful/StatePartition.h"
#include "distributed/ResultWire.h"
#include "distributed/Wire.h"

#include <chrono>
#include <fmt/format.h>

namespace bpor::distributed {
namespace {

// Tags of their own, apart from the divided search's (DistributedSearch.cpp).
enum Tag : int { States = 101, Token, Stop, Finish, Share, Progress, Graph };

/// A batch is sent once it holds this many bytes, or when the rank has no more work for now.
constexpr size_t BatchBytes = 64 * 1024;
/// States a rank expands between looks at its messages.
constexpr unsigned StatesPerTurn = 16;
/// A rank's records of the states it expanded go to rank 0 in messages of about this size.
constexpr size_t GraphChunkBytes = 16 << 20;

void writePath(WireWriter &out, const Schedule &path) {
  out.u64(path.size());
  for (const ScheduleStep &step : path) {
    out.u64(step.thread);
    out.u64(step.choice);
  }
}

/// Record `i` of `states`: its hash, enabled threads and moves.
void writeRecord(WireWriter &out, const RecordedStates &states, size_t i) {
  out.u64(states.hashes[i]);
  uint64_t enabledFrom = i ? states.enabledEnd[i - 1] : 0;
  uint64_t movesFrom = i ? states.moveEnd[i - 1] : 0;
  out.u64(states.enabledEnd[i] - enabledFrom);
  for (uint64_t e = enabledFrom; e < states.enabledEnd[i]; ++e)
    out.u64(states.enabled[e]);
  out.u64(states.moveEnd[i] - movesFrom);
  for (uint64_t m = movesFrom; m < states.moveEnd[i]; ++m) {
    out.u64(states.moves[m].step.thread);
    out.u64(states.moves[m].step.choice);
    out.u64(states.moves[m].target);
  }
}

/// Appends the next record of `in` to `states`.
void readRecord(WireReader &in, RecordedStates &states) {
  states.begin(in.u64());
  for (uint64_t count = in.u64(); count; --count)
    states.enabled.push_back(ThreadId(in.u64()));
  for (uint64_t count = in.u64(); count; --count) {
    RecordedStates::Move move;
    move.step.thread = ThreadId(in.u64());
    move.step.choice = uint32_t(in.u64());
    move.target = in.u64();
    states.moves.push_back(move);
  }
  states.end();
}

Schedule readPath(WireReader &in) {
  Schedule path(in.u64());
  for (ScheduleStep &step : path) {
    step.thread = ThreadId(in.u64());
    step.choice = uint32_t(in.u64());
  }
  return path;
}

/// One rank's part in the search: its partition, its outgoing batches and its side of Safra's
/// algorithm.
class Rank {
public:
  Rank(Cluster &cluster, Model &model, const SearchOptions &options,
       const StatefulOptions &stateful, const StatefulProgress &progress)
      : cluster_(cluster), options_(options), progress_(progress),
        ranks_(size_t(cluster.size())),
        partition_(model, options, stateful.storage, stateful.bitstateLog2,
                   unsigned(cluster.rank()), unsigned(cluster.size())),
        batches_(size_t(cluster.size())), batchCounts_(size_t(cluster.size()), 0),
        start_(std::chrono::steady_clock::now()) {
    partition_.onState = stateful.onState;
  }

  StatefulResult run();
  /// Rank 0, after run(): each rank's stored states.
  const std::vector<uint64_t> &statesPerRank() const { return statesPerRank_; }

private:
  void send(unsigned owner, const std::string &key, uint64_t hash, const Schedule &path) {
    WireWriter &batch = batches_[owner];
    batch.text(key);
    batch.u64(hash);
    writePath(batch, path);
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
  /// Passes the token on if this rank holds it and is passive (Safra's rules).
  void passToken();
  bool limitReached();

  Cluster &cluster_;
  const SearchOptions &options_;
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
      Schedule path = readPath(in);
      if (!stopping_)
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
  // Every rank builds the same model, so each fails alike: no messages yet.
  if (!partition_.start()) {
    outcome.incompleteReason = partition_.incompleteReason();
    return outcome;
  }
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
    if (cluster_.rank() == 0 || partition_.hasWork())
      reportProgress();
    if (!stopping_ && partition_.stopped())
      stopAll("an error");
    if (!stopping_ && !limitReached() && partition_.hasWork()) {
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
    // Passive: no work (or stopping), every batch sent.
    flushAll();
    cluster_.pendingSends();
    passToken();
    if (finished_)
      break;
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
        writeRecord(chunk, records, i);
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
        readRecord(in, graph);
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
  outcome.livelocksChecked = analyseLivelocks;
  if (analyseLivelocks) {
    graph.append(partition_.takeGraph());
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
                                          std::vector<uint64_t> *statesPerRank,
                                          const StatefulProgress &progress) {
  if (stateful.preemptionBound || stateful.partialOrderReduction) {
    StatefulResult refused;
    refused.incompleteReason = "a distributed stateful search takes no preemption bound and no "
                               "partial-order reduction";
    return refused;
  }
  Rank rank(cluster, model, options, stateful, progress);
  StatefulResult result = rank.run();
  if (statesPerRank)
    *statesPerRank = rank.statesPerRank();
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
        for (int other = 1; other < size; ++other)
          cluster_.post(other, Finish, {});
        finished_ = true;
        return;
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
