// A search divided among the ranks of an MPI run (docs/design.md, "Distributed search").
//
// A search divides as on threads (checker/parallel/DivisibleSearch.h: source-DPOR, the
// weak-memory graph search): every rank runs the same search over its own model of the program,
// walks the tree above the split depth alike, and each unit of the tree below (a subtree at the
// split depth, or an execution that ends above it) is explored by the first rank that claims
// it. Claims go to rank 0, which keeps the one record of claimed units: every unit is claimed
// once, by whichever rank reaches it first, so together the ranks explore what one search does
// (every Mazurkiewicz trace once; every consistent graph once). Rank 0 searches too; a thread
// of its own answers the other ranks.
#pragma once

#include "checker/Explorer.h"
#include "checker/parallel/DivisibleSearch.h"
#include "distributed/CheckpointFiles.h"
#include "distributed/Cluster.h"

#include <functional>
#include <string>

namespace bpor::distributed {

struct DistributedStatistics {
  unsigned ranks = 1;    // the ranks that searched (1: the tree did not divide, rank 0 alone)
  size_t splitDepth = 0; // 0: not divided
  uint64_t units = 0;    // units the split made (subtrees and executions above it)
  unsigned rounds = 1;   // rounds run (checker/SplitRounds.h)
  std::vector<uint64_t> executionsPerRank;
  /// Rank 0: what each rank's `attach` gave, by rank (rank 0's own included).
  std::vector<std::vector<uint8_t>> attachments;
};

/// The split's units and the ranks as rank 0 sees them while the search runs.
struct UnitsProgress {
  uint64_t claimed = 0; // those a resumed checkpoint holds included
  uint64_t total = 0;   // the split's units
  unsigned ranksDone = 0; // ranks other than 0 whose share has ended: idle until the others end
};

/// Checkpoints of a divided search (distributed/UnitRecord.h): rank 0 writes the units
/// finished so far to `checkpoint` every `every` seconds and when the search ends; a
/// search started with `resume` takes that file's finished units as explored (their statistics
/// added to the result) and explores the rest, on any number of ranks. `fingerprint` names the
/// program and options the file is for.
struct Distribution : CheckpointFiles {
  /// Rank 0's progress, if set (instead of SearchOptions::progress): the sum of every rank's
  /// statistics, each rank's (rank 0's first; a rank not heard from yet has none) and the units.
  std::function<void(const Statistics &sum, const std::vector<Statistics> &ranks,
                     const UnitsProgress &units)>
      progress;
};

/// What a rank adds to its result for rank 0, in bytes the caller reads (the runtime's coverage
/// gaps: the search knows nothing of them). Called once the rank's search has ended.
using Attach = std::function<std::vector<uint8_t>()>;

/// Whether every rank runs the same program with the same options: `fingerprint` (of the
/// input and the command line) compared with rank 0's. Empty if so; else, on rank 0, which
/// ranks differ, and on the others, that this one does.
std::string agreeOnProgram(Cluster &cluster, const std::string &fingerprint);

/// `search` over every rank of `cluster`, each on its own `model` of one program, with the
/// same `options`. On rank 0: the whole search's result (statistics summed, elapsed wall time;
/// the other ranks' errors re-derived on rank 0's model). On the other ranks: their own share,
/// already sent to rank 0 (the caller reports nothing). The observer and options.progress run
/// on each rank for its own executions; rank 0's progress sees the sum of every rank's. A
/// checkpoint that cannot be resumed throws std::runtime_error (on every rank) naming why.
SearchResult exploreDivided(Cluster &cluster, const DivisibleSearch &search, Model &model,
                            const SearchOptions &options, const ExecutionObserver &observer = {},
                            DistributedStatistics *statistics = nullptr,
                            const Attach &attach = {}, const Distribution &distribution = {});

} // namespace bpor::distributed
