#include "tests/pipeline/PipelineValidation.h"
#include "tests/pipeline/CompileProgram.h"
#include "tests/pipeline/ReferenceStateGraph.h"

#include "checker/StateHash.h"
#include "checker/optimal/OptimalExplorer.h"
#include "checker/stateful/StatefulSearch.h"
#include "checker/symmetry/SymmetricModel.h"
#include "checker/unfolding/UnfoldingExplorer.h"
#include "tools/bporcheck/LocalStateCounter.h"
#include "tools/bporcheck/ModelFactory.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace bpor::testing {
namespace {

/// What one search found, in the terms the modes are compared in.
struct ModeResult {
  std::string name;
  SearchResult result;
  UnfoldingStatistics unfolding; // the unfolding search's own counts
  tool::LocalStateCounter local;
  std::set<uint64_t> deadlock;         // global state hashes of deadlocked executions
  std::map<uint64_t, unsigned> traces; // global hash of each execution not sleep-set blocked
  std::set<std::string> errors;        // "kind at file:line"
  uint64_t longestExecution = 0;       // visible steps

  unsigned duplicateTraces() const {
    unsigned n = 0;
    for (const auto &[hash, count] : traces)
      n += count - 1;
    return n;
  }
};

struct Mode {
  std::string name;
  SearchOptions search;
  std::optional<OptimalVariant> optimal;
  std::optional<UnfoldingOptions> unfolding = std::nullopt;
};

// `into`, when given, is filled as the search goes (an onRound callback may look at it).
ModeResult run(Model &model, const Mode &mode, ModeResult *into = nullptr) {
  ModeResult local;
  ModeResult &out = into ? *into : local;
  out.name = mode.name;
  SearchOptions search = mode.search;
  search.keepGoing = true;
  ExecutionObserver countLocal = out.local.observer();
  ExecutionObserver observer = [&](const std::vector<Operation> &events, ExecutionEnd end) {
    countLocal(events, end);
    out.longestExecution = std::max<uint64_t>(out.longestExecution, events.size());
    if (end == ExecutionEnd::SleepSetBlocked)
      return;
    uint64_t hash = globalStateHash(events);
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

// A Model that passes everything to another and notes the key of every state in which the
// execution goes on (running, some thread enabled): the states the exhaustive search reaches,
// which the stateful search must reach too (and no others).
class KeyRecordingModel final : public Model {
public:
  KeyRecordingModel(Model &inner, std::set<uint64_t> &keys) : inner_(inner), keys_(keys) {}
  void restart() override {
    inner_.restart();
    note();
  }
  ThreadId numThreads() const override { return inner_.numThreads(); }
  bool isAlive(ThreadId t) const override { return inner_.isAlive(t); }
  bool isEnabled(ThreadId t) const override { return inner_.isEnabled(t); }
  const Operation &pending(ThreadId t) const override { return inner_.pending(t); }
  const Operation &step(ThreadId t, uint32_t choice) override {
    const Operation &event = inner_.step(t, choice);
    note();
    return event;
  }
  ExecStatus status() const override { return inner_.status(); }
  const ErrorInfo &error() const override { return inner_.error(); }
  std::unique_ptr<ModelCheckpoint> checkpoint() const override { return inner_.checkpoint(); }
  bool checkpointInto(ModelCheckpoint &into) const override { return inner_.checkpointInto(into); }
  void restore(const ModelCheckpoint &saved) override { inner_.restore(saved); }
  bool stateKey(std::string &key) const override { return inner_.stateKey(key); }
  SourceLocation sourceLocation(uint32_t location) const override {
    return inner_.sourceLocation(location);
  }
  std::string describeAddress(uint64_t address) const override {
    return inner_.describeAddress(address);
  }

private:
  void note() {
    if (inner_.status() != ExecStatus::Running)
      return;
    for (ThreadId t = 0; t < inner_.numThreads(); ++t)
      if (inner_.isEnabled(t)) {
        if (inner_.stateKey(key_))
          keys_.insert(std::hash<std::string>()(key_));
        return;
      }
  }
  Model &inner_;
  std::set<uint64_t> &keys_;
  std::string key_;
};

// What one run of the stateful search found, in the terms it is compared in.
struct StatefulRun {
  StatefulResult found;
  std::set<uint64_t> states;    // hashes of the keys of the states it explored
  std::set<std::string> errors; // "kind at file:line", a deadlock as "deadlock"; no livelocks
  bool livelock = false;
  bool reduced = false; // partial-order reduction: may explore a subset of the states
};

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

StatefulRun runStateful(Model &model, StatefulOptions options, uint64_t maxDepth = 1'000'000) {
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

// Appends a mismatch line naming what `run` found differently from the reference.
void compareStatefulRun(const std::string &name, const StatefulRun &run,
                        const std::string &referenceName, const std::set<uint64_t> &states,
                        const std::set<std::string> &errors, std::optional<bool> livelock,
                        std::vector<std::string> &mismatches) {
  std::vector<std::string> what;
  if (!run.found.search.complete)
    what.push_back("incomplete: " + run.found.incompleteReason);
  // A reduced search explores some of the states, and no others.
  bool subset =
      run.reduced && std::includes(states.begin(), states.end(), run.states.begin(), run.states.end());
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
    compareStatefulRun(name, runStateful(model, options), reference.name, referenceStates,
                       expected, false, mismatches);
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
               BestFirstPriority priority = BestFirstPriority::Cost) {
  Mode mode = complete(std::move(name), por);
  mode.search.strategy = Strategy::BestFirst;
  mode.search.bound = bound;
  mode.search.bestFirstLimit = limit;
  mode.search.bestFirstPriority = priority;
  mode.search.seed = 7;
  return mode;
}

} // namespace

/// Runs the exhaustive reference of a check; false (the check is done: a mismatch, or skipped
/// when the reference is too big or has an execution longer than the depth limit) or true.
bool runReference(Model &model, const Mode &mode, PipelineCheck &check, ModeResult &reference) {
  reference = run(model, mode);
  checkRunnable(reference, check.mismatches);
  check.referenceExecutions = reference.result.stats.executions;
  if (!check.mismatches.empty())
    return false;
  if (!reference.result.complete || reference.result.stats.depthLimited) {
    check.skipped = true;
    return false;
  }
  return true;
}

/// The reference of the nondet checks: optimal DPOR with every value of the char-sized input
/// enumerated.
Mode enumeratedReference(const PipelineCheckOptions &options) {
  Mode reference = {"optimal, enumerated", {}, OptimalVariant::Optimal};
  reference.search.maxExecutions = options.maxReferenceExecutions * 20;
  return reference;
}

PipelineCheck checkSymbolicProgram(const CProgram &program, const PipelineCheckOptions &options) {
  PipelineCheck check;
  llvm::LLVMContext context;
  // The reference enumerates every value of the type; the classes model draws one value of
  // each class of values the program only compares with constants (passes/NondetDomain.h).
  tool::ModelConfig enumerated;
  enumerated.enumerateSmallNondet = true;
  enumerated.nondetClasses = false;
  tool::ModelConfig symbolicConfig;
  symbolicConfig.symbolicNondet = true;
  tool::ModelConfig classesConfig;
  classesConfig.enumerateSmallNondet = true;
  std::vector<tool::BuiltModel> built =
      compile(program, context, {enumerated, symbolicConfig, classesConfig}, check.mismatches);
  if (!check.mismatches.empty())
    return check;
  tool::BuiltModel &values = built[0], &symbolic = built[1], &classes = built[2];

  Mode reference = enumeratedReference(options);
  ModeResult expected;
  if (!runReference(*values.model, reference, check, expected))
    return check;
  Mode byClasses = {"optimal, value classes", {}, OptimalVariant::Optimal};
  ModeResult classified = run(*classes.model, byClasses);
  std::vector<std::string> classMismatches;
  checkRunnable(classified, classMismatches);
  if (!classified.result.complete || classified.errors != expected.errors)
    classMismatches.push_back(fmt::format("{} against {}:\n    {}\n    {}", byClasses.name,
                                          reference.name, summary(expected),
                                          summary(classified)));
  Mode exhaustive = complete("exhaustive, symbolic", PorMode::None);
  exhaustive.search.maxExecutions = options.maxReferenceExecutions;
  std::vector<Mode> modes = {exhaustive,
                             complete("dpor, symbolic", PorMode::Dpor),
                             {"source, symbolic", {}, OptimalVariant::Source},
                             {"optimal, symbolic", {}, OptimalVariant::Optimal}};
  uint64_t saturating = 0;
  for (const Mode &mode : modes) {
    ModeResult found = run(*symbolic.model, mode);
    checkRunnable(found, check.mismatches);
    saturating = std::max(saturating, found.longestExecution + 1);
    if (mode.name.starts_with("exhaustive") && !found.result.complete) {
      check.skipped = true; // too big for the exhaustive symbolic search: compare the others
      continue;
    }
    if (!found.result.complete || found.errors != expected.errors)
      check.mismatches.push_back(fmt::format("{} against {}:\n    {}\n    {}", mode.name,
                                             reference.name, summary(expected), summary(found)));
  }
  Mode bpor = bounded(fmt::format("bpor --preemptions={}, symbolic", saturating), PorMode::Bpor,
                      BoundKind::Preemption, saturating);
  ModeResult found = run(*symbolic.model, bpor);
  checkRunnable(found, check.mismatches);
  if (!found.result.complete || found.errors != expected.errors)
    check.mismatches.push_back(fmt::format("{} against {}:\n    {}\n    {}", bpor.name,
                                           reference.name, summary(expected), summary(found)));
  check.skipped = false;
  // A value fixed to one value (an array index: docs/design.md, "Symbolic data") leaves the
  // symbolic search incomplete, so it may miss errors: such a program is not a check.
  if (symbolic.execution->coverageGaps().concretisedTotal()) {
    check.skipped = true;
    check.mismatches.clear();
  }
  // The classes model draws plain values: its check holds whatever the symbolic search fixed.
  check.mismatches.insert(check.mismatches.end(), classMismatches.begin(), classMismatches.end());
  return check;
}

PipelineCheck checkLoopAbstraction(const CProgram &program, const PipelineCheckOptions &options) {
  PipelineCheck check;
  llvm::LLVMContext context;
  tool::ModelConfig enumerated;
  enumerated.enumerateSmallNondet = true;
  enumerated.nondetClasses = false;
  tool::ModelConfig abstractConfig;
  abstractConfig.symbolicNondet = true;
  abstractConfig.abstractLoops = true;
  std::vector<tool::BuiltModel> built =
      compile(program, context, {enumerated, abstractConfig}, check.mismatches);
  if (!check.mismatches.empty())
    return check;
  tool::BuiltModel &values = built[0], &abstracted = built[1];
  check.abstractedLoops = abstracted.abstractedLoops;

  Mode reference = enumeratedReference(options);
  ModeResult expected;
  if (!runReference(*values.model, reference, check, expected))
    return check;
  Mode overApproximated = {"optimal, symbolic, loops abstracted", {}, OptimalVariant::Optimal};
  overApproximated.search.maxExecutions = options.maxReferenceExecutions * 20;
  ModeResult found = run(*abstracted.model, overApproximated);
  checkRunnable(found, check.mismatches);
  // Fixing a value to one (an address) leaves the search incomplete: no check then.
  if (!found.result.complete || abstracted.execution->coverageGaps().concretisedTotal()) {
    check.skipped = true;
    return check;
  }
  if (!std::includes(found.errors.begin(), found.errors.end(), expected.errors.begin(),
                     expected.errors.end()))
    check.mismatches.push_back(fmt::format("{} misses errors of {}:\n    {}\n    {}",
                                           overApproximated.name, reference.name,
                                           summary(expected), summary(found)));
  return check;
}


PipelineCheck checkRaceProgram(const CProgram &program, const PipelineCheckOptions &options) {
  PipelineCheck check;
  llvm::LLVMContext context;
  tool::ModelConfig config;
  config.nondetValues =
      program.nondetValues.empty() ? std::vector<int64_t>{-1, 0, 1} : program.nondetValues;
  config.raceDetection = RaceDetection::HappensBefore;
  tool::ModelConfig coEnabled = config;
  coEnabled.raceDetection = RaceDetection::CoEnabled;
  std::vector<tool::BuiltModel> built =
      compile(program, context, {config, coEnabled}, check.mismatches);
  if (!check.mismatches.empty())
    return check;
  Model &model = *built[0].model;
  auto racy = [](const SearchResult &r) {
    return std::any_of(r.errors.begin(), r.errors.end(),
                       [](const ErrorReport &e) { return e.error.kind == ErrorKind::DataRace; });
  };
  // Only races are compared: any other error just ends its execution.
  auto onlyRaces = [](Mode mode) {
    mode.search.isViolation = [](const ErrorInfo &e) { return e.kind == ErrorKind::DataRace; };
    return mode;
  };
  Mode exhaustive = onlyRaces(complete("exhaustive", PorMode::None));
  exhaustive.search.maxExecutions = options.maxReferenceExecutions;
  ModeResult reference;
  if (!runReference(model, exhaustive, check, reference))
    return check;
  uint64_t saturating = reference.longestExecution + 1;
  std::vector<Mode> modes = {complete("dpor", PorMode::Dpor),
                             {"source", {}, OptimalVariant::Source},
                             {"optimal", {}, OptimalVariant::Optimal},
                             bounded(fmt::format("bpor --preemptions={}", saturating),
                                     PorMode::Bpor, BoundKind::Preemption, saturating)};
  auto compareWith = [&](const std::string &name, const SearchResult &found) {
    // A search may stop at the race it finds; one that finds none must have finished.
    if (racy(found) != racy(reference.result) || (!racy(found) && !found.complete))
      check.mismatches.push_back(fmt::format("{} against {}: race {} / {}, complete {}", name,
                                             reference.name, racy(reference.result),
                                             racy(found), found.complete));
  };
  // Every search with vector clocks, and with the co-enabled check (which the stateful search
  // uses, its states keeping their keys).
  Model &coModel = *built[1].model;
  for (const Mode &mode : modes) {
    ModeResult reduced = run(model, onlyRaces(mode));
    checkRunnable(reduced, check.mismatches);
    compareWith(mode.name, reduced.result);
    ModeResult co = run(coModel, onlyRaces(mode));
    checkRunnable(co, check.mismatches);
    compareWith(mode.name + ", co-enabled", co.result);
  }
  SearchOptions stateful = onlyRaces(complete("stateful", PorMode::None)).search;
  compareWith("stateful, co-enabled", exploreStateful(coModel, stateful, StatefulOptions{}).search);
  return check;
}

// A generated program's model: plain nondet values, the program's own domain if it has one.
PipelineCheck checkProgram(const CProgram &program, uint64_t seed,
                           const PipelineCheckOptions &options) {
  PipelineCheck check;
  llvm::LLVMContext context;
  std::vector<tool::BuiltModel> built =
      compile(program, context, {valuesConfig(program)}, check.mismatches);
  if (!check.mismatches.empty())
    return check;
  Model &model = *built[0].model;

  Mode exhaustive = complete("exhaustive", PorMode::None);
  exhaustive.search.maxExecutions = options.maxReferenceExecutions;
  std::set<uint64_t> referenceStates;
  KeyRecordingModel recording(model, referenceStates);
  ModeResult reference;
  if (!runReference(recording, exhaustive, check, reference))
    return check;

  // A bound at least the longest execution's length cuts nothing, whichever bound it is.
  uint64_t saturating = reference.longestExecution + 1;
  std::vector<Mode> modes = {complete("dpor", PorMode::Dpor),
                             {"source", {}, OptimalVariant::Source},
                             {"optimal", {}, OptimalVariant::Optimal},
                             unfoldingMode("unfolding", false, 0),
                             unfoldingMode("unfolding, 1-partial alternatives", false, 1)};
  const std::pair<const char *, BoundKind> bounds[] = {{"preemptions", BoundKind::Preemption},
                                                       {"contexts", BoundKind::Context},
                                                       {"delta", BoundKind::Delta},
                                                       {"fair", BoundKind::Fair}};
  for (const auto &[name, kind] : bounds)
    modes.push_back(
        bounded(fmt::format("bpor --{}={}", name, saturating), PorMode::Bpor, kind, saturating));
  // Returning to states by restoring the Execution's checkpoints (checker/engine/StateRestorer.h)
  // in every state, where the default policy mostly replays these small programs.
  Mode everyState = complete("dpor, a checkpoint in every state", PorMode::Dpor);
  everyState.search.checkpoints = CheckpointPolicy::EveryState;
  modes.push_back(everyState);
  everyState = bounded(fmt::format("bpor --preemptions={}, a checkpoint in every state",
                                   saturating),
                       PorMode::Bpor, BoundKind::Preemption, saturating);
  everyState.search.checkpoints = CheckpointPolicy::EveryState;
  modes.push_back(everyState);
  everyState = {"optimal, a checkpoint in every state", {}, OptimalVariant::Optimal};
  everyState.search.checkpoints = CheckpointPolicy::EveryState;
  modes.push_back(everyState);
  modes.push_back(bestFirst("best-first bpor", PorMode::Bpor, BoundKind::Preemption, {}));
  modes.push_back(bestFirst("best-first dpor", PorMode::Dpor, BoundKind::Preemption, {}));
  modes.push_back(bestFirst("best-first bpor, random order", PorMode::Bpor, BoundKind::Preemption,
                            {}, BestFirstPriority::Random));
  for (const Mode &mode : modes) {
    ModeResult reduced = run(model, mode);
    checkRunnable(reduced, check.mismatches);
    compare(reference, reduced, check.mismatches);
    if (mode.optimal == OptimalVariant::Optimal) {
      uint64_t explored = reduced.result.stats.executions - reduced.result.stats.sleepSetBlocked;
      if (explored != reference.traces.size() || reduced.duplicateTraces() ||
          reduced.result.stats.sleepSetBlocked)
        check.mismatches.push_back(fmt::format(
            "optimal explored {} executions ({} sleep-set blocked, {} with a trace explored "
            "before), exhaustive search has {} distinct traces",
            reduced.result.stats.executions, reduced.result.stats.sleepSetBlocked,
            reduced.duplicateTraces(), reference.traces.size()));
    }
    // Without events that end an execution early (an error, a failed assumption, exit()
    // while threads run) or atomic blocks of unknown footprint (docs/unfolding.md), the
    // maximal configurations are the traces.
    bool endsEarly = reference.result.stats.errors != reference.result.stats.deadlocks ||
                     reference.result.stats.infeasible != 0;
    if (mode.unfolding && !mode.unfolding->partialAlternatives && !endsEarly &&
        !reduced.unfolding.globalEvents &&
        (reduced.result.stats.executions != reference.traces.size() ||
         reduced.duplicateTraces() || reduced.result.stats.sleepSetBlocked))
      check.mismatches.push_back(fmt::format(
          "{} explored {} executions ({} sleep-set blocked, {} with a trace explored before), "
          "exhaustive search has {} distinct traces",
          mode.name, reduced.result.stats.executions, reduced.result.stats.sleepSetBlocked,
          reduced.duplicateTraces(), reference.traces.size()));
  }

  compareStateful(model, reference, referenceStates, saturating, check.mismatches);
  std::set<std::string> referenceErrors;
  for (const ErrorReport &report : reference.result.errors)
    referenceErrors.insert(errorText(model, report.error));
  compareStatefulRun("unfolding, cutoffs", runUnfoldingWithCutoffs(model), reference.name,
                     referenceStates, referenceErrors, std::nullopt, check.mismatches);

  // A small bound against plain bounded search with the same bound.
  const auto &[name, kind] = bounds[seed % 3];
  uint64_t value = (seed / 3) % 3;
  ModeResult plain =
      run(model, bounded(fmt::format("none --{}={}", name, value), PorMode::None, kind, value));
  ModeResult bpor =
      run(model, bounded(fmt::format("bpor --{}={}", name, value), PorMode::Bpor, kind, value));
  checkRunnable(plain, check.mismatches);
  checkRunnable(bpor, check.mismatches);
  compare(plain, bpor, check.mismatches);

  // Best-first BPOR within the same bound reaches what plain bounded search does; unlimited, by
  // the time it reports the level `value` complete it has reached all of it too.
  ModeResult limited = run(model, bestFirst(fmt::format("best-first bpor --{}={}", name, value),
                                            PorMode::Bpor, kind, value));
  checkRunnable(limited, check.mismatches);
  compare(plain, limited, check.mismatches);
  Mode levels = bestFirst(fmt::format("best-first bpor, {} levels", name), PorMode::Bpor, kind, {});
  std::set<uint64_t> atLevel;
  bool levelReached = false;
  ModeResult unlimited;
  levels.search.onRound = [&](const BoundRound &round) {
    if (round.bound == value && !levelReached) {
      levelReached = true;
      atLevel.insert(unlimited.local.hashes().begin(), unlimited.local.hashes().end());
    }
  };
  unlimited = run(model, levels, &unlimited);
  checkRunnable(unlimited, check.mismatches);
  if (!levelReached && unlimited.result.complete) { // every schedule costs less than `value`
    levelReached = true;
    atLevel.insert(unlimited.local.hashes().begin(), unlimited.local.hashes().end());
  }
  std::set<uint64_t> within(plain.local.hashes().begin(), plain.local.hashes().end());
  if (!levelReached || countMissing(within, atLevel) != 0)
    check.mismatches.push_back(fmt::format(
        "best-first bpor reported level {} ({}) with {} of the {} local states plain bounded "
        "search reaches within it",
        value, levelReached ? "reached" : "never reached", within.size() - countMissing(within, atLevel),
        within.size()));
  return check;
}

// Whether the whole state graph can serve as the reference: complete, and nothing in it the
// runtime does not support (noted as a mismatch); a graph too large skips the program.
static bool usableReference(const ReferenceGraph &reference, PipelineCheck &check) {
  check.referenceExecutions = reference.states.size();
  for (const std::string &error : reference.errors)
    if (error.starts_with("unsupported") || error.starts_with("resource limit"))
      check.mismatches.push_back("the reference met: " + error);
  if (!reference.complete || !check.mismatches.empty()) {
    check.skipped = check.mismatches.empty();
    return false;
  }
  return true;
}

PipelineCheck checkSpinningProgram(const CProgram &program, size_t maxReferenceStates) {
  PipelineCheck check;
  llvm::LLVMContext context;
  std::vector<tool::BuiltModel> built =
      compile(program, context, {valuesConfig(program)}, check.mismatches);
  if (!check.mismatches.empty())
    return check;
  Model &model = *built[0].model;
  ReferenceGraph reference = exploreReferenceGraph(model, maxReferenceStates);
  if (!usableReference(reference, check))
    return check;
  for (const auto &[name, options] : statefulVariants())
    compareStatefulRun(name, runStateful(model, options), "the state graph", reference.states,
                       reference.errors, reference.livelock, check.mismatches);
  // The unfolding search with cutoffs terminates on these programs and finds every error; it
  // does not look for livelocks.
  compareStatefulRun("unfolding, cutoffs", runUnfoldingWithCutoffs(model), "the state graph",
                     reference.states, reference.errors, std::nullopt, check.mismatches);
  return check;
}

PipelineCheck checkSymmetricProgram(const CProgram &program, size_t maxReferenceStates) {
  PipelineCheck check;
  llvm::LLVMContext context;
  std::vector<tool::BuiltModel> built =
      compile(program, context, {valuesConfig(program)}, check.mismatches);
  if (!check.mismatches.empty())
    return check;
  Model &model = *built[0].model;
  Execution &execution = *built[0].execution;
  ReferenceGraph reference = exploreReferenceGraph(model, maxReferenceStates);
  if (!usableReference(reference, check))
    return check;
  for (unsigned threshold : {0u, 1u, 2u}) {
    SymmetricModel symmetric(model, execution, threshold);
    // The abstraction need not terminate where threads add to a shared counter (each twin
    // adds one more): it is compared only where it ends within a small memory limit and depth.
    StatefulOptions limited;
    if (threshold != 0)
      limited.memoryLimitBytes = 2 << 20;
    StatefulRun run = runStateful(symmetric, limited, threshold != 0 ? 2000 : 1'000'000);
    if (threshold != 0 && !run.found.search.complete)
      continue;
    std::string name = threshold == 0 ? "symmetry reduction"
                                      : fmt::format("counter abstraction, threshold {}", threshold);
    std::vector<std::string> what;
    if (!run.found.search.complete)
      what.push_back("incomplete: " + run.found.incompleteReason);
    // The abstraction's twins add threads: only exact symmetry is bounded by the graph.
    if (threshold == 0 && run.states.size() > reference.states.size())
      what.push_back(fmt::format("{} states, more than the {} of the state graph",
                                 run.states.size(), reference.states.size()));
    // Exact symmetry finds exactly the program's errors; the abstraction at least those.
    bool errorsAgree = threshold == 0 ? run.errors == reference.errors
                                      : std::includes(run.errors.begin(), run.errors.end(),
                                                      reference.errors.begin(),
                                                      reference.errors.end());
    if (!errorsAgree)
      what.push_back(
          fmt::format("errors: {} against {}", join(run.errors), join(reference.errors)));
    // Where nothing was dropped, an error's schedule renamed back replays on the program.
    for (const ErrorReport &report : run.found.search.errors) {
      std::vector<std::pair<ThreadId, uint32_t>> steps;
      for (const ScheduleStep &step : report.schedule)
        steps.emplace_back(step.thread, step.choice);
      auto renamed = symmetric.programSchedule(steps);
      if (!renamed) {
        if (threshold == 0)
          what.push_back("no program schedule for " + errorText(model, report.error));
        continue;
      }
      model.restart();
      for (const auto &[thread, choice] : *renamed)
        model.step(thread, choice);
      if (model.status() != ExecStatus::Error ||
          errorText(model, model.error()) != errorText(model, report.error))
        what.push_back("the renamed schedule of " + errorText(model, report.error) +
                       " does not replay");
    }
    if (what.empty())
      continue;
    std::string text = name + " against the state graph:";
    for (const std::string &w : what)
      text += " [" + w + "]";
    check.mismatches.push_back(text);
  }
  return check;
}

} // namespace bpor::testing
