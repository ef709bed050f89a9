#include "checker/parallel/MergeResults.h"

namespace bpor {

void addStatistics(Statistics &into, const Statistics &from) {
  for (uint64_t Statistics::*counter : StatisticsCounters)
    into.*counter += from.*counter;
}

void subtractStatistics(Statistics &into, const Statistics &from) {
  for (uint64_t Statistics::*counter : StatisticsCounters)
    into.*counter -= from.*counter;
}

namespace {

/// An error another worker found, described by `model`: replayed there, so that its trace and
/// the places it names are that model's (an assertion's file is interned by the model that read
/// it). Kept as found if the replay does not reach it (it always should: models are
/// deterministic).
void rederive(ErrorReport &report, Model &model, uint64_t maxDepth) {
  ReplayResult again = replay(model, report.schedule, maxDepth);
  if (!again.followed || again.status != ExecStatus::Error ||
      again.error.kind != report.error.kind)
    return;
  report.error = again.error;
  report.trace = std::move(again.trace);
}

bool sameError(const ErrorInfo &a, const ErrorInfo &b) {
  return a.kind == b.kind && a.location == b.location && a.message == b.message;
}

} // namespace

SearchResult mergeResults(std::vector<SearchResult> &results, Model &first,
                          const SearchOptions &options, bool stopped) {
  SearchResult merged;
  merged.complete = !stopped;
  for (size_t w = 0; w < results.size(); ++w) {
    addStatistics(merged.stats, results[w].stats);
    merged.complete = merged.complete && results[w].complete;
    // The limit that stopped the search is the one a worker met (the others were cancelled).
    if (merged.limit == SearchLimit::None)
      merged.limit = results[w].limit;
    for (ErrorReport &report : results[w].errors) {
      if (w != 0)
        rederive(report, first, options.maxDepth);
      bool merge = false;
      if (options.oneReportPerError)
        for (ErrorReport &known : merged.errors)
          if (sameError(known.error, report.error)) {
            known.occurrences += report.occurrences;
            merge = true;
            break;
          }
      if (!merge)
        merged.errors.push_back(std::move(report));
    }
  }
  if (!options.keepGoing && merged.errors.size() > 1)
    merged.errors.resize(1);
  return merged;
}

} // namespace bpor
