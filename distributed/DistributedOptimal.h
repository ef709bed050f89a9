// Optimal DPOR over the ranks of an MPI run (docs/design.md, "Distributed optimal DPOR").
//
// Optimal DPOR does not divide into units fixed in advance: a race found below a state another
// worker explores from may add a wakeup sequence there, and the order in which one search would
// have met those sequences decides what it explores. Its parallel form keeps the states workers
// share in one record, which applies every insertion in that order
// (checker/optimal/SharedStates.h); here that record lives on rank 0, and every rank runs one
// worker: rank 0's calls it directly, the others' as messages (distributed/RemoteSharedStates.h)
// that rank 0's proxies make for them (distributed/SharingServer.h). So the ranks together
// explore exactly what one optimal DPOR explores: every Mazurkiewicz trace once, none blocked.
#pragma once

#include "distributed/DistributedSearch.h"

namespace bpor::distributed {

/// Rank 0's progress, if set: the sum of every rank's statistics, each rank's (rank 0's
/// first), and the number of states the workers have shared.
using SharingProgressReport = std::function<void(
    const Statistics &sum, const std::vector<Statistics> &ranks, size_t sharedStates)>;

struct SharingStatistics {
  std::vector<uint64_t> executionsPerRank;
  size_t sharedStates = 0;
  /// Rank 0: what each rank's `attach` gave, by rank (rank 0's own included).
  std::vector<std::vector<uint8_t>> attachments;
};

/// Optimal DPOR over every rank of `cluster`, each on its own `model` of one program, with the
/// same `options` (no bound, no split). Results as exploreDivided gives them: on rank 0 the
/// whole search's; on the others their own share, already sent to rank 0.
SearchResult exploreOptimalDistributed(Cluster &cluster, Model &model,
                                       const SearchOptions &options,
                                       const ExecutionObserver &observer = {},
                                       SharingStatistics *statistics = nullptr,
                                       const Attach &attach = {},
                                       const SharingProgressReport &progress = {});

} // namespace bpor::distributed
