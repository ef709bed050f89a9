#include "checker/parallel/MergeResults.h"

#include <algorithm>

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
/// it). An error the replay does not raise is one the search saw in the whole execution (a data
/// race, a spin forever under a weak model): it keeps its words, and its place is that of the
/// same step on `model` (or where its thread stands there). Kept as found if the replay does not follow the schedule (it always
/// should: models are deterministic).
void rederive(ErrorReport &report, Model &model, uint64_t maxDepth) {
  ReplayResult again = replay(model, report.schedule, maxDepth, report.readValues);
  if (!again.followed)
    return;
  bool raised = again.status == ExecStatus::Error && again.error.kind == report.error.kind;
  bool sameSteps = again.trace.size() == report.trace.size();
  if (!raised && !sameSteps)
    return;
  if (raised) {
    report.error = again.error;
  } else {
    std::optional<uint32_t> location;
    for (size_t i = report.trace.size(); i-- > 0 && !location;)
      if (report.trace[i].location == report.error.location)
        location = again.trace[i].location;
    // Else the error is where its thread stands (a spin that waits).
    ThreadId thread = report.error.thread;
    if (!location && thread < model.numThreads() && model.isAlive(thread))
      location = model.pending(thread).location;
    if (!location)
      return;
    report.error.location = *location;
  }
  // Which write each read read from: the search's knowledge, not the replay's.
  if (sameSteps)
    for (size_t i = 0; i < again.trace.size(); ++i)
      again.trace[i].readFromStep = report.trace[i].readFromStep;
  report.trace = std::move(again.trace);
}

bool sameError(const ErrorInfo &a, const ErrorInfo &b) {
  return a.kind == b.kind && a.location == b.location && a.message == b.message;
}

/// `report` added to `errors`: with oneReportPerError, as one more occurrence of the same
/// error if one is there.
void addReport(std::vector<ErrorReport> &errors, ErrorReport &&report,
               const SearchOptions &options) {
  if (options.oneReportPerError)
    for (ErrorReport &known : errors)
      if (sameError(known.error, report.error)) {
        known.occurrences += report.occurrences;
        return;
      }
  errors.push_back(std::move(report));
}

} // namespace

SearchResult mergeResults(std::vector<SearchResult> &results, Model &first,
                          const SearchOptions &options, bool stopped) {
  SearchResult merged;
  merged.complete = !stopped;
  for (size_t w = 0; w < results.size(); ++w) {
    addStatistics(merged.stats, results[w].stats);
    merged.complete = merged.complete && results[w].complete;
    merged.boundPruned = merged.boundPruned || results[w].boundPruned;
    merged.splitPruning.merge(results[w].splitPruning);
    merged.askedBranches.insert(results[w].askedBranches.begin(),
                                results[w].askedBranches.end());
    // The limit that stopped the search is the one a worker met (the others were cancelled).
    if (merged.limit == SearchLimit::None)
      merged.limit = results[w].limit;
    for (ErrorReport &report : results[w].errors) {
      if (w != 0)
        rederive(report, first, options.maxDepth);
      addReport(merged.errors, std::move(report), options);
    }
  }
  if (!options.keepGoing && merged.errors.size() > 1)
    merged.errors.resize(1);
  resolveSplitPruning(merged);
  return merged;
}

void addRound(SearchResult &total, SearchResult &&round, const SearchOptions &options) {
  double elapsed = total.stats.elapsedSeconds + round.stats.elapsedSeconds;
  addStatistics(total.stats, round.stats);
  total.stats.elapsedSeconds = elapsed;
  total.complete = round.complete;
  total.boundPruned = total.boundPruned || round.boundPruned;
  if (total.limit == SearchLimit::None)
    total.limit = round.limit;
  total.askedBranches = std::move(round.askedBranches);
  for (ErrorReport &report : round.errors)
    addReport(total.errors, std::move(report), options);
  if (!options.keepGoing && total.errors.size() > 1)
    total.errors.resize(1);
}

bool roundStops(const SearchResult &round, const SearchOptions &options) {
  return round.askedBranches.empty() || !round.complete ||
         (!options.keepGoing && !round.errors.empty());
}

SearchOptions nextRoundOptions(const SearchOptions &options, const SearchResult &sofar) {
  SearchOptions next = options;
  if (options.maxExecutions)
    next.maxExecutions = options.maxExecutions > sofar.stats.executions
                             ? options.maxExecutions - sofar.stats.executions
                             : 1;
  if (options.timeLimitSeconds > 0)
    next.timeLimitSeconds = std::max(1e-3, options.timeLimitSeconds - sofar.stats.elapsedSeconds);
  return next;
}

} // namespace bpor
