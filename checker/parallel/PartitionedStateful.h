// The stateful search with its visited set partitioned by state hash (checker/stateful/
// StatePartition.h), its partitions run in turn in one process, each on its own model of the
// program. This is the distributed stateful search (distributed/DistributedStateful.h) with the
// network replaced by queues: it checks that partitioning keeps the one-process search's states
// and ends, whatever order the states travel in (`shuffleSeed` delivers each partition's
// messages in a random order, as a network may reorder them between senders).
#pragma once

#include "checker/stateful/StatefulSearch.h"

#include <vector>

namespace bpor {

/// `models`: one per partition, over one program. The result's statistics are summed (states:
/// every partition's stored states), complete when every partition ran out of work without a
/// limit or a stopping error; the livelocks are those of every partition's records together
/// (checker/stateful/GatheredLivelocks.h; not with bitstate storage, as on one process).
/// Refused (incomplete, with the reason) with a preemption bound or partial-order reduction.
StatefulResult exploreStatefulPartitioned(const std::vector<Model *> &models,
                                          const SearchOptions &options,
                                          const StatefulOptions &stateful,
                                          uint64_t shuffleSeed = 0);

} // namespace bpor
