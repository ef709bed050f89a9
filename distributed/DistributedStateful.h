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
// flight. Then every rank sends its share to rank 0, which merges them.
#pragma once

#include "checker/stateful/StatefulSearch.h"
#include "distributed/Cluster.h"

namespace bpor::distributed {

/// On rank 0: the whole search's result (statistics summed, states: all ranks' stored states;
/// errors re-derived on rank 0's model; livelocksChecked false). On the others: their share,
/// already sent. A preemption bound or partial-order reduction is refused (incomplete, with the
/// reason), as on one process's partitions. `statesPerRank`, on rank 0, gets each rank's count.
StatefulResult exploreStatefulDistributed(Cluster &cluster, Model &model,
                                          const SearchOptions &options,
                                          const StatefulOptions &stateful,
                                          std::vector<uint64_t> *statesPerRank = nullptr);

} // namespace bpor::distributed
