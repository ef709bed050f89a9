// One rank of the stateful search over MPI ranks (distributed/DistributedStateful.h): its
// partition of the visited set, its outgoing batches, its side of Safra's termination
// detection and of the checkpoints. Internal to distributed/: DistributedStateful.cpp runs the
// search, StatefulRankCheckpoints.cpp writes and restores its checkpoints.
#pragma once

#include "checker/stateful/StatePartition.h"
#include "distributed/DistributedStateful.h"
#include "distributed/Wire.h"

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace bpor::distributed::stateful {

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

/// One rank's part in the search: its partition, its outgoing batches, its side of Safra's
/// algorithm and of the checkpoints (rank 0 pauses the ranks, takes and writes the snapshot,
/// and restores a resumed one).
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

} // namespace bpor::distributed::stateful
