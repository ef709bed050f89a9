#include "checker/Explorer.h"

#include "checker/Search.h"
#include "checker/engine/ExecutionEnds.h"

#include <algorithm>
#include <fmt/format.h>
#include <stdexcept>

namespace bpor {

const char *porModeName(PorMode mode) {
  switch (mode) {
  case PorMode::None:
    return "none";
  case PorMode::Dpor:
    return "dpor";
  case PorMode::Bpor:
    return "bpor";
  }
  return "?";
}

const char *boundKindName(BoundKind kind) {
  switch (kind) {
  case BoundKind::None:
    return "none";
  case BoundKind::Depth:
    return "depth";
  case BoundKind::Context:
    return "context";
  case BoundKind::Preemption:
    return "preemption";
  case BoundKind::Delta:
    return "delta";
  case BoundKind::Fair:
    return "fair";
  case BoundKind::LocalDepth:
    return "local-depth";
  case BoundKind::LocalContext:
    return "local-context";
  }
  return "?";
}

const char *executionEndName(ExecutionEnd end) {
  switch (end) {
  case ExecutionEnd::Finished:
    return "finished";
  case ExecutionEnd::Infeasible:
    return "infeasible";
  case ExecutionEnd::Error:
    return "error";
  case ExecutionEnd::Deadlock:
    return "deadlock";
  case ExecutionEnd::DepthLimit:
    return "depth limit";
  case ExecutionEnd::SleepSetBlocked:
    return "sleep-set blocked";
  case ExecutionEnd::BoundBlocked:
    return "bound blocked";
  case ExecutionEnd::WaitedInVain:
    return "waited in vain";
  case ExecutionEnd::Cutoff:
    return "cutoff";
  }
  return "?";
}

SearchResult explore(Model &model, const SearchOptions &options) {
  return explore(model, options, ExecutionObserver());
}

static void addStatistics(Statistics &total, const Statistics &round) {
  total.executions += round.executions;
  total.finished += round.finished;
  total.infeasible += round.infeasible;
  total.sleepSetBlocked += round.sleepSetBlocked;
  total.boundBlocked += round.boundBlocked;
  total.waitedInVain += round.waitedInVain;
  total.deadlocks += round.deadlocks;
  total.errors += round.errors;
  total.livelocks += round.livelocks;
  total.depthLimited += round.depthLimited;
  total.states += round.states;
  total.revisits += round.revisits;
  total.steps += round.steps;
  total.prunedByBound += round.prunedByBound;
  total.conservativeBacktrackPoints += round.conservativeBacktrackPoints;
  total.elapsedSeconds += round.elapsedSeconds;
}

// Iterative bounding: bound 0, 1, ..., boundValue; each round is a complete search within its
// bound, so the first error found comes with the smallest bound that exposes it.
static SearchResult exploreIteratively(Model &model, const SearchOptions &options,
                                       const ExecutionObserver &observer) {
  SearchResult total;
  for (uint64_t c = 0; c <= options.boundValue; ++c) {
    SearchOptions round = options;
    round.iterativeBounding = false;
    round.boundValue = c;
    if (options.maxExecutions) {
      if (total.stats.executions >= options.maxExecutions)
        break;
      round.maxExecutions = options.maxExecutions - total.stats.executions;
    }
    if (options.timeLimitSeconds > 0) {
      if (total.stats.elapsedSeconds >= options.timeLimitSeconds)
        break;
      round.timeLimitSeconds = options.timeLimitSeconds - total.stats.elapsedSeconds;
    }
    Statistics before = total.stats;
    if (options.progress)
      round.progress = [&](const Statistics &s) {
        Statistics sum = before;
        addStatistics(sum, s);
        options.progress(sum);
      };
    SearchEngine engine(model, round, &observer);
    SearchResult r = engine.run();
    addStatistics(total.stats, r.stats);
    BoundRound report{c, r.stats, r.complete, r.boundPruned, uint64_t(r.errors.size())};
    total.rounds.push_back(report);
    if (options.onRound)
      options.onRound(report);
    // A complete round reaches every error state of the rounds before it.
    if (r.complete)
      total.errors.clear();
    for (ErrorReport &e : r.errors)
      total.errors.push_back(std::move(e));
    total.complete = r.complete;
    total.boundPruned = r.boundPruned;
    total.limit = r.limit;
    if (!r.complete || (!options.keepGoing && !total.errors.empty()) || !r.boundPruned)
      break;
  }
  return total;
}

void resolveSplitPruning(SearchResult &result) {
  if (result.splitPruning.cutNeeded())
    result.boundPruned = true;
  result.splitPruning = {};
}

SearchResult explore(Model &model, const SearchOptions &options,
                     const ExecutionObserver &observer) {
  if (options.combinedFairBound && options.bound != BoundKind::Context &&
      options.bound != BoundKind::Preemption && options.bound != BoundKind::Delta)
    throw std::invalid_argument(fmt::format(
        "a fair bound combines only with the context, preemption or delta bound, not with {}",
        boundKindName(options.bound)));
  // A divided search walks one tree above its split (SearchSplit): BPOR's depth-first one.
  if (options.split && (options.por != PorMode::Bpor || options.strategy != Strategy::DepthFirst ||
                        options.iterativeBounding))
    throw std::invalid_argument("a split divides depth-first BPOR at one bound only");
  if (options.iterativeBounding && options.bound != BoundKind::None)
    return exploreIteratively(model, options, observer);
  SearchEngine engine(model, options, &observer);
  return engine.run();
}

ReplayResult replay(Model &model, const Schedule &schedule, uint64_t maxDepth,
                    const ReadValues &readValues) {
  ReplayResult result;
  // A schedule with read values is a weak-memory search's, whose steps it replays (compare-
  // and-swap loops stop at their back edges, a condition variable's wait is four steps), and
  // its reads take the values given (the reads-from search's schedules give none).
  bool givenValues = std::any_of(readValues.begin(), readValues.end(),
                                 [](const std::optional<uint64_t> &v) { return v.has_value(); });
  WeakMemorySteps steps(model, !readValues.empty(), givenValues);
  model.restart();
  result.status = model.status();
  for (size_t i = 0; i < schedule.size(); ++i) {
    const ScheduleStep &s = schedule[i];
    auto fail = [&](std::string why) {
      result.followed = false;
      result.problem = fmt::format("step {} (thread {}): {}", i + 1, s.thread, why);
      return result;
    };
    if (result.status != ExecStatus::Running)
      return fail("the execution has already ended");
    if (s.thread >= model.numThreads())
      return fail("no such thread");
    if (!model.isAlive(s.thread))
      return fail("the thread has terminated");
    if (!model.isEnabled(s.thread))
      return fail("the thread is blocked");
    if (s.choice >= model.pending(s.thread).numChoices)
      return fail(fmt::format("choice {} out of range (the operation has {})", s.choice,
                              model.pending(s.thread).numChoices));
    if (i >= maxDepth) {
      result.status = ExecStatus::Error;
      result.error = depthLimitError(s.thread, model.pending(s.thread).location, maxDepth);
      return result;
    }
    if (i < readValues.size() && readValues[i])
      model.setReadValue(s.thread, *readValues[i]);
    result.trace.push_back(model.step(s.thread, s.choice));
    result.status = model.status();
  }
  if (result.status == ExecStatus::Error) {
    result.error = model.error();
    return result;
  }
  if (result.status != ExecStatus::Running)
    return result;
  // The checker's own errors: a deadlock (nothing can run) or a livelock (too deep); neither
  // when a thread stopped at a failed assumption, which makes the execution infeasible.
  ThreadId n = model.numThreads();
  ThreadId anyEnabled = NoThread;
  for (ThreadId u = 0; u < n && anyEnabled == NoThread; ++u)
    if (model.isAlive(u) && model.isEnabled(u))
      anyEnabled = u;
  if ((anyEnabled == NoThread || schedule.size() >= maxDepth) && stoppedByFailedAssume(model)) {
    result.status = ExecStatus::Infeasible;
  } else if (anyEnabled == NoThread) {
    result.status = ExecStatus::Error;
    result.error = deadlockError(model);
  } else if (schedule.size() >= maxDepth) {
    result.status = ExecStatus::Error;
    result.error = depthLimitError(anyEnabled, model.pending(anyEnabled).location, maxDepth);
  }
  return result;
}

} // namespace bpor
