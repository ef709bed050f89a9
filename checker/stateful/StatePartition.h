// One share of a stateful search whose visited set is partitioned among processes (or among
// simulated partitions in one process: PartitionedStateful.h). Every state belongs to the one
// partition its key's hash names (ownerOf), as in distributed Spin (Lerda and Sisto) and
// DiVinE: that partition alone stores it and expands it. A partition expands its own states
// breadth-first: it brings its model to the state by replaying the state's path from the
// initial state (from the latest of its ancestors this partition expanded and still keeps a
// checkpoint of, when there is one), takes each move, classifies where it leads exactly as the
// one-process search
// does (checker/stateful/StatefulSearch.h: an error, a deadlock, the program's end, a failed
// assumption, the depth limit) and hands a successor that runs on to its owner: stored and
// queued here if it is its own, else given to `send` with its key and path, for the owner's
// receive(). The states stored by all partitions together are the one-process search's, and
// so are the executions ended (one per move into an end, each state's moves taken once), in
// whatever order the states and messages arrive.
//
// A fair cycle may pass through states of several partitions, so a partition looks for no
// livelock itself: it records each state it expands (its enabled threads and its moves, unless
// the storage is a bitstate array, as the one-process search), and the records of all
// partitions are analysed together at the end (checker/stateful/GatheredLivelocks.h). There is
// no bound on preemptions and no partial-order reduction (both depend on the path a state was
// first reached by).
#pragma once

#include "checker/Explorer.h"
#include "checker/stateful/GatheredLivelocks.h"
#include "checker/stateful/StateStore.h"

#include <deque>
#include <functional>
#include <list>
#include <memory>
#include <string>
#include <unordered_map>

namespace bpor {

/// The partition (of `parts`) that owns the state with `key`: the same on every process.
unsigned ownerOf(const std::string &key, unsigned parts);

class StatePartition {
public:
  /// A state handed to another partition: its key (or, when the storage is not exact, its
  /// fingerprint: StateStore::fingerprint), the hash that names it (stateKeyHash) and the path
  /// from the initial state.
  using Send = std::function<void(unsigned owner, const std::string &key, uint64_t hash,
                                  const Schedule &path)>;

  /// `checkpointBytes`: what the checkpoints of expanded states, kept to replay their
  /// descendants' paths from, may hold (the least recently used go first).
  StatePartition(Model &model, const SearchOptions &options, StateStorage storage,
                 unsigned bitstateLog2, unsigned part, unsigned parts,
                 uint64_t checkpointBytes = uint64_t(256) << 20);

  /// Classifies the initial state: partition 0 reports how it ends if it ends the program at
  /// once; otherwise its owner stores and queues it. False if the model cannot be searched
  /// statefully (no checkpoints or no state keys: incompleteReason() says which). A search
  /// `resumed` from a checkpoint has classified it already: only the model is checked.
  bool start(bool resumed = false);
  bool hasWork() const { return !queue_.empty(); }
  /// Expands the oldest queued state (breadth-first).
  void expandNext(const Send &send);
  /// A state another partition reached (what Send gave): stored, and queued if it is new here.
  void receive(const std::string &key, uint64_t hash, Schedule path);

  /// An error stopped the search (not keepGoing).
  bool stopped() const { return stopped_; }
  /// The partition's share: statistics (states: those it stores), errors; complete is left to
  /// the caller, who knows whether every partition ran out of work.
  SearchResult &result() { return result_; }
  const std::string &incompleteReason() const { return incompleteReason_; }
  double omissionProbability() const { return store_.omissionProbability(); }
  uint64_t storeBytes() const { return store_.bytes() + graph_.bytes(); }
  /// The states this partition expanded, for the livelock analysis (empty with bitstate
  /// storage); taken once the search is over.
  RecordedStates takeGraph() { return std::move(graph_); }
  bool recordsGraph() const { return recordGraph_; }
  size_t queued() const { return queue_.size(); }
  Model &model() { return model_; }
  /// What a checkpoint keeps of the partition: every state it stores (in the store's form:
  /// StateStore::forEachPart and forEachState), each state queued (the hash that names it and
  /// its path) and its records of the states it expanded (recordsGraph()).
  void forEachStoredPart(
      const std::function<void(size_t position, std::string_view part)> &each) const {
    store_.forEachPart(each);
  }
  void forEachStored(const std::function<void(std::string_view state)> &each) const {
    store_.forEachState(each);
  }
  void forEachQueued(const std::function<void(uint64_t hash, const Schedule &path)> &each) const;
  const RecordedStates &graph() const { return graph_; }
  /// The partition (of `parts`) that owns a stored state: its key under exact storage (as
  /// KeyParts rebuilds it), else its fingerprint.
  static unsigned ownerOfStored(std::string_view state, StateStorage storage, unsigned parts);
  /// Takes back a stored state (its key or fingerprint, as for ownerOfStored) and a queued one
  /// of a checkpoint (of the states this partition owns), without counting a revisit.
  void restoreStored(std::string_view state);
  void restoreQueued(uint64_t hash, Schedule path);

  /// Called with the key of every state this partition stores (validation); with storage
  /// that is not exact, a state another partition sent comes with its fingerprint instead.
  std::function<void(const std::string &key)> onState;

private:
  struct Queued {
    Schedule path;
    uint64_t hash; // stateKeyHash of its key
  };
  /// The checkpoint of a state this partition expanded, by the hash of its path.
  struct Kept {
    Schedule path;
    std::unique_ptr<ModelCheckpoint> checkpoint;
    uint64_t bytes; // what it was counted as when kept
    std::list<uint64_t>::iterator age;
  };
  void keep(const Schedule &path, std::unique_ptr<ModelCheckpoint> checkpoint);
  /// Records the state with `key` (a fingerprint if `fingerprint`) reached by `path` if it is
  /// new; true if it was.
  bool store(const std::string &key, uint64_t hash, Schedule path, bool fingerprint = false);
  /// Brings the model to the end of `path`, from the latest ancestor kept or else from the
  /// initial state; false if a step of it did not replay (a nondeterministic model).
  bool moveTo(const Schedule &path);
  /// The model's state after `path` ends the path: counted, and reported if it is an error or
  /// a deadlock. False if it runs on.
  bool endsHere(const Schedule &path);
  /// Reports `error`, reached by `path`: its events come from replaying the path from the
  /// initial state (the model is left elsewhere).
  void report(const ErrorInfo &error, const Schedule &path);

  Model &model_;
  const SearchOptions &options_;
  StateStore store_;
  unsigned part_, parts_;
  std::deque<Queued> queue_;
  std::unordered_map<uint64_t, Kept> kept_;
  std::list<uint64_t> ages_; // kept_'s keys, most recently used first
  uint64_t keptBytes_ = 0, checkpointBytes_;
  SearchResult result_;
  std::string incompleteReason_;
  std::string key_;
  bool stopped_ = false;
  bool recordGraph_;
  RecordedStates graph_;
};

} // namespace bpor
