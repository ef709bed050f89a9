#include "tests/pipeline/TraceSetCheck.h"
#include "tests/pipeline/CompileProgram.h"
#include "tests/pipeline/DividedBporCheck.h"
#include "tests/pipeline/PipelineModes.h"
#include "tests/pipeline/ReferenceStateGraph.h"
#include "tests/pipeline/ShapeGenerator.h"

#include "checker/StateHash.h"
#include "checker/parallel/ParallelOptimalDpor.h"

#include <fmt/format.h>

namespace bpor::testing {
namespace {

std::set<uint64_t> traceSet(const ModeResult &r) {
  std::set<uint64_t> traces;
  for (const auto &[hash, count] : r.traces)
    traces.insert(hash);
  return traces;
}

// Appends a mismatch if `found`'s traces are not exactly `reference`'s, each once (unless
// `duplicatesAllowed`), none sleep-set blocked (`blockedAllowed` for source-DPOR).
void compareTraces(const ModeResult &reference, const ModeResult &found, bool blockedAllowed,
                   std::vector<std::string> &mismatches, bool duplicatesAllowed = false) {
  std::set<uint64_t> expected = traceSet(reference), got = traceSet(found);
  bool blocked = !blockedAllowed && found.result.stats.sleepSetBlocked;
  if (got == expected && (duplicatesAllowed || !found.duplicateTraces()) && !blocked &&
      found.result.complete && found.errors == reference.errors)
    return;
  mismatches.push_back(fmt::format(
      "{} against {}: {} traces of {} missed, {} of {} not in the reference, {} explored twice, "
      "{} sleep-set blocked, {} executions, complete {}, errors: {} against {}",
      found.name, reference.name, countMissing(expected, got), expected.size(),
      countMissing(got, expected), got.size(), found.duplicateTraces(),
      found.result.stats.sleepSetBlocked, found.result.stats.executions, found.result.complete,
      join(found.errors), join(reference.errors)));
}

// Optimal DPOR on several models over one program (-j N), recorded as run() records.
ModeResult runParallel(const std::vector<Model *> &models, bool eager) {
  ModeResult out;
  out.name = fmt::format("optimal -j {}{}", models.size(), eager ? " (sharing eagerly)" : "");
  SearchOptions search;
  search.keepGoing = true;
  ExecutionObserver observer = [&](const std::vector<Operation> &events, ExecutionEnd end) {
    if (isTrace(events, end))
      ++out.traces[globalStateHash(events)];
  };
  ParallelStatistics statistics;
  out.result = exploreOptimalInParallel(models, search, observer, &statistics, eager);
  for (const ErrorReport &report : out.result.errors) {
    std::string where = report.error.location ? models[0]->describeLocation(report.error.location)
                                              : "unknown location";
    out.errors.insert(fmt::format("{} at {}", errorKindName(report.error.kind), where));
  }
  return out;
}

// The stateful search and unfolding with cutoffs: the same errors as the reference (their
// states are compared in PipelineValidation's checks, against exhaustive search's). A search that
// stopped at its memory limit is not compared.
void compareVerdicts(Model &model, const ModeResult &reference, uint64_t saturating,
                     TraceSetCheck &out) {
  std::set<std::string> expected;
  for (const ErrorReport &report : reference.result.errors)
    expected.insert(errorText(model, report.error));
  auto variants = statefulVariants();
  variants.emplace_back("stateful, bounded context switching", StatefulOptions());
  variants.back().second.preemptionBound = saturating;
  std::vector<std::pair<std::string, StatefulRun>> runs;
  for (auto &[name, options] : variants) {
    options.memoryLimitBytes = uint64_t(256) << 20;
    runs.emplace_back(name, runStateful(model, options));
  }
  runs.emplace_back("unfolding, cutoffs", runUnfoldingWithCutoffs(model));
  for (auto &[name, found] : runs) {
    if (!found.found.search.complete) {
      ++out.notCompared;
      continue;
    }
    // States are not compared here: the reference does not visit every state.
    found.states.clear();
    found.reduced = true;
    compareStatefulRun(name, found, reference.name, {}, expected, false, out.check.mismatches);
  }
}

// SoakUpdates::Symbolic's programs, the options drawn from `bits`.
CProgram symbolicSoakProgram(uint64_t seed, uint64_t bits) {
  if (bits % 2) {
    ShapeOptions shape;
    shape.minThreads = 3;
    shape.maxThreads = 3 + (bits >> 1) % 2;
    shape.maxOps = 2 + (bits >> 2) % 2;
    shape.numVariables = 2 + (bits >> 3) % 2;
    shape.atomics = (bits >> 4) % 3 != 0;
    shape.extras = true;
    shape.commutingUpdates = true;
    return generateShapeProgram(seed, shape);
  }
  CGeneratorOptions general;
  general.nondet = false;
  general.charNondet = true;
  general.grandchildren = false;
  general.condvars = false;
  general.symbolicUpdates = general.commutingUpdates = true;
  general.maxChildren = 2 + (bits >> 1) % 2;
  general.maxOps = 2 + (bits >> 2) % 2;
  return generateCProgram(seed, general);
}

} // namespace

const char *soakUpdatesOption(SoakUpdates updates) {
  switch (updates) {
  case SoakUpdates::None: return "";
  case SoakUpdates::Failing: return " --updates";
  case SoakUpdates::Commuting: return " --commuting-updates";
  case SoakUpdates::Symbolic: return " --symbolic";
  }
  return "";
}

CProgram traceSoakProgram(uint64_t seed, SoakUpdates updates) {
  // SplitMix64 of the seed: the choices of options, independent of the generators' own
  // streams (which start from the seed itself).
  uint64_t z = seed + 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  uint64_t bits = z ^ (z >> 31);
  if (updates == SoakUpdates::Symbolic)
    return symbolicSoakProgram(seed, bits);
  if (bits % 4 != 3) {
    ShapeOptions shape;
    shape.minThreads = 3 + (bits >> 2) % 2;
    shape.maxThreads = shape.minThreads + (bits >> 3) % 2;
    shape.maxOps = 2 + (bits >> 4) % 3;
    shape.numVariables = 2 + (bits >> 6) % 3;
    shape.atomics = (bits >> 8) % 3 != 0;
    shape.extras = (bits >> 10) % 2;
    if (updates != SoakUpdates::None) {
      // The updates add operations: fewer of the others, so that more programs stay small
      // enough for exhaustive search, the reference that checks the dependence itself.
      shape.updates = updates == SoakUpdates::Failing;
      shape.commutingUpdates = updates == SoakUpdates::Commuting;
      shape.minThreads = 3;
      shape.maxThreads = 3 + (bits >> 3) % 2;
      shape.maxOps = 2 + (bits >> 4) % 2;
    }
    return generateShapeProgram(seed, shape);
  }
  CGeneratorOptions general;
  general.maxChildren = 3 + (bits >> 2) % 2;
  general.maxOps = 2 + (bits >> 3) % 2;
  general.assumes = (bits >> 4) % 2;
  general.heap = (bits >> 5) % 4 == 0;
  if (updates != SoakUpdates::None) {
    general.updates = updates == SoakUpdates::Failing;
    general.commutingUpdates = updates == SoakUpdates::Commuting;
    general.maxChildren = 2 + (bits >> 2) % 2;
    general.maxOps = 2;
  }
  return generateCProgram(seed, general);
}

TraceSetCheck checkTraceSets(const CProgram &program, const TraceSetOptions &options) {
  TraceSetCheck out;
  PipelineCheck &check = out.check;
  llvm::LLVMContext context;
  ModelConfig config = valuesConfig(program);
  config.symbolicNondet = options.symbolic;
  std::vector<tool::BuiltModel> built = compile(program, context, {config}, check.mismatches);
  if (!check.mismatches.empty())
    return out;
  Model &model = *built[0].model;
  // A value fixed with loss leaves a symbolic search incomplete, and where it is fixed depends
  // on the search's order: such a program is no check (the gaps add up over every run).
  auto fixedWithLoss = [&] {
    if (!built[0].execution->coverageGaps().concretisedTotal())
      return false;
    check.skipped = true;
    check.concretised = true;
    check.mismatches.clear();
    return true;
  };

  Mode sourceMode{"source", {}, OptimalVariant::Source};
  sourceMode.search.maxExecutions = 4 * options.maxTraces;
  ModeResult source = run(model, sourceMode);
  checkRunnable(source, check.mismatches);
  out.traces = source.traces.size();
  out.hasErrors = !source.errors.empty();
  out.onlyReadEvents = source.onlyReadEvents;
  out.decisions = source.decisions;
  if (fixedWithLoss())
    return out;
  if (!check.mismatches.empty() || !source.result.complete || source.result.stats.depthLimited ||
      out.traces > options.maxTraces) {
    check.skipped = check.mismatches.empty();
    return out;
  }
  if (source.duplicateTraces())
    check.mismatches.push_back(
        fmt::format("source explored {} traces twice", source.duplicateTraces()));

  Mode exhaustiveMode = complete("exhaustive", PorMode::None);
  exhaustiveMode.search.maxExecutions = options.maxExhaustiveExecutions;
  ModeResult exhaustive = run(model, exhaustiveMode);
  check.referenceExecutions = exhaustive.result.stats.executions;
  if (exhaustive.result.complete) {
    out.exhaustive = true;
    // Exhaustive search explores traces many times over: only its set counts.
    for (auto &[hash, count] : exhaustive.traces)
      count = 1;
    compareTraces(exhaustive, source, /*blockedAllowed=*/true, check.mismatches);
  }

  if (options.dividedBpor) {
    DividedBporCheck divided =
        checkDividedBpor(built[0], options.otherSearchFactor * out.traces, check.mismatches);
    out.divided = divided.divided;
    out.notCompared += divided.notCompared;
  }

  ModeResult optimal = run(model, Mode{"optimal", {}, OptimalVariant::Optimal});
  compareTraces(source, optimal, false, check.mismatches);
  if (options.parallel) {
    std::shared_ptr<Execution> second = built[0].newExecution(), third = built[0].newExecution();
    compareTraces(source, runParallel({&model, second.get()}, false), false, check.mismatches);
    compareTraces(source, runParallel({&model, second.get(), third.get()}, true), false,
                  check.mismatches);
  }
  if (!options.otherSearches) {
    fixedWithLoss();
    return out;
  }

  uint64_t saturating = source.longestExecution + 1;
  std::vector<Mode> modes = {complete("dpor", PorMode::Dpor), unfoldingMode("unfolding", false, 0),
                             bounded(fmt::format("bpor --preemptions={}", saturating),
                                     PorMode::Bpor, BoundKind::Preemption, saturating)};
  bool endsEarly = source.result.stats.errors != source.result.stats.deadlocks ||
                   source.result.stats.infeasible != 0;
  for (Mode &mode : modes) {
    mode.search.maxExecutions = options.otherSearchFactor * out.traces;
    ModeResult found = run(model, mode);
    checkRunnable(found, check.mismatches);
    if (!found.result.complete) {
      ++out.notCompared;
      continue;
    }
    compare(source, found, check.mismatches);
    // Without early ends or atomic blocks, unfolding explores one execution per trace. Its
    // events are pending operations (an unconditional independence), so a failed
    // compare-and-swap or trylock is a write to it: then it explores every trace, some of
    // them several times (in orders of failed ones that commute).
    if (mode.unfolding && !endsEarly && !found.unfolding.globalEvents)
      compareTraces(source, found, false, check.mismatches, source.onlyReadEvents);
  }
  // The stateful searches store states by their keys, which a symbolic model has not.
  if (!options.symbolic && out.traces <= options.maxTracesForStateful)
    compareVerdicts(model, source, saturating, out);
  fixedWithLoss();
  return out;
}

} // namespace bpor::testing
