#include "tests/pipeline/PipelineValidation.h"
#include "tests/pipeline/CompileProgram.h"
#include "tests/pipeline/PipelineModes.h"
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
#include <tuple>

namespace bpor::testing {

/// Runs the exhaustive reference of a check; false (the check is done: a mismatch, or skipped
/// when the reference is too big or has an execution longer than the depth limit) or true.
bool runReference(Model &model, const Mode &mode, PipelineCheck &check, ModeResult &reference) {
  reference = run(model, mode);
  checkRunnable(reference, check.mismatches);
  check.referenceExecutions = reference.result.stats.executions;
  check.onlyReadEvents = reference.onlyReadEvents;
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
  // each class of values the program only compares with constants (passes/NondetDomain.h), or
  // the values its assumption allows (passes/AssumedValues.h). abort() stops its thread
  // silently in all three, as SV-COMP's properties have it.
  ModelConfig enumerated;
  enumerated.enumerateSmallNondet = true;
  enumerated.nondetClasses = false;
  enumerated.abortStopsThread = true;
  ModelConfig symbolicConfig;
  symbolicConfig.symbolicNondet = true;
  symbolicConfig.abortStopsThread = true;
  ModelConfig classesConfig;
  classesConfig.enumerateSmallNondet = true;
  classesConfig.abortStopsThread = true;
  classesConfig.abortIsNoViolation = true;
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
    check.concretised = true;
    check.mismatches.clear();
  }
  // The classes model draws plain values: its check holds whatever the symbolic search fixed.
  check.mismatches.insert(check.mismatches.end(), classMismatches.begin(), classMismatches.end());
  return check;
}

PipelineCheck checkLoopAbstraction(const CProgram &program, const PipelineCheckOptions &options) {
  PipelineCheck check;
  llvm::LLVMContext context;
  ModelConfig enumerated;
  enumerated.enumerateSmallNondet = true;
  enumerated.nondetClasses = false;
  ModelConfig abstractConfig;
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
  ModelConfig config;
  config.nondetValues =
      program.nondetValues.empty() ? std::vector<int64_t>{-1, 0, 1} : program.nondetValues;
  config.raceDetection = RaceDetection::HappensBefore;
  ModelConfig coEnabled = config;
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
    // Its events are pending operations (an unconditional independence), in which a
    // compare-and-swap or trylock that failed still writes: with such events it explores
    // every trace, some of them more than once (orders of failed ones, which commute).
    bool endsEarly = reference.result.stats.errors != reference.result.stats.deadlocks ||
                     reference.result.stats.infeasible != 0;
    bool onlyOnce = !reference.onlyReadEvents;
    std::set<uint64_t> referenceTraces, reducedTraces;
    for (const auto &[hash, count] : reference.traces)
      referenceTraces.insert(hash);
    for (const auto &[hash, count] : reduced.traces)
      reducedTraces.insert(hash);
    if (mode.unfolding && !mode.unfolding->partialAlternatives && !endsEarly &&
        !reduced.unfolding.globalEvents &&
        ((onlyOnce ? reduced.result.stats.executions != reference.traces.size() ||
                         reduced.duplicateTraces()
                   : reducedTraces != referenceTraces) ||
         reduced.result.stats.sleepSetBlocked))
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
  check.livelock = reference.livelock;
  StatefulRun exact;
  for (const auto &[name, options] : statefulVariants()) {
    StatefulRun run = runStateful(model, options);
    compareStatefulRun(name, run, "the state graph", reference.states, reference.errors,
                       reference.livelock, check.mismatches);
    if (name == "stateful, exact")
      exact = std::move(run);
  }
  // The visited set partitioned among 3 models (distributed/DistributedStateful.h's search, its
  // messages reordered): the same states, errors, livelock and ends of executions as one
  // search. A livelock is an execution: one per component of the state graph holding a fair
  // cycle, in both.
  std::shared_ptr<Execution> second = built[0].newExecution(), third = built[0].newExecution();
  StatefulRun partitioned =
      runStatefulPartitioned({&model, second.get(), third.get()},
                             std::hash<std::string>()(program.source) | 1);
  compareStatefulRun("stateful, 3 partitions", partitioned, "the state graph", reference.states,
                     reference.errors, reference.livelock, check.mismatches);
  if (!partitioned.found.livelocksChecked)
    check.mismatches.push_back("stateful, 3 partitions: livelocks not checked");
  const Statistics &one = exact.found.search.stats, &three = partitioned.found.search.stats;
  if (std::tie(one.executions, one.finished, one.infeasible, one.revisits) !=
      std::tie(three.executions, three.finished, three.infeasible, three.revisits))
    check.mismatches.push_back(fmt::format(
        "stateful, 3 partitions against one: executions {}/{}, finished {}/{}, infeasible {}/{}, "
        "revisits {}/{}",
        three.executions, one.executions, three.finished, one.finished, three.infeasible,
        one.infeasible, three.revisits, one.revisits));
  // With hash compaction and bitstate storage (large enough to miss nothing here) states cross
  // as fingerprints: the same counts; the bitstate array records no graph, so its partitions
  // (as one search with it) seek no livelock.
  uint64_t oneEnded = one.executions - one.livelocks;
  for (StateStorage storage : {StateStorage::HashCompact, StateStorage::Bitstate}) {
    StatefulRun hashed = runStatefulPartitioned({&model, second.get(), third.get()},
                                                std::hash<std::string>()(program.source),
                                                storage);
    const Statistics &h = hashed.found.search.stats;
    bool bitstate = storage == StateStorage::Bitstate;
    uint64_t executions = bitstate ? oneEnded : one.executions;
    if (h.states != one.states || h.executions != executions || h.revisits != one.revisits ||
        hashed.errors != partitioned.errors || hashed.livelock != (!bitstate && exact.livelock) ||
        hashed.found.livelocksChecked == bitstate)
      check.mismatches.push_back(fmt::format(
          "stateful, 3 partitions, {}: states {}/{}, executions {}/{}, revisits {}/{}, errors "
          "{} against {}, livelock {}/{}",
          stateStorageName(storage), h.states, one.states, h.executions, executions, h.revisits,
          one.revisits, join(hashed.errors), join(partitioned.errors), hashed.livelock,
          exact.livelock));
  }
  // The unfolding search with cutoffs terminates on these programs and finds every error; it
  // does not look for livelocks.
  compareStatefulRun("unfolding, cutoffs", runUnfoldingWithCutoffs(model), "the state graph",
                     reference.states, reference.errors, std::nullopt, check.mismatches);
  // Stateless searches that check an execution at the depth limit for a fair cycle (BPOR within
  // fair bound 2, best-first BPOR): a livelock they report is one the state graph has, and
  // every error they find is one of its errors.
  SearchOptions fair;
  fair.por = PorMode::Bpor;
  fair.bound = BoundKind::Fair;
  fair.boundValue = 2;
  fair.maxDepth = 400;
  fair.maxExecutions = 3000;
  fair.keepGoing = true;
  fair.oneReportPerError = true;
  fair.livelocksAtDepthLimit = true;
  SearchOptions bestFirst = fair;
  bestFirst.bound = BoundKind::Preemption;
  bestFirst.boundValue = 0;
  bestFirst.strategy = Strategy::BestFirst;
  for (const auto &[name, options] : {std::pair{"bpor --fair=2", fair},
                                      std::pair{"best-first bpor", bestFirst}}) {
    SearchResult found = explore(model, options);
    bool livelock = false;
    std::set<std::string> errors;
    for (const ErrorReport &report : found.errors) {
      if (report.error.kind == ErrorKind::Livelock)
        livelock = true;
      else
        errors.insert(errorText(model, report.error));
    }
    if (livelock && !reference.livelock)
      check.mismatches.push_back(
          fmt::format("{}: a livelock at the depth limit that the state graph does not have", name));
    if (!std::includes(reference.errors.begin(), reference.errors.end(), errors.begin(),
                       errors.end()))
      check.mismatches.push_back(fmt::format("{}: errors {} against the state graph's {}", name,
                                             join(errors), join(reference.errors)));
  }
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
