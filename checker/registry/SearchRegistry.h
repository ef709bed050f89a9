// Every search the checker offers, by the name users select it with (--search=NAME): one table,
// so that adding a search is its folder under checker/ plus one entry in SearchRegistry.cpp
// (docs/design.md, "Adding a search").
#pragma once

#include "checker/Explorer.h"
#include "checker/random/PctSearch.h"
#include "checker/stateful/StatefulSearch.h"
#include "checker/unfolding/UnfoldingExplorer.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bpor {

/// What a search is asked to do: the options every search reads (SearchOptions; `por` is set
/// by the entry of none, dpor and bpor) and the options of the searches that have their own.
struct SearchRequest {
  SearchOptions options;
  StatefulOptions stateful;
  UnfoldingOptions unfolding;
  PctOptions pct;
  /// More models of the same program, one per further worker: the searches that divide their
  /// tree (SearchKind::parallel) run on all of them at once; the others ignore them.
  std::vector<Model *> workerModels;
};

/// What a search found: SearchResult, and what some searches add to it.
struct SearchOutcome {
  SearchResult search;
  /// The stateful search: the probability that a state was taken for a visited one (hash
  /// compaction, bitstate), why it stopped early, and whether livelocks were checked.
  double omissionProbability = 0;
  std::string incompleteReason;
  bool livelocksChecked = false;
  /// The unfolding search's own counters.
  UnfoldingStatistics unfolding;
  /// With SearchRequest::workerModels: the workers the search ran on (1 if the tree did not
  /// divide well and it ran alone).
  unsigned workersUsed = 1;
};

/// Which bounds (SearchOptions::bound) a search takes.
enum class BoundUse : uint8_t {
  None,           // none: it explores every schedule, or terminates without one
  Optional,       // exhaustive search: plain bounded search with one
  Required,       // BPOR: a bound is what it is for
  PreemptionOnly, // the stateful search: bounded context switching
};

/// What a search's result counts.
enum class ResultUnit : uint8_t {
  Executions,
  States, // the stateful search: each state once
};

/// What one execution of a complete depth-first run stands for: what the estimate of the
/// search's size counts (tools/bporcheck/Estimate.h).
enum class ExecutionsAre : uint8_t {
  Schedules, // exhaustive search: one execution per schedule
  Traces,    // one per Mazurkiewicz trace (DPOR and BPOR only with sleep sets)
  Other,     // states, events, random samples: no tree to estimate
};

/// Which of SearchRequest's option sets a search reads besides SearchOptions.
enum class OwnOptions : uint8_t { None, Stateful, Unfolding, Pct };

struct SearchKind {
  /// The name users select it by: --search=NAME (--por=NAME).
  std::string_view name;
  /// One line for the help text.
  std::string_view summary;
  /// What the command calls it: "optimal DPOR", "stateful search".
  std::string_view title;
  BoundUse bounds;
  /// Whether a search that finishes covers every reachable state (within its bound); false for
  /// random testing.
  bool exhaustive;
  SearchOutcome (*run)(Model &model, const SearchRequest &request,
                       const ExecutionObserver &observer);
  /// Whether it runs on SearchRequest::workerModels too (-j).
  bool parallel = false;
  /// Whether a run over several processes (mpirun, distributed/) divides it.
  bool distributed = false;
  /// The searches of the DPOR/BPOR engine (checker/Search): the reduction they run with
  /// (SearchOptions::por). Only they order their schedules best-first (--strategy), and only
  /// they, under a fair bound, take an execution that reaches the depth limit for a possible
  /// livelock (SearchOptions::livelocksAtDepthLimit).
  std::optional<PorMode> engine = std::nullopt;
  ResultUnit counts = ResultUnit::Executions;
  ExecutionsAre executions = ExecutionsAre::Other;
  /// It keeps the states it has visited by their keys (Model::stateKey): it needs a model with
  /// keys (no symbolic nondet values, whose path conditions a key cannot describe), and a wait
  /// loop that wakes spuriously returns to a visited state, so spurious wakeups need no cap.
  bool storesStates = false;
  OwnOptions ownOptions = OwnOptions::None;
};

/// Every search, in the order the help text lists them.
const std::vector<SearchKind> &searchKinds();

/// The search named `name`, or nullptr.
const SearchKind *findSearch(std::string_view name);

/// "none, dpor, bpor, ... or pct": the names, for messages.
std::string searchKindList();

} // namespace bpor
