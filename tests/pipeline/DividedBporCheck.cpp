#include "tests/pipeline/DividedBporCheck.h"
#include "tests/pipeline/PipelineModes.h"

#include "checker/StateHash.h"
#include "checker/parallel/DivisibleSearch.h"

#include <fmt/format.h>

#include <map>
#include <mutex>

namespace bpor::testing {
namespace {

/// A run of the divided search: what run() records (for compare()), and every execution by its
/// trace and end, sleep-set-blocked and bound-blocked ones included.
struct DividedRun {
  ModeResult found;
  std::map<std::pair<uint64_t, int>, unsigned> executions;
};

template <typename Explore>
DividedRun record(std::string name, Model &describer, Explore explore) {
  DividedRun out;
  out.found.name = std::move(name);
  ExecutionObserver countLocal = out.found.local.observer();
  std::mutex lock; // exploreDividedInParallel calls the observer under a lock; one worker too
  ExecutionObserver observer = [&](const std::vector<Operation> &events, ExecutionEnd end) {
    std::lock_guard<std::mutex> guard(lock);
    countLocal(events, end);
    uint64_t hash = globalStateHash(events);
    ++out.executions[{hash, int(end)}];
    if (end == ExecutionEnd::SleepSetBlocked)
      return;
    ++out.found.traces[hash];
    if (end == ExecutionEnd::Deadlock)
      out.found.deadlock.insert(hash);
  };
  out.found.result = explore(observer);
  for (const ErrorReport &report : out.found.result.errors) {
    std::string where = report.error.location ? describer.describeLocation(report.error.location)
                                              : "unknown location";
    out.found.errors.insert(fmt::format("{} at {}", errorKindName(report.error.kind), where));
  }
  return out;
}

// Appends a mismatch unless `divided` explored exactly `one`'s executions, with its errors.
void compareExactly(const DividedRun &one, const DividedRun &divided,
                    std::vector<std::string> &mismatches) {
  const Statistics &a = one.found.result.stats, &b = divided.found.result.stats;
  if (one.executions == divided.executions && a.executions == b.executions &&
      a.finished == b.finished && a.sleepSetBlocked == b.sleepSetBlocked &&
      a.boundBlocked == b.boundBlocked && one.found.errors == divided.found.errors &&
      one.found.result.boundPruned == divided.found.result.boundPruned &&
      divided.found.result.complete)
    return;
  uint64_t missing = 0, extra = 0;
  for (const auto &[key, count] : one.executions) {
    auto it = divided.executions.find(key);
    unsigned got = it == divided.executions.end() ? 0 : it->second;
    missing += got < count ? count - got : 0;
  }
  for (const auto &[key, count] : divided.executions) {
    auto it = one.executions.find(key);
    unsigned want = it == one.executions.end() ? 0 : it->second;
    extra += count > want ? count - want : 0;
  }
  mismatches.push_back(fmt::format(
      "{} against {}: {} executions missing, {} extra; executions {} against {}, finished {} "
      "against {}, sleep-set blocked {} against {}, bound blocked {} against {}, bound pruned "
      "{} against {}, complete {}, errors: {} against {}",
      divided.found.name, one.found.name, missing, extra, b.executions, a.executions,
      b.finished, a.finished, b.sleepSetBlocked, a.sleepSetBlocked, b.boundBlocked,
      a.boundBlocked, divided.found.result.boundPruned, one.found.result.boundPruned,
      divided.found.result.complete, join(divided.found.errors), join(one.found.errors)));
}

} // namespace

DividedBporCheck checkDividedBpor(tool::BuiltModel &built, uint64_t maxExecutions,
                                  std::vector<std::string> &mismatches) {
  DividedBporCheck out;
  Model &model = *built.model;
  std::shared_ptr<Execution> second = built.newExecution(), third = built.newExecution();
  std::vector<Model *> two{&model, second.get()}, three{&model, second.get(), third.get()};
  DivisibleSearch bpor = divisibleBpor();
  const std::pair<BoundKind, uint64_t> bounds[] = {{BoundKind::Preemption, 0},
                                                   {BoundKind::Preemption, 1},
                                                   {BoundKind::Preemption, 2},
                                                   {BoundKind::Context, 1},
                                                   {BoundKind::Context, 2}};
  for (auto [kind, value] : bounds) {
    std::string boundName = fmt::format("bpor --{}-bound={}", boundKindName(kind), value);
    Mode alone = bounded(boundName, PorMode::Bpor, kind, value);
    alone.search.maxExecutions = maxExecutions;
    ModeResult single = run(model, alone);
    if (!single.result.complete) {
      ++out.notCompared;
      continue;
    }
    SearchOptions options = alone.search;
    options.keepGoing = true;
    for (size_t depth : {1u, 3u, 6u}) {
      SearchSplit everything;
      everything.depth = depth;
      everything.claim = [](uint64_t, bool, bool, const Statistics &) { return true; };
      DividedRun one = record(fmt::format("{} split at {} on one worker", boundName, depth),
                              model, [&](const ExecutionObserver &observer) {
                                SearchOptions split = options;
                                split.split = &everything;
                                SearchResult result = bpor.explore(model, split, observer);
                                resolveSplitPruning(result); // as the workers' merge does
                                return result;
                              });
      if (!one.found.result.complete) {
        ++out.notCompared;
        continue;
      }
      // The split tree is complete for the bound: what BPOR alone finds.
      compare(single, one.found, mismatches);
      for (const std::vector<Model *> *models : {&two, &three}) {
        ParallelStatistics statistics;
        DividedRun divided = record(
            fmt::format("{} split at {} on {} workers", boundName, depth, models->size()), model,
            [&](const ExecutionObserver &observer) {
              return exploreDividedInParallel(*models, options, observer, &statistics, depth,
                                              bpor, bpor);
            });
        out.divided += statistics.workers > 1;
        compareExactly(one, divided, mismatches);
      }
    }
  }
  return out;
}

} // namespace bpor::testing
