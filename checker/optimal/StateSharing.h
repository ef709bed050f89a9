// What a worker of a parallel optimal DPOR asks of the states the workers share (SharedStates.h
// gives the rules). Two implementations: SharedStates, the record itself, for workers in one
// process (-j) and for rank 0 of a distributed search; and distributed/RemoteSharedStates.h, the
// same calls sent to rank 0, for the other ranks of an MPI run. A worker cannot tell them apart:
// the search is the same whichever process a worker runs in.
#pragma once

#include "checker/Explorer.h"
#include "checker/ThreadNames.h"
#include "checker/ThreadSet.h"
#include "checker/optimal/WakeupTree.h"

#include <optional>
#include <utility>
#include <vector>

namespace bpor::optimal {

struct SharedState;

/// A branch a worker took: the step, the wakeup subtree below it, and its sleep set.
struct SharedBranch {
  ScheduleStep step;
  WakeupTree subtree;
  std::vector<Event> sleep; // the entry sleepers and the branches taken before this one
  size_t index = 0;         // for StateSharing::resolve and returned
};

/// What a worker's frame holds when it shares a state (its wakeup tree is moved from).
struct StateToShare {
  const std::vector<Event> &sleep;
  WakeupTree &wakeup;
  const ThreadSet &enabled;
  const std::vector<Operation> &next;
  const Event &inProgress; // the branch the worker is exploring from it, as a sleeper
};

/// The path of an execution through the shared states: each state on it from the one where a
/// race reverses down, with the index of the branch the execution took there.
using SharedPath = std::vector<std::pair<SharedState *, size_t>>;

class StateSharing {
public:
  virtual ~StateSharing() = default;

  /// The workers' thread names (ThreadNames.h): one table, so that a thread has one name in
  /// every worker.
  virtual ThreadNameTable &threadNames() = 0;

  /// Whether a worker waits for work and none is shared: a busy worker should share. Called
  /// at every backtrack: cheap.
  virtual bool wanted() = 0;

  /// Whether a worker asked to share shares its whole stack, even where no branch is left
  /// (tests, which share every state), rather than only a stack with a branch left.
  virtual bool sharesEverything() const { return false; }

  /// Shares the state a worker reached by taking branch `parentBranch` (step `edge`) of the
  /// shared state `parent` (null: the initial state). The worker's stack holds it; the branch
  /// it explores from there is its branch 0. Returns it; `branchLeft`: another worker can take
  /// a branch there now.
  virtual SharedState *share(SharedState *parent, size_t parentBranch, ScheduleStep edge,
                             const StateToShare &state, bool &branchLeft) = 0;

  /// Takes the next branch of `state` (SharedStates.h's rules), if one can be taken now.
  virtual std::optional<SharedBranch> take(SharedState &state) = 0;

  /// The branch `index` of `state` executed `executed` (as a sleeper).
  virtual void resolve(SharedState &state, size_t index, const Event &executed) = 0;

  /// The worker that took branch `index` of `state` is back there.
  virtual void returned(SharedState &state, size_t index) = 0;

  /// A worker's stack no longer holds `state` (it backtracked past it).
  virtual void leave(SharedState &state) = 0;

  /// insert[E](v, wut(E)) for E = path[0].first, from an execution that took branch
  /// path[i].second of each shared state path[i].first on its way from E down; applied now or,
  /// if branches left of that path are still being explored, once they are (SharedStates.h).
  virtual void insert(SharedPath path, std::vector<Event> v) = 0;

  /// For an idle worker (its stack holds no shared state): blocks until some state has a
  /// branch that can be taken (returned, with the worker counted on it and every state above:
  /// it goes there and takes the branch, if no other worker took it first) or the search is
  /// over (null: no worker busy and no branch left, or cancelled).
  virtual SharedState *waitForWork() = 0;

  /// A worker's search ended other than by waitForWork returning null (it stopped): it is no
  /// longer busy, so the others do not wait for it.
  virtual void retire() = 0;
};

} // namespace bpor::optimal
