#include "tests/pipeline/PipelineModes.h"
#include "tests/pipeline/ReferenceStateGraph.h"

#include "checker/StateHash.h"
#include "checker/parallel/PartitionedStateful.h"
#include "tools/bporcheck/ModelFactory.h"

#include <fmt/format.h>

#include <algorithm>

namespace bpor::testing {

bool isTrace(const std::vector<Operation> &events, ExecutionEnd end) {
  // A cutoff of the unfolding search is no trace: a configuration cut short, or one whose
  // execution ended at an event observed on its own (Explorer.h).
  if (end == ExecutionEnd::SleepSetBlocked || end == ExecutionEnd::WaitedInVain ||
      end == ExecutionEnd::Cutoff)
    return false;
  // Nor is a symbolic branch's infeasible side: no input takes it, and the searches stop there
  // wherever the other threads stand (core/Outcome.h).
  return end != ExecutionEnd::Infeasible || events.empty() ||
         !isInfeasibleOutcome(events.back(), ExecStatus::Infeasible);
}

// `into`, when given, is filled as the search goes (an onRound callback may look at it).
ModeResult run(Model &model, const Mode &mode, ModeResult *into) {
  ModeResult local;
  ModeResult &out = into ? *into : local;
  out.name = mode.name;
  SearchOptions search = mode.search;
  search.keepGoing = true;
  ExecutionObserver countLocal = out.local.observer();
  ExecutionObserver observer = [&](const std::vector<Operation> &events, ExecutionEnd end) {
    countLocal(events, end);
    out.longestExecution = std::max<uint64_t>(out.longestExecution, events.size());
    for (const Operation &event : events) {
      out.onlyReadEvents = out.onlyReadEvents || event.onlyRead;
      out.decisions = out.decisions || event.kind == OpKind::Decision;
    }
    uint64_t hash = globalStateHash(events);
    if (!isTrace(events, end))
      return;
    ++out.traces[hash];
    if (end == ExecutionEnd::Deadlock)
      out.deadlock.insert(hash);
  };
  if (mode.unfolding) {
    UnfoldingResult found = exploreUnfolding(model, search, *mode.unfolding, observer);
    out.result = std::move(found.search);
    out.unfolding = found.unfolding;
  } else
    out.result = mode.optimal ? exploreOptimal(model, search, *mode.optimal, observer)
                              : explore(model, search, observer);
  for (const ErrorReport &report : out.result.errors) {
    std::string where =
        report.error.location ? model.describeLocation(report.error.location) : "unknown location";
    out.errors.insert(fmt::format("{} at {}", errorKindName(report.error.kind), where));
  }
  return out;
}

std::string join(const std::set<std::string> &items) {
  std::string text;
  for (const std::string &item : items)
    text += (text.empty() ? "" : "; ") + item;
  return text.empty() ? "none" : text;
}

size_t countMissing(const std::set<uint64_t> &from, const std::set<uint64_t> &in) {
  return std::count_if(from.begin(), from.end(), [&](uint64_t h) { return !in.count(h); });
}

std::string summary(const ModeResult &r) {
  return fmt::format("{}: {} executions ({} sleep-set blocked), complete {}, bound pruned {}, "
                     "{} local states, {} deadlock states, {} distinct traces, errors: {}",
                     r.name, r.result.stats.executions, r.result.stats.sleepSetBlocked,
                     r.result.complete, r.result.boundPruned, r.local.count(), r.deadlock.size(),
                     r.traces.size(), join(r.errors));
}

// Appends a mismatch line if `reduced` did not find what `reference` found.
void compare(const ModeResult &reference, const ModeResult &reduced,
             std::vector<std::string> &mismatches) {
  std::set<uint64_t> a(reference.local.hashes().begin(), reference.local.hashes().end());
  std::set<uint64_t> b(reduced.local.hashes().begin(), reduced.local.hashes().end());
  std::vector<std::string> what;
  if (!reduced.result.complete)
    what.push_back("incomplete");
  if (a != b)
    what.push_back(fmt::format("local states: {} only in {}, {} only in {}", countMissing(a, b),
                               reference.name, countMissing(b, a), reduced.name));
  if (reference.deadlock != reduced.deadlock)
    what.push_back("deadlock states");
  if (reference.errors != reduced.errors)
    what.push_back("errors");
  if (what.empty())
    return;
  std::string text = fmt::format("{} against {}:", reduced.name, reference.name);
  for (const std::string &w : what)
    text += " [" + w + "]";
  mismatches.push_back(
      fmt::format("{}\n    {}\n    {}", text, summary(reference), summary(reduced)));
}

// An unsupported construct, an internal limit or a replay that diverged is a failure of the
// program's run, not a verdict to compare.
void checkRunnable(const ModeResult &r, std::vector<std::string> &mismatches) {
  for (const ErrorReport &report : r.result.errors)
    if (report.error.kind == ErrorKind::Unsupported ||
        report.error.kind == ErrorKind::ResourceLimit) {
      mismatches.push_back(fmt::format("{}: {}: {}", r.name, errorKindName(report.error.kind),
                                       report.error.message));
      return;
    }
}

// The variants every comparison runs: each storage (the bitstate array large enough to miss
// nothing on programs this small).
std::vector<std::pair<std::string, StatefulOptions>> statefulVariants() {
  std::vector<std::pair<std::string, StatefulOptions>> variants(4);
  variants[0].first = "stateful, exact";
  variants[1].first = "stateful, hash compaction";
  variants[1].second.storage = StateStorage::HashCompact;
  variants[2].first = "stateful, bitstate";
  variants[2].second.storage = StateStorage::Bitstate;
  variants[2].second.bitstateLog2 = 26;
  variants[3].first = "stateful, partial-order reduction";
  variants[3].second.partialOrderReduction = true;
  return variants;
}

StatefulRun runStateful(Model &model, StatefulOptions options, uint64_t maxDepth) {
  StatefulRun run;
  SearchOptions search;
  search.keepGoing = true;
  search.maxDepth = maxDepth;
  options.onState = [&](const std::string &key) {
    run.states.insert(std::hash<std::string>()(key));
  };
  run.found = exploreStateful(model, search, options);
  run.reduced = options.partialOrderReduction;
  for (const ErrorReport &report : run.found.search.errors) {
    if (report.error.kind == ErrorKind::Livelock) {
      run.livelock = true;
      continue;
    }
    run.errors.insert(errorText(model, report.error));
  }
  return run;
}

StatefulRun runStatefulPartitioned(const std::vector<Model *> &models, uint64_t shuffleSeed,
                                   StateStorage storage, uint64_t maxDepth) {
  StatefulRun run;
  SearchOptions search;
  search.keepGoing = true;
  search.maxDepth = maxDepth;
  StatefulOptions options;
  options.storage = storage;
  options.bitstateLog2 = 26;
  options.onState = [&](const std::string &key) {
    run.states.insert(std::hash<std::string>()(key));
  };
  run.found = exploreStatefulPartitioned(models, search, options, shuffleSeed);
  for (const ErrorReport &report : run.found.search.errors) {
    if (report.error.kind == ErrorKind::Livelock) {
      run.livelock = true;
      continue;
    }
    run.errors.insert(errorText(*models[0], report.error));
  }
  return run;
}

// Appends a mismatch line naming what `run` found differently from the reference.
void compareStatefulRun(const std::string &name, const StatefulRun &run,
                        const std::string &referenceName, const std::set<uint64_t> &states,
                        const std::set<std::string> &errors, std::optional<bool> livelock,
                        std::vector<std::string> &mismatches) {
  std::vector<std::string> what;
  if (!run.found.search.complete)
    what.push_back("incomplete: " + run.found.incompleteReason);
  // A reduced search explores some of the states, and no others.
  bool subset = run.reduced &&
                std::includes(states.begin(), states.end(), run.states.begin(), run.states.end());
  if (run.states != states && !subset)
    what.push_back(fmt::format("states: {} against {} ({} only in the search, {} only in {})",
                               run.states.size(), states.size(), countMissing(run.states, states),
                               countMissing(states, run.states), referenceName));
  if (run.errors != errors)
    what.push_back(fmt::format("errors: {} against {}", join(run.errors), join(errors)));
  // Bitstate storage has no component analysis.
  if (livelock && run.found.livelocksChecked && run.livelock != *livelock)
    what.push_back(fmt::format("livelock: {} against {}", run.livelock, *livelock));
  if (what.empty())
    return;
  std::string text = fmt::format("{} against {}:", name, referenceName);
  for (const std::string &w : what)
    text += " [" + w + "]";
  mismatches.push_back(text);
}

// The stateful search against exhaustive search: the same states (by key), the same errors
// (kind and place; a deadlock by its presence, since the two name its place differently), no
// livelock (every execution ends), complete; with every storage and with bounded context
// switching at a bound that cuts nothing.
void compareStateful(Model &model, const ModeResult &reference,
                     const std::set<uint64_t> &referenceStates, uint64_t saturating,
                     std::vector<std::string> &mismatches) {
  std::set<std::string> expected;
  for (const ErrorReport &report : reference.result.errors)
    expected.insert(errorText(model, report.error));
  auto variants = statefulVariants();
  variants.emplace_back("stateful, bounded context switching", StatefulOptions());
  variants.back().second.preemptionBound = saturating;
  for (const auto &[name, options] : variants)
    compareStatefulRun(name, runStateful(model, options), reference.name, referenceStates, expected,
                       false, mismatches);
}

Mode unfoldingMode(std::string name, bool cutoffs, unsigned partial) {
  Mode mode{std::move(name), {}, std::nullopt, UnfoldingOptions{}};
  mode.unfolding->cutoffs = cutoffs;
  mode.unfolding->partialAlternatives = partial;
  return mode;
}

// The unfolding search with cutoffs as the stateful search is compared: its errors, and the
// states it passes through (a subset of the reference's: cutoffs leave states out only where a
// smaller configuration reached them).
StatefulRun runUnfoldingWithCutoffs(Model &model) {
  StatefulRun run;
  std::set<uint64_t> keys;
  KeyRecordingModel recording(model, keys);
  SearchOptions search;
  search.keepGoing = true;
  search.maxDepth = 1'000'000;
  run.found.search = exploreUnfolding(recording, search, UnfoldingOptions{}).search;
  if (!run.found.search.complete)
    run.found.incompleteReason = "a limit";
  run.reduced = true;
  run.states = std::move(keys);
  for (const ErrorReport &report : run.found.search.errors)
    run.errors.insert(errorText(model, report.error));
  return run;
}

Mode complete(std::string name, PorMode por) {
  Mode mode{std::move(name), {}, std::nullopt, std::nullopt};
  mode.search.por = por;
  return mode;
}

Mode bounded(std::string name, PorMode por, BoundKind bound, uint64_t value) {
  Mode mode = complete(std::move(name), por);
  mode.search.bound = bound;
  mode.search.boundValue = value;
  return mode;
}

// Best-first search (checker/bestfirst/) ordered by the cost of `bound`, limited to `limit`.
Mode bestFirst(std::string name, PorMode por, BoundKind bound, std::optional<uint64_t> limit,
               BestFirstPriority priority) {
  Mode mode = complete(std::move(name), por);
  mode.search.strategy = Strategy::BestFirst;
  mode.search.bound = bound;
  mode.search.bestFirstLimit = limit;
  mode.search.bestFirstPriority = priority;
  mode.search.seed = 7;
  return mode;
}

} // namespace bpor::testing
