#include "distributed/DistributedStateful.h"

#include "checker/engine/SearchStop.h"
#include "checker/parallel/MergeResults.h"
#include "distributed/ResultWire.h"
#include "distributed/StateWire.h"
#include "distributed/StatefulRank.h"

#include <fmt/format.h>

namespace bpor::distributed {
namespace stateful {

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

} // namespace stateful

using stateful::Rank;

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

} // namespace bpor::distributed
