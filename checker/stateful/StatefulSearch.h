// Stateful search: a depth-first search of the program's state graph that stores the states it
// has visited (Model::stateKey) and does not explore a state twice. Unlike the stateless
// explorers it needs no bound to terminate on programs whose loops can spin forever: a spin
// iteration that changes nothing returns to a visited state. It is complete for every program
// with finitely many reachable states (Peterson, Dekker, spin locks, polling loops), and it
// finds livelocks exactly: a strongly connected component of the state graph that holds a
// strongly fair cycle (checker/stateful/FairCycle.h), found with Tarjan's algorithm on the fly.
//
// Options, after Spin (Holzmann; seeds/003): the visited set is exact, hash-compacted or a
// bitstate array (checker/stateful/StateStore.h; the last two may miss states with a probability
// the result reports), and an optional bound on preemptions with the bounded context switching
// algorithm of Holzmann and Florian, Fig. 3, including its section 3.1 rule for cycles: a
// switch away from a thread whose own successors all lead back onto the search stack is not
// counted. Livelocks are sought only without a bound (a bounded search revisits states, which
// the component analysis cannot use).
//
// The search restores checkpoints to backtrack (a model without checkpoints is refused by
// returning an Unsupported error), so each state is computed once, and states deeper than
// SearchOptions::maxDepth are not explored (the result is then incomplete). Unless it keeps
// going after errors, it deepens iteratively (StatefulOptions::iterativeDeepening).
#pragma once

#include "checker/Explorer.h"
#include "checker/stateful/StateStore.h"

#include <functional>
#include <optional>
#include <string>

namespace bpor {

struct StatefulOptions {
  StateStorage storage = StateStorage::Exact;
  /// Bitstate storage: 2^bitstateLog2 bits (2^30 bits = 128 MiB).
  unsigned bitstateLog2 = 30;
  /// Bounded context switching: at most this many preemptive context switches.
  std::optional<uint64_t> preemptionBound;
  /// Stop (incomplete) when the stored states and checkpoints hold more than this.
  uint64_t memoryLimitBytes = uint64_t(8) << 30;
  /// Partial-order reduction: in a state where some thread's next transition is independent of
  /// every other thread's (its operation has no footprint: a yield, a fence, a plain nondet
  /// choice), explore only that thread's transitions there, the others after it; fully expand
  /// the state when the transition turns out to end its thread or the execution, or leads back
  /// onto the search stack (the cycle proviso, which keeps a transition from being put off for
  /// ever). Every error and deadlock stays reachable; livelocks are then not checked (the
  /// component analysis needs every transition), and it does not combine with a bound.
  bool partialOrderReduction = false;
  /// Iterative deepening: when a path reaches depth 100,000 (a probe), search afresh to depth
  /// 100, then to 100 times that, and so on up to SearchOptions::maxDepth, while a search finds
  /// no error and had to cut a path at its depth (without a cut it was complete). A depth-first
  /// search follows its first branch as deep as the limit lets it, so a program whose state
  /// grows without end (a counter in a spin loop) would take millions of steps before it
  /// backtracked to where the bug is; the shallow searches find such a bug at once, with a
  /// short trace. Every error and livelock a shallow search reports is real (its state graph
  /// is part of the program's). Not with keepGoing (SearchOptions), which asks for every error
  /// of one search.
  bool iterativeDeepening = true;
  /// Validation: called with the key of every state the search explores (each new state once,
  /// and again when bounded context switching explores it again).
  std::function<void(const std::string &key)> onState;
};

/// What the stateful search found beyond SearchResult.
struct StatefulResult {
  SearchResult search;
  /// Probability that a state was taken for a visited one (hash compaction, bitstate).
  double omissionProbability = 0;
  /// Why the search stopped before it was complete (empty when complete or stopped at an
  /// error): "time limit", "depth limit (N steps)", "memory limit", "the model has no state
  /// keys" ...
  std::string incompleteReason;
  bool livelocksChecked = false;
};

StatefulResult exploreStateful(Model &model, const SearchOptions &options,
                               const StatefulOptions &stateful);

} // namespace bpor
