// The states a parallel optimal DPOR's workers share (docs/design.md, "Parallel exploration").
// A worker explores alone until another is idle; then it shares the states on its stack from the
// initial one down to the first with a branch left (work stealing of unexplored subtrees). A
// shared state keeps its wakeup tree and its sleep set here, not in a worker's stack: a worker
// takes one branch at a time, any worker's races insert into the tree, and an idle worker goes
// to the shallowest shared state with a branch left. The shared states always form a tree from
// the initial state, so a race of any worker reverses either at a shared state or at one of its
// own.
//
// The rules that make this the one optimal DPOR search one worker would run (the order in which
// a sequential search meets the sequences decides the wakeup trees' shapes, and with them what
// its later branches explore, so the rules keep that order):
// - The branches taken from a state, in the order taken, play the part of the branches
//   explored in that order by a sequential search: a branch's sleep set holds every branch
//   taken before it.
// - Branches are taken in the tree's order. While the subtree of a branch taken there is not
//   yet explored to its end (by any worker), only a leaf may be taken (a one-event branch with
//   nothing below it): a sequential search would only ever cover a later sequence by a leaf
//   (WakeupTree::insert), so what it explores does not depend on when it is taken. A branch with
//   a subtree waits until every branch before it is explored to its end.
// - An insertion is applied in the sequential search's order: the execution it comes from has a
//   place in the depth-first order (the branches it took at the shared states on its path, the
//   key), and it waits, pending, until every branch to the left of that path is explored to its
//   end; then it is applied as one search would apply it at that point (the branches up to its
//   own as executed sleepers, the later ones as the tree had them).
// So no trace is explored from two branches, and every wakeup tree a branch is taken from is
// the tree one search would have there (tests/unit/optimal/ParallelTest.cpp checks the traces,
// with every state shared).
#pragma once

#include "checker/optimal/StateSharing.h"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>

namespace bpor::optimal {

/// One shared state. What it was made with never changes; the rest is guarded by SharedStates'
/// lock.
struct SharedState {
  uint64_t id = 0;               // its place in the order states were shared (0: the first)
  SharedState *parent = nullptr;
  size_t parentBranch = 0;       // the index of the branch of `parent` that leads here
  ScheduleStep edge;             // the step from the parent to here
  size_t depth = 0;              // steps from the initial state
  std::vector<Event> entrySleep; // sleep(E) when shared (the inherited sleepers and the
                                 // branches the sharing worker had finished)
  ThreadSet enabled;
  std::vector<Operation> next;   // next(E, t), for the number of data choices

  // Under the lock.
  WakeupTree wakeup; // the branches no worker has taken
  /// Insertions that wait for the branches left of their executions (SharedStates.h), in the
  /// depth-first order of their keys.
  struct Pending {
    SharedPath key; // from here down: state, branch taken
    std::vector<Event> v;
  };
  std::vector<Pending> pending;
  struct Taken {
    Event treeEvent;              // the branch's event as the wakeup tree had it
    Event event;                  // as a sleeper (the event it executed, once resolved)
    bool resolved = false;        // the taker has executed it: `event` is the executed event
    bool returned = false;        // its taker came back: all it explored alone is done
    SharedState *child = nullptr; // the state it leads to, once shared
  };
  std::vector<Taken> taken; // in the order taken
  /// Workers whose stack holds this state (so they explore below it).
  unsigned workers = 0;
  /// States of this subtree, this one included, with branches not taken yet or insertions
  /// pending.
  unsigned openBelow = 0;
  bool countedOpen = false; // this state counts in openBelow
  bool listedPending = false; // in SharedStates' pending list
  bool listedOpen = false;  // in SharedStates' open list
};

class SharedStates final : public StateSharing {
public:
  /// `eager` (tests): busy workers share at every backtrack, not only when one waits.
  explicit SharedStates(unsigned workers, bool eager = false) : busy_(workers), eager_(eager) {}

  // StateSharing (its comments say what each does).
  ThreadNameTable &threadNames() override { return threadNames_; }
  bool wanted() override { return eager_ || starving_.load(std::memory_order_relaxed); }
  bool sharesEverything() const override { return eager_; }
  SharedState *share(SharedState *parent, size_t parentBranch, ScheduleStep edge,
                     const StateToShare &state, bool &branchLeft) override;
  std::optional<SharedBranch> take(SharedState &state) override;
  void resolve(SharedState &state, size_t index, const Event &executed) override;
  void returned(SharedState &state, size_t index) override;
  void leave(SharedState &state) override;
  void insert(SharedPath path, std::vector<Event> v) override;
  SharedState *waitForWork() override;
  void retire() override;

  /// Ends the search for every worker (one stopped: an error without keepGoing, a limit).
  void cancel();

  size_t numStates() const;
  /// The state shared `id`-th (SharedState::id).
  SharedState &stateById(uint64_t id);

  /// The search ended with work left that no rule let any worker do (a defect): the result
  /// must not be called complete.
  bool stuck() const {
    std::lock_guard<std::mutex> guard(lock_);
    return stuck_;
  }

private:
  bool hasBranch(SharedState &state);
  bool canTakeFirst(const SharedState &state) const;
  std::optional<SharedBranch> takeLocked(SharedState &state, std::unique_lock<std::mutex> &lock);
  void waitResolved(SharedState &state, std::unique_lock<std::mutex> &lock);
  /// Brings openBelow and the open list up to date after `state`'s tree changed.
  void noteWork(SharedState &state);
  /// Whether every branch left of the path `key` is explored and every branch of key[0] is
  /// resolved: the insertion can be applied.
  bool canApply(const SharedState::Pending &insertion) const;
  bool covered(const SharedState &state, size_t through, const std::vector<Event> &v) const;
  void apply(SharedState &state, size_t through, std::vector<Event> v);
  /// Applies the pending insertions that can be: of one state, or (after anything that may
  /// have completed a subtree) of every state.
  void flush(SharedState &state);
  void settle();
  SharedState *shallowestOpen();

  ThreadNameTable threadNames_;
  mutable std::mutex lock_;
  std::condition_variable changed_;
  std::deque<SharedState> states_; // stable addresses
  /// States that may have a branch left, by depth.
  std::vector<std::vector<SharedState *>> open_;
  std::vector<SharedState *> pending_; // states with pending insertions
  unsigned busy_;        // workers not waiting for work
  unsigned waiting_ = 0; // workers blocked in waitForWork
  std::atomic<bool> starving_{false};
  const bool eager_;
  bool over_ = false;
  bool cancelled_ = false;
  bool stuck_ = false;
  uint64_t closings_ = 0;   // states whose subtree had work and has none now
  bool unsettled_ = false; // a subtree may have completed since settle() last ran
};

} // namespace bpor::optimal
