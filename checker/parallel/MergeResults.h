// One result from the results of a search divided among workers (threads of one process, or
// ranks of a distributed run): what every division of the tree merges alike.
#pragma once

#include "checker/Explorer.h"

#include <array>
#include <vector>

namespace bpor {

/// Every counter of Statistics (all but elapsedSeconds), for code that treats them alike.
inline constexpr std::array<uint64_t Statistics::*, 15> StatisticsCounters = {
    &Statistics::executions,      &Statistics::finished,
    &Statistics::infeasible,      &Statistics::sleepSetBlocked,
    &Statistics::boundBlocked,    &Statistics::waitedInVain,    &Statistics::deadlocks,
    &Statistics::errors,          &Statistics::livelocks,
    &Statistics::steps,           &Statistics::prunedByBound,
    &Statistics::conservativeBacktrackPoints,
    &Statistics::states,          &Statistics::revisits,
    &Statistics::depthLimited};
static_assert(sizeof(Statistics) == (StatisticsCounters.size() + 1) * 8,
              "a new counter in Statistics: list it in StatisticsCounters");

/// `into` += `from`, counter by counter (elapsedSeconds apart: the caller knows the wall time).
void addStatistics(Statistics &into, const Statistics &from);
/// `into` -= `from`, counter by counter (what a search did between two reports of it).
void subtractStatistics(Statistics &into, const Statistics &from);

/// The workers' results as one: statistics summed, complete iff no worker was stopped
/// (`stopped`: one worker's error or limit stopped the others) and each completed, the limit
/// the first stopped worker met, and the errors of every worker, those of results[1...]
/// re-derived on `first` (the model results[0] ran on, so that every trace and place is its
/// own; with oneReportPerError one report per error). elapsedSeconds is left 0.
SearchResult mergeResults(std::vector<SearchResult> &results, Model &first,
                          const SearchOptions &options, bool stopped);

/// The rounds of a divided source-DPOR search (checker/SplitRounds.h): `round`'s result added
/// to `total`, the results of the rounds before it (statistics and wall time summed, errors
/// appended; complete and askedBranches are the round's).
void addRound(SearchResult &total, SearchResult &&round, const SearchOptions &options);
/// Whether no round follows `round`: it asked for no branch, or it stopped (a limit, or an
/// error without keepGoing).
bool roundStops(const SearchResult &round, const SearchOptions &options);
/// `options` for the next round: the executions and time the rounds so far used taken from
/// their limits.
SearchOptions nextRoundOptions(const SearchOptions &options, const SearchResult &sofar);

} // namespace bpor
