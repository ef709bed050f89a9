#include "tools/bporcheck/SvcompMode.h"

#include "checker/optimal/OptimalExplorer.h"
#include "tools/bporcheck/InputLoader.h"
#include "tools/bporcheck/ModelFactory.h"
#include "tools/bporcheck/NondetInputs.h"
#include "tools/bporcheck/Progress.h"
#include "tools/bporcheck/Report.h"
#include "tools/bporcheck/SvcompInput.h"
#include "tools/bporcheck/SvcompWitness.h"

#include "checker/symmetry/SymmetricModel.h"

#include "llvm/ADT/StringRef.h"

#include <ctime>
#include <fmt/format.h>
#include <iostream>

namespace bpor::tool {
namespace {

using namespace svcomp;

/// The competition's limit is 900 s of CPU time; answer before it rather than be killed.
constexpr double DefaultTimeLimitSeconds = 850;
/// The share of the time limit kept for writing the answer and the witness after the searches.
constexpr double FinishingShare = 0.03;
/// The bug hunt's share of the time limit.
constexpr double BugHuntShare = 0.2;
/// The share of the time limit the complete search first gets on its own: a small program is
/// settled by it before any hunting (the hunt runs many more executions over plain values).
constexpr double QuickCompleteShare = 0.05;
/// The bug hunt's preemption bound (iterative: 0, 1, 2) and the fair bound of spinning programs.
constexpr uint64_t BugHuntPreemptions = 2;
constexpr uint64_t FairBound = 2;
/// The thread limits (main included) of the symmetric bug hunt on programs that make threads
/// without end.
constexpr ThreadId BugHuntThreadLimits[] = {3, 4, 5, 6};
/// The share of the time limit of the counter abstraction, and of the loop abstraction.
constexpr double AbstractionShare = 0.1;
/// The counter abstraction keeps up to this many threads of one state (0, 1 or "2 or more"):
/// enough to tell a lock's one holder from many.
constexpr unsigned SymmetryThreshold = 2;

struct Answer {
  enum class Kind { True, False, Unknown } kind = Kind::Unknown;
  std::string property; // for False
  std::string reason;
};

int printAnswer(const Answer &answer) {
  std::cout << "reason: " << answer.reason << "\n";
  switch (answer.kind) {
  case Answer::Kind::True:
    std::cout << "SV-COMP result: true\n";
    break;
  case Answer::Kind::False:
    std::cout << "SV-COMP result: false(" << answer.property << ")\n";
    break;
  case Answer::Kind::Unknown:
    std::cout << "SV-COMP result: unknown\n";
    break;
  }
  std::cout.flush();
  return 0;
}

int unknown(const std::string &reason) {
  return printAnswer(Answer{Answer::Kind::Unknown, "", reason});
}

/// What the searches met besides violations: each of these makes a complete search without a
/// violation inconclusive. The first of each kind is kept for the reason line.
struct Obstacles {
  std::optional<ErrorInfo> undefinedBehaviour; // memory error, threads API misuse
  std::optional<ErrorInfo> unsupported;        // unsupported construct, internal limit
  std::optional<ErrorInfo> tooLong;            // an execution longer than --max-depth
  uint64_t endedByAbort = 0;                   // abort(), a failed assert(): fine
  uint64_t deadlocks = 0;                      // an ended execution: fine

  void note(const ErrorInfo &error) {
    switch (error.kind) {
    case ErrorKind::MemoryError:
    case ErrorKind::ThreadsApiMisuse:
      if (!undefinedBehaviour)
        undefinedBehaviour = error;
      break;
    case ErrorKind::Unsupported:
    case ErrorKind::ResourceLimit:
      if (!unsupported)
        unsupported = error;
      break;
    case ErrorKind::DepthLimit:
      if (!tooLong)
        tooLong = error;
      break;
    case ErrorKind::Livelock: // a fair cycle: the program runs for ever, which is allowed
    case ErrorKind::DataRace: // a violation where it is checked, never reported elsewhere
    case ErrorKind::Overflow:
      break;
    case ErrorKind::Deadlock:
      ++deadlocks;
      break;
    case ErrorKind::AssertionFailure:
      // 'unreachable' reached (a noreturn call that returned) is undefined behaviour, not an
      // abort: the path cannot be continued, so it may hide a violation.
      if (llvm::StringRef(error.message).starts_with("undefined behaviour")) {
        if (!undefinedBehaviour)
          undefinedBehaviour = error;
        break;
      }
      ++endedByAbort;
      break;
    case ErrorKind::None:
      ++endedByAbort;
      break;
    }
  }
};

std::string describe(const Model &model, const ErrorInfo &error) {
  std::string where = error.location ? model.describeLocation(error.location) : "";
  return fmt::format("{}{}", error.message, where.empty() ? "" : " at " + where);
}

/// One search and the model it ran on (the bug hunt may run on a model with plain nondet
/// values, the complete search on one with symbolic values).
struct Search {
  std::string name;
  BuiltModel *on = nullptr;
  SearchResult result;
  bool stateful = false;
  bool unfolding = false;
  /// A counter abstraction reached its threshold: its states stand for more threads than they
  /// hold, so a violation it finds may be spurious and it covers every number of threads.
  bool abstracted = false;
  std::string incompleteReason; // the stateful search's
  CoverageGaps before;          // the model's gaps when the search began
};

Search runSearch(BuiltModel &built, SearchOptions search, std::optional<OptimalVariant> optimal,
                 std::string name) {
  Search s;
  s.name = std::move(name);
  s.on = &built;
  s.before = built.execution->coverageGaps();
  s.result = optimal ? exploreOptimal(*built.model, search, *optimal)
                     : explore(*built.model, search);
  return s;
}

/// The stateful search, with as many spurious wakeups as the program's wait loops take (each
/// returns to a visited state): a stateless search must cap them per thread and execution.
Search runStateful(BuiltModel &built, const SearchOptions &search) {
  Search s;
  s.name = "stateful search";
  s.on = &built;
  s.stateful = true;
  built.execution->setSpuriousWakeupLimit(ExecutionOptions::UnlimitedSpuriousWakeups);
  s.before = built.execution->coverageGaps();
  StatefulOptions stateful;
  StatefulResult found = exploreStateful(*built.model, search, stateful);
  s.result = std::move(found.search);
  s.incompleteReason = found.incompleteReason;
  return s;
}

/// The stateful search over states whose interchangeable threads are sorted (exact symmetry
/// reduction, `threshold` 0) or counted up to `threshold` copies of each thread state (the
/// counter abstraction, which covers every number of threads: docs/symmetry.md).
Search runSymmetric(BuiltModel &built, const SearchOptions &search, unsigned threshold,
                    ThreadId threadLimit) {
  Search s;
  s.name = threshold == 0 ? "stateful search, symmetry reduction"
                          : fmt::format("stateful search, counter abstraction with threshold {}",
                                        threshold);
  if (threadLimit)
    s.name += fmt::format(", at most {} threads", threadLimit);
  s.on = &built;
  s.stateful = true;
  built.execution->setSpuriousWakeupLimit(ExecutionOptions::UnlimitedSpuriousWakeups);
  s.before = built.execution->coverageGaps();
  SymmetricModel symmetric(*built.model, *built.execution, threshold);
  symmetric.limitThreads(threadLimit);
  StatefulResult found = exploreStateful(symmetric, search, StatefulOptions{});
  s.result = std::move(found.search);
  // Threads held back: only some of the program's states were covered.
  if (symmetric.heldBack())
    s.result.complete = false;
  s.incompleteReason = found.incompleteReason;
  s.abstracted = symmetric.abstracted();
  // An error on a path where no thread was dropped or copied is the program's: its schedule,
  // threads renamed back to their creation numbers, replays on the program itself.
  for (ErrorReport &report : s.result.errors) {
    std::vector<std::pair<ThreadId, uint32_t>> steps;
    for (const ScheduleStep &step : report.schedule)
      steps.emplace_back(step.thread, step.choice);
    auto program = symmetric.programSchedule(steps);
    report.schedule.clear();
    report.trace.clear();
    if (!program)
      continue;
    Model &model = *built.model;
    model.restart();
    for (const auto &[thread, choice] : *program) {
      report.schedule.push_back(ScheduleStep{thread, choice});
      report.trace.push_back(model.step(thread, choice));
    }
    if (model.status() != ExecStatus::Error || model.error().kind != report.error.kind ||
        model.error().message != report.error.message) {
      report.schedule.clear(); // it did not replay: not the program's
      report.trace.clear();
    }
  }
  return s;
}

/// The unfolding search as the complete search (--svcomp --por=unfolding). With cutoffs a wait
/// loop that wakes spuriously returns to a state already reached, so the wakeups need no cap.
Search runUnfolding(BuiltModel &built, const SearchOptions &search,
                    const UnfoldingOptions &unfolding) {
  Search s;
  s.name = "unfolding POR";
  s.on = &built;
  if (unfolding.cutoffs)
    built.execution->setSpuriousWakeupLimit(ExecutionOptions::UnlimitedSpuriousWakeups);
  s.before = built.execution->coverageGaps();
  UnfoldingResult found = exploreUnfolding(*built.model, search, unfolding);
  s.result = std::move(found.search);
  s.unfolding = true;
  return s;
}

/// Whether the search drew every value of every nondet input, heap bytes never written
/// included (the model's gaps did not grow).
bool coveredEveryValue(const Search &s) {
  const CoverageGaps &now = s.on->execution->coverageGaps();
  return now.partialNondetDraws == s.before.partialNondetDraws &&
         now.undefinedReads == s.before.undefinedReads;
}

/// Whether a search that stopped at anything it cannot settle (`met`) proved the absence of
/// violations: it finished, without violation, over every value, meeting no undefined
/// behaviour and no execution too long for it.
bool provesNoViolation(const Search &s, const Obstacles &met) {
  return s.result.errors.empty() && s.result.complete && coveredEveryValue(s) &&
         !met.undefinedBehaviour && !met.tooLong;
}

std::string statsPhrase(const Search &s) {
  if (s.stateful)
    return fmt::format("{}, {} state{}, {:.1f} s{}", s.name, s.result.stats.states,
                       s.result.stats.states == 1 ? "" : "s", s.result.stats.elapsedSeconds,
                       s.incompleteReason.empty() ? "" : ", stopped by the " + s.incompleteReason);
  return fmt::format("{}, {} execution{}, {:.1f} s", s.name, s.result.stats.executions,
                     s.result.stats.executions == 1 ? "" : "s", s.result.stats.elapsedSeconds);
}

} // namespace

int runSvcomp(const Options &options) {
  std::clock_t started = std::clock();
  // ---- The task ----
  std::string problem;
  std::optional<SvcompInput> input = readSvcompInput(options, problem);
  if (!input)
    return unknown(problem);
  const Property *property = &input->property;
  const std::string *propertyFile = &input->propertyFile;
  const std::string &dataModel = input->dataModel;
  std::vector<std::string> inputs = {input->programFile};
  // Races are judged between co-enabled accesses and leaks at the end of each execution: the
  // unfolding search reaches every state but does not run every linearization through it.
  if (options.explores("unfolding") && property->name != "unreach-call" && property->name != "no-overflow")
    return unknown(fmt::format("the unfolding search checks unreach-call and no-overflow, not {}",
                               property->name));
  std::cout << fmt::format("bporcheck: {}: property {}, data model {}\n", inputs[0], property->name,
                           dataModel);

  // ---- The program ----
  llvm::LLVMContext context;
  const std::vector<std::string> &clangArgs = input->clangArgs;
  LoadedInput loaded = loadInput(inputs[0], InputOptions{options.clangPath, clangArgs}, context);
  if (!loaded.module)
    return unknown(loaded.error);
  ModelConfig config;
  config.nondetValues = options.nondetValues;
  config.nondetClasses = options.nondetClasses;
  config.symbolicNondet = options.symbolicNondet;
  config.printOutput = options.printOutput;
  config.stackLimit = options.stackLimit;
  config.maxLocalBranches = options.maxLocalBranches;
  config.enumerateSmallNondet = true;
  config.spuriousWakeups = true;
  configureForProperty(*input, config);
  // abort() still ends the whole execution here (config.abortStopsThread stays off): stopping
  // only its thread is the sound rule, but on the pthread-wmm tasks, whose every step is a
  // global atomic block, exploring the other threads' steps after main's abort made the bug
  // hunt miss mix008_tso.oepc within its time (docs/algorithms-notes.md, "Failed assumptions
  // block their thread").
  BuiltModel built = buildModel(std::move(loaded.module), config);
  if (!built.model)
    return unknown(built.error);
  // Another model of the same program, with other settings (a null model if that fails).
  auto buildAgain = [&](const ModelConfig &with) {
    LoadedInput again = loadInput(inputs[0], InputOptions{options.clangPath, clangArgs}, context);
    return again.module ? buildModel(std::move(again.module), with) : BuiltModel{};
  };
  // With symbolic nondet values, a second model of the same program with plain values (every
  // value of a bool or char, {-1, 0, 1} of wider types) for the bug hunt: it runs many more
  // executions a second, and an error it finds is a real one (its values are values of their
  // types). It also has state keys, which the stateful search needs. Only the complete search
  // decides TRUE, and it counts the values it did not cover.
  BuiltModel valuesBuilt;
  BuiltModel *valuesModel = &built;
  if (built.usesNondet && config.symbolicNondet) {
    ModelConfig values = config;
    values.symbolicNondet = false;
    valuesBuilt = buildAgain(values);
    if (valuesBuilt.model)
      valuesModel = &valuesBuilt;
  }

  // ---- The searches ----
  Obstacles obstacles;
  SearchOptions base = options.search;
  base.keepGoing = false;
  auto violates = [&](const ErrorInfo &error) { return violatesProperty(*input, error); };
  base.isViolation = [&](const ErrorInfo &error) {
    if (violates(error))
      return true;
    obstacles.note(error);
    return false;
  };
  ProgressLine progress(options.progress);
  base.progress = [&](const Statistics &stats) { progress.update(stats, std::nullopt); };
  double budget = options.search.timeLimitSeconds > 0 ? options.search.timeLimitSeconds
                                                      : DefaultTimeLimitSeconds;

  std::vector<Search> searches;
  // The stateful search needs state keys: the symbolic model has none, the values model has
  // (it then covers every value only of bool- and char-sized inputs, and says so).
  std::string key;
  BuiltModel *keyed = built.model->stateKey(key)          ? &built
                      : valuesModel->model->stateKey(key) ? valuesModel
                                                          : nullptr;
  // Races found with vector clocks leave no state keys: the stateful search gets a model of
  // its own that checks them as co-enabled accesses instead (the same races on sequentially
  // consistent programs; ExecutionOptions::raceDetection).
  BuiltModel coEnabledBuilt;
  BuiltModel loopsAbstractedBuilt; // step 0d
  if (!keyed && config.raceDetection == RaceDetection::HappensBefore) {
    ModelConfig coEnabled = config;
    coEnabled.symbolicNondet = false;
    coEnabled.raceDetection = RaceDetection::CoEnabled;
    coEnabledBuilt = buildAgain(coEnabled);
    if (coEnabledBuilt.model && coEnabledBuilt.model->stateKey(key))
      keyed = &coEnabledBuilt;
  }
  bool hasStateKeys = keyed != nullptr;
  // The stateful search finds livelocks exactly (fair cycles): one is a non-terminating
  // behaviour, which unreach-call does not forbid, not a cut execution.
  SearchOptions statefulBase = base;
  statefulBase.maxDepth = std::max<uint64_t>(base.maxDepth, 10'000'000);
  statefulBase.isViolation = base.isViolation;
  // The time limit is the competition's, on the process's CPU time: compiling the models counts
  // too, and so do searches that were dropped.
  auto elapsed = [&] { return double(std::clock() - started) / CLOCKS_PER_SEC; };
  // The complete search: optimal DPOR; for a program that spins (its schedules are infinitely
  // many) the stateful search, which terminates when the program has finitely many states, or
  // BPOR under the fair bound where states have no keys (symbolic nondet values).
  auto runComplete = [&](double timeLimit) {
    SearchOptions full = base;
    full.timeLimitSeconds = timeLimit;
    if (options.explores("unfolding")) {
      // With state keys it has cutoffs and so ends on programs that spin. It decides on its
      // own whether some execution is too long: what an earlier search met does not count.
      obstacles.tooLong.reset();
      full.maxDepth = statefulBase.maxDepth;
      searches.push_back(
          runUnfolding(hasStateKeys ? *keyed : built, full, options.unfoldingOptions));
    } else if (built.hasYields && hasStateKeys) {
      statefulBase.timeLimitSeconds = full.timeLimitSeconds;
      searches.push_back(runStateful(*keyed, statefulBase));
    } else if (built.hasYields) {
      full.por = PorMode::Bpor;
      full.bound = BoundKind::Fair;
      full.boundValue = FairBound;
      searches.push_back(
          runSearch(built, full, std::nullopt, fmt::format("BPOR, fair bound {}", FairBound)));
    } else {
      full.por = PorMode::Dpor;
      searches.push_back(runSearch(built, full, OptimalVariant::Optimal, "optimal DPOR"));
    }
    progress.finish();
    std::cout << "search: " << statsPhrase(searches.back()) << "\n";
  };

  // 0. The complete search for a moment: a small program is settled before any hunting.
  runComplete(std::max(1.0, budget * QuickCompleteShare));
  const SearchResult &quick = searches.back().result;
  bool settled = !quick.errors.empty() || quick.complete;
  // 0b. Where optimal DPOR did not finish, the stateful search for a moment too: threads that
  //     meet in few states can still have factorially many traces (a barrier used twice by
  //     three threads).
  if (!settled && hasStateKeys && !searches.back().stateful && !options.explores("unfolding")) {
    statefulBase.timeLimitSeconds = std::max(1.0, budget * QuickCompleteShare);
    searches.push_back(runStateful(*keyed, statefulBase));
    progress.finish();
    std::cout << "search: " << statsPhrase(searches.back()) << "\n";
    // Over plain values it covers every value only of bool- and char-sized inputs: then only
    // a violation settles the task.
    const Search &stateful = searches.back();
    settled = !stateful.result.errors.empty() ||
              (stateful.result.complete && coveredEveryValue(stateful));
  }
  // 0c. Where threads are interchangeable, the stateful search over sorted threads, then the
  //     counter abstraction: programs that make threads without end (`while (1)
  //     pthread_create(...)`) have unboundedly many states, which only the abstraction covers.
  //     A complete search without violation settles TRUE; a violation settles FALSE only with
  //     a schedule of the program itself (the abstraction's may be spurious). Where threads
  //     are made without end, the bug hunt's executions never end either: the sorted search
  //     with a few threads at most looks for violations instead.
  if (!settled && hasStateKeys && !options.explores("unfolding")) {
    bool threadLimitMet = false;
    // Runs one symmetric search; true if it settled the task.
    auto trySymmetric = [&](unsigned threshold, ThreadId threadLimit, double share) {
      Obstacles met;
      SearchOptions symmetric = statefulBase;
      symmetric.timeLimitSeconds = std::max(1.0, budget * share);
      // It stops at a violation, and where it cannot settle anything: at a construct or limit
      // it does not support (the thread limit, for exact symmetry on threads without end).
      symmetric.isViolation = [&](const ErrorInfo &error) {
        met.note(error);
        return violates(error) || error.kind == ErrorKind::Unsupported ||
               error.kind == ErrorKind::ResourceLimit;
      };
      searches.push_back(runSymmetric(*keyed, symmetric, threshold, threadLimit));
      progress.finish();
      std::cout << "search: " << statsPhrase(searches.back()) << "\n";
      const Search &done = searches.back();
      threadLimitMet |= met.unsupported && met.unsupported->kind == ErrorKind::ResourceLimit;
      if (!done.result.errors.empty() && violates(done.result.errors.front().error) &&
          !done.result.errors.front().schedule.empty())
        return true;
      if (provesNoViolation(done, met)) {
        // It covered every behaviour: what the earlier searches met (the thread limit of a
        // search without symmetry, an execution too long for it) it met too if reachable.
        obstacles = met;
        return true;
      }
      // Not settled: the next search decides, as if this one had not run.
      searches.pop_back();
      return false;
    };
    settled = trySymmetric(0, 0, QuickCompleteShare);
    // Dropping threads renumbers the later ones: only where no thread number is read.
    if (!settled && !keyed->threadHandlesRead)
      settled = trySymmetric(SymmetryThreshold, 0, AbstractionShare);
    for (ThreadId limit : BugHuntThreadLimits) {
      if (settled || !threadLimitMet)
        break;
      settled = trySymmetric(0, limit, QuickCompleteShare / 2);
    }
  }
  // 0d. Loops without effects whose iteration counts are nondet inputs (one path per count, up
  //     to 2^32): the program with each replaced by its last iteration after a nondet number
  //     of them over-approximates it (passes/LoopAbstraction.h, for unreach-call: a dropped
  //     iteration could overflow or race). A complete search of it without violation settles
  //     TRUE; a violation it reaches settles nothing.
  if (!settled && property->name == "unreach-call" && config.symbolicNondet &&
      !options.explores("unfolding")) {
    ModelConfig abstractLoops = config;
    abstractLoops.abstractLoops = true;
    loopsAbstractedBuilt = buildAgain(abstractLoops);
    unsigned loops = loopsAbstractedBuilt.abstractedLoops;
    if (loopsAbstractedBuilt.model && loops > 0 && !loopsAbstractedBuilt.hasYields) {
      Obstacles met;
      SearchOptions full = base;
      full.por = PorMode::Dpor;
      full.timeLimitSeconds = std::max(1.0, budget * AbstractionShare);
      full.isViolation = [&](const ErrorInfo &error) {
        met.note(error);
        return violates(error) || error.kind == ErrorKind::Unsupported ||
               error.kind == ErrorKind::ResourceLimit;
      };
      searches.push_back(runSearch(
          loopsAbstractedBuilt, full, OptimalVariant::Optimal,
          fmt::format("optimal DPOR, {} loop{} abstracted", loops, loops == 1 ? "" : "s")));
      progress.finish();
      std::cout << "search: " << statsPhrase(searches.back()) << "\n";
      const Search &done = searches.back();
      if (provesNoViolation(done, met)) {
        obstacles = met; // it covered every behaviour, whatever the earlier searches met
        settled = true;
      } else {
          searches.pop_back();
      }
    }
  }
  if (!settled) {
    // 1. A quick bug hunt: few preemptions find most concurrency bugs (and if the bound prunes
    //    nothing, this search was already complete).
    SearchOptions hunt = base;
    hunt.por = PorMode::Bpor;
    hunt.bound = BoundKind::Preemption;
    hunt.boundValue = BugHuntPreemptions;
    hunt.iterativeBounding = true;
    if (built.hasYields)
      hunt.combinedFairBound = FairBound;
    hunt.timeLimitSeconds = budget * BugHuntShare;
    searches.push_back(runSearch(
        *valuesModel, hunt, std::nullopt,
        fmt::format("bug hunt (BPOR, preemption bound {}{}, iterative{})", BugHuntPreemptions,
                    built.hasYields ? fmt::format(", fair bound {}", FairBound) : "",
                    valuesModel != &built ? ", plain nondet values" : "")));
    progress.finish();
    std::cout << "search: " << statsPhrase(searches.back()) << "\n";

    const SearchResult &first = searches.back().result;
    // A hunt over plain values covered only some values: it settles nothing but a violation.
    bool huntSettled = !first.errors.empty() ||
                       (first.complete && !first.boundPruned && valuesModel == &built);
    // 2. The complete search again, with the rest of the time.
    if (!huntSettled)
      runComplete(std::max(1.0, budget - FinishingShare * budget - elapsed()));
  }
  // 3. A search that met an execution longer than the step limit did not cover what lies
  //    beyond it, and one that capped spurious wakeups did not cover the wait loops that wake
  //    again: the stateful search decides, with the time left, when states have keys.
  const Search &previous = searches.back();
  bool capped = obstacles.tooLong ||
                previous.on->execution->coverageGaps().spuriousWakeupsWithheld >
                    previous.before.spuriousWakeupsWithheld;
  //    With --por=unfolding the unfolding search decides instead.
  double left = budget - FinishingShare * budget - elapsed();
  if (capped && previous.result.errors.empty() && left > 1) {
    if (options.explores("unfolding")) {
      if (!previous.unfolding)
        runComplete(left);
    } else if (hasStateKeys && !previous.stateful) {
      obstacles.tooLong.reset();
      statefulBase.timeLimitSeconds = left;
      searches.push_back(runStateful(*keyed, statefulBase));
      progress.finish();
      std::cout << "search: " << statsPhrase(searches.back()) << "\n";
    }
  }

  // ---- The answer ----
  const Search &last = searches.back();
  const SearchResult &result = last.result;
  Model &model = *last.on->model;
  Execution &execution = *last.on->execution;
  if (!result.errors.empty()) {
    ErrorReport report = result.errors.front();
    std::vector<NondetValue> nondetValues = settleSymbolicTrace(execution, report, base.maxDepth);
    std::cout << formatErrorReport(model, report);
    for (const std::string &input : describeNondetValues(model, nondetValues))
      std::cout << "nondet input: " << input << "\n";
    if (!options.witness.empty()) {
      if (std::string werror = writeViolationWitness(options.witness, model, report,
                                                     nondetValues, inputs[0],
                                                     *propertyFile, dataModel);
          !werror.empty())
        std::cerr << "bporcheck: " << werror << "\n";
    }
    return printAnswer(Answer{Answer::Kind::False, violatedProperty(*input, report.error),
                              fmt::format("the execution above {} ({})", violationPhrase(*input),
                                          describe(model, report.error))});
  }
  if (!result.complete)
    return unknown(fmt::format("the search did not finish within the limits ({}; time "
                               "limit {:.0f} s)",
                               statsPhrase(last), budget));
  if (obstacles.tooLong && !last.stateful)
    return unknown("an execution did not end within the step limit: " +
                   describe(model, *obstacles.tooLong));
  if (result.boundPruned)
    return unknown(fmt::format("the program spins (spin loops or sched_yield) and the fair "
                               "bound {} cut schedules ({})",
                               FairBound, statsPhrase(last)));
  if (obstacles.undefinedBehaviour)
    return unknown("an execution has undefined behaviour and cannot be continued: " +
                   describe(model, *obstacles.undefinedBehaviour));
  if (obstacles.unsupported)
    return unknown("an execution reached something unsupported: " +
                   describe(model, *obstacles.unsupported));
  // What the deciding search left out (the model's gaps grew during it).
  CoverageGaps gaps = execution.coverageGaps();
  gaps.partialNondetDraws -= last.before.partialNondetDraws;
  gaps.spuriousWakeupsWithheld -= last.before.spuriousWakeupsWithheld;
  gaps.fixedRandomValues -= last.before.fixedRandomValues;
  // SV-COMP's concurrency tasks are interpreted under sequential consistency, whatever memory
  // orders their atomics name (docs/user-guide.md, "SV-COMP mode").
  gaps.weakOrders = 0;
  if (gaps.partialNondetDraws)
    return unknown(fmt::format(
        "a __VERIFIER_nondet_* value wider than 8 bits was explored only with the values "
        "{{{}}}, not over its whole type ({})",
        fmt::join(options.nondetValues, ", "), statsPhrase(last)));
  if (std::string gap = dataCoverageGap(execution, gaps); !gap.empty())
    return unknown(fmt::format("not every behaviour was covered: {} ({})", gap,
                               statsPhrase(last)));
  if (!built.uninitializedUse.empty())
    return unknown(fmt::format("the program may read an uninitialized variable ({}): its "
                               "value was not explored over every value it may hold ({})",
                               built.uninitializedUse, statsPhrase(last)));
  if (gaps.fixedRandomValues)
    return unknown(fmt::format("rand() was called: it was explored with one fixed sequence of "
                               "values, not every value it may return ({})",
                               statsPhrase(last)));
  if (gaps.spuriousWakeupsWithheld)
    return unknown(fmt::format("a thread waited on a condition variable again after its "
                               "spurious wakeup: executions with more spurious wakeups were "
                               "not explored ({})",
                               statsPhrase(last)));
  // valid-memtrack is checked when the process ends: memory lost in an execution that never
  // ends (a deadlock, a cycle of states) is not seen.
  if (property->name == "valid-memsafety" && (obstacles.deadlocks || last.stateful || built.hasYields))
    return unknown(fmt::format("valid-memtrack is checked when the program ends, and some "
                               "executions do not end ({})",
                               obstacles.deadlocks ? "a deadlock" : "the program spins"));
  if (!options.witness.empty())
    if (std::string werror =
            writeCorrectnessWitness(options.witness, inputs[0], *propertyFile, dataModel);
        !werror.empty())
      std::cerr << "bporcheck: " << werror << "\n";
  return printAnswer(
      Answer{Answer::Kind::True, "",
             fmt::format("no execution {} ({}; every schedule and nondet value covered{}{})",
                         violationPhrase(*input),
                         statsPhrase(last),
                         last.abstracted ? ", for any number of threads" : "",
                         obstacles.endedByAbort || obstacles.deadlocks
                             ? fmt::format("; {} ended by abort or a failed assert, {} deadlocked",
                                           obstacles.endedByAbort, obstacles.deadlocks)
                             : "")});
}

} // namespace bpor::tool
