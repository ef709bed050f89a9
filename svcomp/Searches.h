// The searches SV-COMP mode runs, each on one model of the program, and what it reads of their
// results: what a search met besides violations (Obstacles), whether it proved that no
// violation exists, and the phrase that names it on the "search:" lines and in the reason.
#pragma once

#include "checker/Explorer.h"
#include "checker/optimal/OptimalExplorer.h"
#include "checker/unfolding/UnfoldingExplorer.h"
#include "svcomp/Host.h"

#include <optional>
#include <string>

namespace bpor::svcomp {

/// What the searches met besides violations: each of these makes a complete search without a
/// violation inconclusive. The first of each kind is kept for the reason line.
struct Obstacles {
  std::optional<ErrorInfo> undefinedBehaviour; // memory error, threads API misuse
  std::optional<ErrorInfo> unsupported;        // unsupported construct, internal limit
  std::optional<ErrorInfo> tooLong;            // an execution longer than --max-depth
  uint64_t endedByAbort = 0;                   // abort(), a failed assert(): fine
  uint64_t deadlocks = 0;                      // an ended execution: fine

  void note(const ErrorInfo &error);
};

/// One search and the model it ran on (the bug hunt may run on a model with plain nondet
/// values, the complete search on one with symbolic values).
struct Search {
  std::string name;
  ProgramModel *on = nullptr;
  SearchResult result;
  bool stateful = false;
  bool unfolding = false;
  /// A counter abstraction reached its threshold: its states stand for more threads than they
  /// hold, so a violation it finds may be spurious and it covers every number of threads.
  bool abstracted = false;
  std::string incompleteReason; // the stateful search's
  CoverageGaps before;          // the model's gaps when the search began
};

/// A depth-first search: optimal DPOR (or source-DPOR) with `optimal`, else `search.por`.
Search runSearch(ProgramModel &built, SearchOptions search, std::optional<OptimalVariant> optimal,
                 std::string name);

/// The stateful search, with as many spurious wakeups as the program's wait loops take (each
/// returns to a visited state): a stateless search must cap them per thread and execution.
Search runStateful(ProgramModel &built, const SearchOptions &search);

/// The stateful search over states whose interchangeable threads are sorted (exact symmetry
/// reduction, `threshold` 0) or counted up to `threshold` copies of each thread state (the
/// counter abstraction, which covers every number of threads: docs/symmetry.md); with
/// `threadLimit`, at most that many threads.
Search runSymmetric(ProgramModel &built, const SearchOptions &search, unsigned threshold,
                    ThreadId threadLimit);

/// The unfolding search as the complete search (--svcomp --search=unfolding). With cutoffs a
/// wait loop that wakes spuriously returns to a state already reached, so the wakeups need no
/// cap.
Search runUnfolding(ProgramModel &built, const SearchOptions &search,
                    const UnfoldingOptions &unfolding);

/// Whether the search drew every value of every nondet input, heap bytes never written
/// included (the model's gaps did not grow).
bool coveredEveryValue(const Search &s);

/// Whether a search that stopped at anything it cannot settle (`met`) proved the absence of
/// violations: it finished, without violation, over every value, meeting no undefined
/// behaviour and no execution too long for it.
bool provesNoViolation(const Search &s, const Obstacles &met);

/// "optimal DPOR, 12 executions, 0.3 s"; "stateful search, 40 states, 1.0 s, stopped by the
/// time limit (10 s)".
std::string statsPhrase(const Search &s);

} // namespace bpor::svcomp
