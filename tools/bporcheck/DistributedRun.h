// bporcheck started by mpirun (docs/user-guide.md, "Running on a cluster"): joining the
// processes, the searches that divide among them, and the search run over them.
#pragma once

#include "tools/bporcheck/Options.h"
#include "tools/bporcheck/Report.h"

#include "distributed/DistributedSearch.h"
#include "runtime/Execution.h"

#include <memory>
#include <string>

namespace bpor::tool {

/// Joins MPI's processes if mpirun started more than one (else `cluster` stays null and the
/// run is a plain one). On a rank other than 0, standard output is silenced and the progress
/// line is off: rank 0 speaks for the run. Returns a message (for the caller to fail with) if
/// the run cannot be distributed: this bporcheck has no MPI plugin, or the mode asked for
/// (SV-COMP, witness validation, --replay, -j) is one process's.
std::string joinCluster(Options &options, std::unique_ptr<distributed::Cluster> &cluster);

/// The search the options name, if it divides among processes: source-DPOR, which the default
/// mode's optimal DPOR becomes (same traces; optimal DPOR's shared wakeup trees stay in one
/// process). Else the message to fail with.
std::string chooseDistributedSearch(Options &options);

/// What every rank must agree on, and what a checkpoint is for: the input's bytes and the
/// command line, less the options that do not change the search tree (limits, checkpoint
/// files, output).
std::string programFingerprint(const Options &options, int argc, char **argv);

/// The search over every rank, each on its `model` (whose runtime is `execution`). On rank 0:
/// `run`'s searchName and extraStatistics describe it (the latter: how it divided, and each
/// rank's executions or states; the stateful search also fills the parts of `run` it fills on
/// one process), and every rank's coverage gaps are added to `execution`'s.
/// `fingerprint` (programFingerprint) names the program in checkpoints; a checkpoint that does
/// not fit throws std::runtime_error.
/// `progress` (rank 0, about once a second): the statistics of all ranks together and a
/// description of each rank's share, for the progress line.
using RankProgress = std::function<void(const Statistics &sum, const std::string &ranks)>;
/// In the default mode, a program whose first execution (the lowest enabled thread at every
/// step) passes through a state twice within its first 10,000 steps is handed to the stateful
/// search over the ranks, as one process hands it over (runSearch); rank 0 says so, and
/// `options` and `run` then name that search.
SearchResult runDistributed(distributed::Cluster &cluster, Model &model, Execution &execution,
                            Options &options, const std::string &fingerprint,
                            SearchOptions search, const ExecutionObserver &observer,
                            const RankProgress &progress, RunDescription &run);

} // namespace bpor::tool
