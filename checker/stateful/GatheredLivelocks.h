// Livelocks of a stateful search whose states were expanded by several partitions
// (checker/stateful/StatePartition.h): each partition records, for every state it expands, the
// threads enabled there and its moves to the states that run on; the records of all partitions
// together are the state graph the one-process search builds, and its strongly connected
// components are tested for a strongly fair cycle exactly as that search tests its own
// (checker/stateful/FairCycle.h, Emerson and Lei), once the search is over.
//
// A state is named by the 64-bit hash of its key (stateKeyHash), the same on every process:
// partitions cannot agree on numbers they hand out. Two states with one hash (probability about
// n^2 / 2^65 for n states) show as two records with one name, since every state is expanded
// once (with exact storage; hash compaction merges such states in its store already, with the
// probability it reports): the analysis then says it could not decide. Every cycle found is
// also replayed on the model and reported only if it returns to the state it started from.
#pragma once

#include "checker/Explorer.h"
#include "checker/stateful/StateStore.h" // stateKeyHash

#include <cstdint>
#include <string>
#include <vector>

namespace bpor {

/// What partitions record of the states they expanded, flat (a few allocations for millions of
/// states): state i is named hashes[i], has the threads enabled[enabledEnd[i-1] ..
/// enabledEnd[i]) enabled (sorted) and the moves moves[moveEnd[i-1] .. moveEnd[i]) to states
/// that run on.
struct RecordedStates {
  struct Move {
    ScheduleStep step;
    uint64_t target = 0; // the hash of the state the move leads to
  };
  std::vector<uint64_t> hashes;
  std::vector<uint64_t> enabledEnd, moveEnd;
  std::vector<ThreadId> enabled;
  std::vector<Move> moves;

  size_t size() const { return hashes.size(); }
  /// Starts the record of a state (its enabled threads and moves are appended, then end()).
  void begin(uint64_t hash) { hashes.push_back(hash); }
  void end() {
    enabledEnd.push_back(enabled.size());
    moveEnd.push_back(moves.size());
  }
  void append(const RecordedStates &other);
  uint64_t bytes() const;
};

/// Finds the livelocks of the state graph `states` describes (every partition's records; the
/// initial state is the model's after restart) and reports each (one per component that holds
/// a fair cycle, as the one-process search does) into `result`: an execution counted, its
/// schedule replayed on `model` from the initial state for the trace. Stops after the first
/// report unless options.keepGoing. Returns "" or why a cycle could not be confirmed.
std::string reportGatheredLivelocks(const RecordedStates &states, Model &model,
                                    const SearchOptions &options, SearchResult &result);

} // namespace bpor
