// What every parallel search does alike (docs/design.md, "Parallel exploration"): one worker
// thread per model, the observer, isViolation and progress called under one lock, a stop for
// all when one worker stops, and the merge of the workers' results.
#pragma once

#include "checker/Explorer.h"

#include <atomic>
#include <functional>
#include <vector>

namespace bpor {

/// One worker's search: `options` and `observer` are the ones to pass on (they lock).
using WorkerSearch = std::function<SearchResult(size_t worker, Model &model,
                                                const SearchOptions &options,
                                                const ExecutionObserver &observer)>;

/// Runs `search` on every model at once (models[0] on the calling thread). When a worker's
/// search ends incomplete (a limit) or with an error without keepGoing, `cancelled` is set, which every
/// worker's limits check reads (SearchOptions::cancelled), and `onStop` is called. The result:
/// the workers' statistics summed, elapsedSeconds the wall time, the errors of every worker
/// (those of the others re-derived on models[0], so their traces and places are its own; with
/// oneReportPerError, one report per error), complete if no worker stopped.
SearchResult runWorkers(const std::vector<Model *> &models, const SearchOptions &options,
                        const ExecutionObserver &observer, std::atomic<bool> &cancelled,
                        const WorkerSearch &search, const std::function<void()> &onStop = {});

} // namespace bpor
