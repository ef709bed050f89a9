// Unfolding-based partial-order reduction (Rodríguez, Sousa, Sharma, Kroening: "Unfolding-based
// partial order reduction", CONCUR 2015; seeds/004): Algorithm 1 explores the maximal
// configurations of the program's unfolding under checker/Dependence.h's independence, each
// once (optimal, like optimal DPOR), with alternatives computed from immediate conflicts
// instead of wakeup trees. With cutoff events (section 5.2) it terminates on programs whose
// executions never end but whose states are finitely many, and still reaches every reachable
// state. docs/unfolding.md says how the paper's system maps onto a Model.
#pragma once

#include "checker/Explorer.h"

namespace bpor {

struct UnfoldingOptions {
  /// Cutoff events: an event whose local configuration reaches the state (Model::stateKey)
  /// that the local configuration of a smaller event (McMillan's size order) reaches is not
  /// added to U, so nothing beyond it is explored. Needs state keys; ignored without them.
  bool cutoffs = true;
  /// 0: alternatives to all of D (optimal). k > 0: k-partial alternatives, which conflict
  /// with only k events of D (cheaper; may explore sleep-set-blocked configurations).
  unsigned partialAlternatives = 0;
};

struct UnfoldingStatistics {
  uint64_t events = 0;        // events created (each canonical name once while it lives)
  uint64_t cutoffs = 0;       // extensions found to be cutoff events
  uint64_t maxU = 0;          // the most events U held at once
  uint64_t eventsAtLeaves = 0; // |U| summed over the maximal configurations explored
  uint64_t replays = 0;       // local configurations replayed to check an event
  /// Events whose transition excludes the other threads (an atomic block, a data choice inside
  /// one; Event.h, excludesOthers), exit() aside: dependent with every transition of another
  /// thread, so the configurations are traces of that coarser relation, more than optimal
  /// DPOR's (which judges an executed block by what it touched).
  uint64_t globalEvents = 0;
  bool cutoffsApplied = false; // cutoffs were asked for and the model has state keys
};

struct UnfoldingResult {
  SearchResult search;
  UnfoldingStatistics unfolding;
};

/// Explores `model`. SearchOptions keep their meanings (checker/Explorer.h): maxDepth,
/// maxExecutions, timeLimitSeconds, keepGoing, oneReportPerError, isViolation, progress;
/// stats.executions counts the maximal configurations explored (sleep-set-blocked ones, with
/// partial alternatives, included and also counted in stats.sleepSetBlocked). A configuration
/// whose enabled events are all cutoffs ends with ExecutionEnd::Cutoff. Bounds do not apply:
/// options.bound must be BoundKind::None (std::invalid_argument otherwise).
UnfoldingResult exploreUnfolding(Model &model, const SearchOptions &options,
                                 const UnfoldingOptions &unfolding = {},
                                 const ExecutionObserver &observer = {});

} // namespace bpor
