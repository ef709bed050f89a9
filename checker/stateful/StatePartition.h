// One share of a stateful search whose visited set is partitioned among processes (or among
// simulated partitions in one process: PartitionedStateful.h). Every state belongs to the one
// partition its key's hash names (ownerOf), as in distributed Spin (Lerda and Sisto) and
// DiVinE: that partition alone stores it and expands it. A partition expands its own states
// breadth-first: it brings its model to the state by replaying the state's path from the
// initial state, takes each move, classifies where it leads exactly as the one-process search
// does (checker/stateful/StatefulSearch.h: an error, a deadlock, the program's end, a failed
// assumption, the depth limit) and hands a successor that runs on to its owner: stored and
// queued here if it is its own, else given to `send` with its key and path, for the owner's
// receive(). The states stored by all partitions together are the one-process search's, and
// so are the executions ended (one per move into an end, each state's moves taken once), in
// whatever order the states and messages arrive.
//
// What a partition cannot see, it does not claim: livelocks are not checked (a fair cycle may
// pass through states of several partitions), and there is no bound on preemptions and no
// partial-order reduction (both depend on the path a state was first reached by).
#pragma once

#include "checker/Explorer.h"
#include "checker/stateful/StateStore.h"

#include <deque>
#include <functional>
#include <string>

namespace bpor {

/// The partition (of `parts`) that owns the state with `key`: the same on every process.
unsigned ownerOf(const std::string &key, unsigned parts);

class StatePartition {
public:
  /// A state handed to another partition: its key and the path from the initial state.
  using Send = std::function<void(unsigned owner, const std::string &key, const Schedule &path)>;

  StatePartition(Model &model, const SearchOptions &options, StateStorage storage,
                 unsigned bitstateLog2, unsigned part, unsigned parts);

  /// Classifies the initial state: partition 0 reports how it ends if it ends the program at
  /// once; otherwise its owner stores and queues it. False if the model cannot be searched
  /// statefully (no checkpoints or no state keys: incompleteReason() says which).
  bool start();
  bool hasWork() const { return !queue_.empty(); }
  /// Expands the oldest queued state (breadth-first).
  void expandNext(const Send &send);
  /// A state another partition reached: stored, and queued if it is new here.
  void receive(const std::string &key, Schedule path);

  /// An error stopped the search (not keepGoing).
  bool stopped() const { return stopped_; }
  /// The partition's share: statistics (states: those it stores), errors; complete is left to
  /// the caller, who knows whether every partition ran out of work.
  SearchResult &result() { return result_; }
  const std::string &incompleteReason() const { return incompleteReason_; }
  double omissionProbability() const { return store_.omissionProbability(); }
  uint64_t storeBytes() const { return store_.bytes(); }
  size_t queued() const { return queue_.size(); }
  Model &model() { return model_; }
  /// Called with the key of every state this partition stores (validation).
  std::function<void(const std::string &key)> onState;

private:
  struct Queued {
    Schedule path;
  };
  /// Records the state with `key` reached by `path` if it is new; true if it was.
  bool store(const std::string &key, Schedule path);
  /// Brings the model to the end of `path`, collecting the events; false if a step of it did
  /// not replay (a nondeterministic model: reported).
  bool replay(const Schedule &path, std::vector<Operation> &events);
  /// The model's state after `path` (events `events`) ends the path: counted, and reported if
  /// it is an error or a deadlock. False if it runs on.
  bool endsHere(const Schedule &path, const std::vector<Operation> &events);
  void report(const ErrorInfo &error, const Schedule &path, const std::vector<Operation> &events);

  Model &model_;
  const SearchOptions &options_;
  StateStore store_;
  unsigned part_, parts_;
  std::deque<Queued> queue_;
  SearchResult result_;
  std::string incompleteReason_;
  std::string key_;
  bool stopped_ = false;
};

} // namespace bpor
