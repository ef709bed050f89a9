// The stateful search over the ranks of an MPI run (docs/design.md, "Distributed stateful
// search"): each rank stores and expands the states its partition owns (checker/stateful/
// StatePartition.h, ownership by the hash of the state's key), and sends every state it reaches
// that another rank owns to that rank, as its key and the path from the initial state, in
// batches, without waiting for the receiver (Cluster::post). Together the ranks store exactly
// the states the one-process search stores and end the same executions.
//
// The run ends when every rank is out of work and no batch is in flight, which Safra's
// termination detection establishes (Dijkstra, "Shmuel Safra's version of termination
// detection", EWD 998): a token goes round the ranks collecting each one's count of batches
// sent minus batches received and whether it received any since the token last passed; rank 0
// declares the end when the token comes back to it, all passive, unmarked and summing to zero.
// It does not assume messages arrive in the order they were sent. An error (unless keepGoing),
// a limit or an interrupt stops every rank: the rank sends Stop to all, each drops its work and
// goes on receiving (and discarding) states until the same detection says nothing is left in
// flight. Then every rank sends its share to rank 0, which merges them, and, unless an error
// or a limit stopped the search, its records of the states it expanded, in which rank 0 looks
// for livelocks (checker/stateful/GatheredLivelocks.h).
#pragma once

#include "checker/stateful/StatefulSearch.h"
#include "distributed/CheckpointFiles.h"
#include "distributed/Cluster.h"

#include <functional>
#include <optional>
#include <vector>

namespace bpor::distributed {

/// A rank's share of the search so far, for rank 0's progress line.
struct RankShare {
  Statistics stats;        // states: those it stores; elapsedSeconds: since it started
  uint64_t queued = 0;     // its states stored and not yet expanded
  double idleSeconds = 0;  // spent waiting for a message with nothing to do
};
/// Rank 0, about once a second: every rank's last share (rank 0's first; a rank not heard
/// from yet has an empty one).
using StatefulProgress = std::function<void(const std::vector<RankShare> &ranks)>;

/// Rank 0's figures of the ranks, for the report.
struct StatefulRanks {
  std::vector<uint64_t> statesPerRank; // each rank's stored states
  uint64_t resumedStates = 0;          // of those, the ones a resumed checkpoint held
  std::optional<uint64_t> checkpointStates; // stored in the last checkpoint written, if any
};

/// On rank 0: the whole search's result (statistics summed, states: all ranks' stored states;
/// errors re-derived on rank 0's model; livelocks found in every rank's records of the states
/// it expanded, unless the storage is a bitstate array or the search was stopped). On the others: their share,
/// already sent. A preemption bound or partial-order reduction is refused (incomplete, with the
/// reason), as on one process's partitions. `ranks`, on rank 0, gets each rank's count.
/// With `files.checkpoint`, every `files.every` seconds, at the end and when a limit stops it,
/// the ranks pause and rank 0 writes what they store and queue (distributed/
/// StatefulCheckpoint.h); with `files.resume`, the search starts from such a file (a file that
/// does not fit throws std::runtime_error on every rank, naming why). Bitstate storage keeps
/// no states to write: refused with checkpoints.
StatefulResult exploreStatefulDistributed(Cluster &cluster, Model &model,
                                          const SearchOptions &options,
                                          const StatefulOptions &stateful,
                                          const CheckpointFiles &files = {},
                                          StatefulRanks *ranks = nullptr,
                                          const StatefulProgress &progress = {});

} // namespace bpor::distributed
