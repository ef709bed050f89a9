// bporcheck: load a program, build its model, explore its schedules, report.
#include "tools/bporcheck/ClangRunner.h"
#include "tools/bporcheck/DistributedRun.h"
#include "tools/bporcheck/Estimate.h"
#include "tools/bporcheck/InputLoader.h"
#include "tools/bporcheck/LocalStateCounter.h"
#include "tools/bporcheck/ModelFactory.h"
#include "tools/bporcheck/NondetInputs.h"
#include "tools/bporcheck/Options.h"
#include "tools/bporcheck/Progress.h"
#include "tools/bporcheck/Report.h"
#include "tools/bporcheck/ReplaySettings.h"
#include "tools/bporcheck/ScheduleFile.h"
#include "tools/bporcheck/SearchRunner.h"
#include "tools/bporcheck/SourceLines.h"
#include "tools/bporcheck/SvcompHost.h"
#include "tools/bporcheck/TraceHashFile.h"
#include "tools/bporcheck/TraceDot.h"
#include "tools/bporcheck/TraceHtml.h"
#include "tools/bporcheck/TracePicture.h"
#ifdef BPOR_HAVE_INPROCESS_CLANG
#include "tools/bporcheck/clang/InProcessClang.h"
#endif

#include "checker/engine/SearchStop.h"
#include "checker/registry/SearchRegistry.h"
#include "checker/stateful/CycleCheck.h"
#include "checker/stateful/FairCycle.h"

#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <csignal>
#include <ctime>
#include <fmt/format.h>
#include <iostream>
#include <unistd.h>

using namespace bpor;
using namespace bpor::tool;

namespace {

enum ExitCode { NoErrorFound = 0, ErrorFound = 1, BadInput = 2, Unsupported = 3, Incomplete = 4 };

int exitCodeFor(const ErrorInfo &error) { return inconclusive(error) ? Unsupported : ErrorFound; }

// The search stopped at an operation it does not support, having found no real error.
bool stoppedUnsupported(const SearchResult &result) {
  bool unsupported = false;
  for (const ErrorReport &report : result.errors) {
    if (!inconclusive(report.error))
      return false;
    unsupported |= report.error.kind == ErrorKind::Unsupported;
  }
  return unsupported;
}

// Why the default weak model's graph search gave up without an answer, or "" if it did not:
// an operation it does not support, or an execution longer than the default bound, which a
// loop waiting for another thread makes (the search runs the first thread until it blocks).
std::string weakSearchGaveUp(const SearchResult &result, const Options &options) {
  if (stoppedUnsupported(result))
    return result.errors.front().error.message;
  if (!options.maxDepthGiven && !result.errors.empty() &&
      result.errors.front().error.kind == ErrorKind::DepthLimit)
    return fmt::format("an execution went on for more than {} events under {}, as a loop "
                       "that waits for another thread does (not supported under {} yet)",
                       WeakDefaultMaxDepth, graph::memoryModelTitle(*options.memoryModel),
                       graph::memoryModelTitle(*options.memoryModel));
  return "";
}

// With --keep-going a real error found anywhere decides the exit code.
int exitCodeFor(const std::vector<ErrorReport> &errors) {
  for (const ErrorReport &report : errors)
    if (!inconclusive(report.error))
      return ErrorFound;
  return Unsupported;
}

// SIGINT and SIGTERM. Before the search nothing has been decided, so the process ends at once
// and quietly with 128 + the signal's number, as a shell reports a process the signal killed.
// During the search the first signal asks it to stop (stopSignal, checked with the time limit),
// and the run reports what it covered, incomplete (exit code 4); a second signal kills the
// process at once (the default action), unless it comes from the process that sent the first,
// within a second: that is one request delivered twice, as timeout(1) and a kill of a process
// group deliver it (to the process, then to its group). A terminal's Ctrl-C comes from the
// kernel (no sender), so pressing it twice always ends the run.
extern "C" void exitOnSignal(int signal, siginfo_t *, void *) { _exit(128 + signal); }

std::atomic<pid_t> firstSignalSender{0};
std::atomic<int64_t> firstSignalNanos{0};

int64_t monotonicNanos() { // clock_gettime is async-signal-safe
  struct timespec now {};
  clock_gettime(CLOCK_MONOTONIC, &now);
  return int64_t(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

extern "C" void stopOnSignal(int signal, siginfo_t *info, void *) {
  pid_t sender = info ? info->si_pid : 0;
  if (stopSignal.load(std::memory_order_relaxed) == 0) {
    firstSignalSender.store(sender, std::memory_order_relaxed);
    firstSignalNanos.store(monotonicNanos(), std::memory_order_relaxed);
    stopSignal.store(signal, std::memory_order_relaxed);
    return;
  }
  if (sender != 0 && sender == firstSignalSender.load(std::memory_order_relaxed) &&
      monotonicNanos() - firstSignalNanos.load(std::memory_order_relaxed) < 1'000'000'000)
    return;
  // Blocked while its handler runs, the raised signal takes the default action on return.
  struct sigaction fallback {};
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  sigaction(signal, &fallback, nullptr);
  raise(signal);
}

void handleInterrupts(void (*handler)(int, siginfo_t *, void *)) {
  struct sigaction action {};
  action.sa_sigaction = handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART | SA_SIGINFO;
  for (int signal : {SIGINT, SIGTERM}) {
    // A signal the parent set to be ignored (nohup, a background job of a shell without job
    // control) stays ignored.
    struct sigaction old {};
    if (sigaction(signal, nullptr, &old) == 0 && old.sa_handler == SIG_IGN)
      continue;
    sigaction(signal, &action, nullptr);
  }
}

int fail(int code, const std::string &message) {
  llvm::errs() << "bporcheck: " << message << "\n";
  return code;
}

std::string joinValues(const std::vector<int64_t> &values) {
  std::string out;
  for (size_t i = 0; i < values.size(); ++i)
    out += (i ? ", " : "") + std::to_string(values[i]);
  return out;
}


// The coverage statement: "no error in any schedule " + this.
std::string boundPhrase(BoundKind bound, uint64_t c) {
  auto plural = [c](const char *one, const char *many) { return c == 1 ? one : many; };
  switch (bound) {
  case BoundKind::None:
    return "";
  case BoundKind::Preemption:
    return fmt::format("with at most {} {}", c, plural("preemption", "preemptions"));
  case BoundKind::Context:
    return fmt::format("with at most {} context {}", c, plural("switch", "switches"));
  case BoundKind::Delta:
    return fmt::format("within delta bound {}", c);
  case BoundKind::Fair:
    return fmt::format("within fair bound {}", c);
  case BoundKind::Depth:
    return fmt::format("of at most {} visible {}", c, plural("step", "steps"));
  case BoundKind::LocalDepth:
    return fmt::format("within local depth {}", c);
  case BoundKind::LocalContext:
    return fmt::format("with at most {} local context {}", c, plural("switch", "switches"));
  }
  return "";
}

// boundPhrase of the search's bound at value c, with the combined fair bound (6.6) if any:
// "with at most 2 preemptions and within fair bound 3".
std::string boundPhrase(const SearchOptions &search, uint64_t c) {
  std::string phrase = boundPhrase(search.bound, c);
  if (!search.combinedFairBound)
    return phrase;
  // "within delta bound 2 and fair bound 3" needs no second "within".
  return fmt::format("{} and {}", phrase,
                     search.bound == BoundKind::Delta
                         ? fmt::format("fair bound {}", *search.combinedFairBound)
                         : boundPhrase(BoundKind::Fair, *search.combinedFairBound));
}

// A level's coverage statement, when executions within it were cut at the depth limit:
// ", except 2 executions cut at the depth limit".
std::string cutInRounds(uint64_t cut) {
  if (!cut)
    return "";
  return fmt::format(", except {} execution{} cut at the depth limit", cut, cut == 1 ? "" : "s");
}

/// The nondet inputs of one error, as the text report shows them after its trace.
std::string formatNondetInputs(const std::vector<std::string> &inputs) {
  std::string out;
  if (!inputs.empty())
    out = "nondet inputs:\n";
  for (const std::string &input : inputs)
    out += "  " + input + "\n";
  return out;
}

RunDescription describeRun(const Options &options, const BuiltModel &built) {
  RunDescription run;
  run.program = options.input;
  const SearchOptions &search = options.search;
  run.searchName = searchName(options);
  run.boundPhrase = boundPhrase(search, search.boundValue);
  if (search.strategy == Strategy::BestFirst)
    run.boundPhrase =
        search.bestFirstLimit ? boundPhrase(search, *search.bestFirstLimit) : std::string();
  const SearchKind &kind = options.searchKind();
  if (kind.ownOptions == OwnOptions::Stateful && options.statefulOptions.preemptionBound)
    run.boundPhrase = boundPhrase(BoundKind::Preemption, *options.statefulOptions.preemptionBound);
  run.stateful = kind.counts == ResultUnit::States;
  // Inputs drawn from tables of classes or of an assumption's values are covered whole.
  if (built.usesNondet)
    run.nondetDomain =
        options.model.symbolicNondet
            ? "every value of every nondet input"
            : fmt::format("nondet values in {{{}}}", joinValues(options.model.nondetValues));
  else if (built.drawsCompleteNondet)
    run.nondetDomain = "every value of every nondet input";
  run.options["por"] = options.explorer;
  run.options["bound"] = boundKindName(options.search.bound);
  run.options["bound_value"] = std::to_string(options.search.boundValue);
  run.options["combined_fair_bound"] =
      search.combinedFairBound ? std::to_string(*search.combinedFairBound) : "none";
  run.options["iterate"] = options.search.iterativeBounding ? "true" : "false";
  // The optimizations of chapter 6 (dissertation), each on unless its --no-* switch was given.
  auto flag = [](bool on) { return on ? "true" : "false"; };
  run.options["transitive_reduction"] = flag(search.transitiveReduction);
  run.options["alternative_thread"] = flag(search.alternativeThread);
  run.options["release_optimization"] = flag(search.releaseOptimization);
  run.options["thread_start_optimization"] = flag(search.threadStartOptimization);
  run.options["bound_optimization"] = flag(search.boundOptimization);
  run.options["sleep_sets"] = flag(search.sleepSets);
  run.options["check_invariants"] = flag(search.checkInvariants);
  run.options["hash_states"] = flag(options.hashStates);
  run.options["max_depth"] = std::to_string(options.search.maxDepth);
  run.options["max_executions"] = std::to_string(options.search.maxExecutions);
  run.options["time_limit"] = fmt::format("{}", options.search.timeLimitSeconds);
  run.options["memory_limit_mib"] = std::to_string(options.search.memoryLimitBytes >> 20);
  run.options["keep_going"] = options.search.keepGoing ? "true" : "false";
  run.options["nondet"] = options.model.symbolicNondet ? "symbolic" : "values";
  run.options["nondet_values"] = joinValues(options.model.nondetValues);
  return run;
}

// --trace-html and --trace-dot: the pictures of `trace` (ending in `error`, if not null), each
// file named in one line of the text output. Returns 0, or the exit code of a file that could
// not be written (bad input, as --save-trace's), having said why.
int drawTrace(const Model &model, const Options &options, const std::vector<Operation> &trace,
              const ErrorInfo *error, const std::string &title) {
  if (options.traceHtml.empty() && options.traceDot.empty())
    return 0;
  SourceLines sources(options.input);
  TracePicture picture = buildTracePicture(model, trace, error, title, options.input, sources);
  // "trace drawn in FILE (an HTML page)", "trace graph written to FILE (Graphviz)".
  auto write = [&](const std::string &path, const std::string &text, const char *said,
                   const char *what) {
    if (std::string problem = writePictureFile(path, text); !problem.empty())
      return fail(BadInput, problem);
    if (!options.json)
      std::cout << fmt::format("{} {} ({})\n", said, path, what);
    return 0;
  };
  if (!options.traceHtml.empty())
    if (int failed = write(options.traceHtml, formatTraceHtml(picture), "trace drawn in",
                           "an HTML page"))
      return failed;
  if (!options.traceDot.empty())
    if (int failed = write(options.traceDot, formatTraceDot(picture), "trace graph written to",
                           "Graphviz"))
      return failed;
  return 0;
}

// How the text trace shows `trace` (--trace): by default the steps in library code folded
// into the program's calls, which a replay of its schedule tells, and the program's files named
// relative to its directory; --trace=full: every step where it ran, as the model names it.
TraceStyle traceStyle(Model &model, const Options &options, const Schedule &schedule,
                      const std::vector<Operation> &trace, SourceLines &sources) {
  TraceStyle style;
  style.full = options.traceFull;
  if (style.full)
    return style;
  std::string::size_type slash = options.input.rfind('/');
  if (slash != std::string::npos && slash != 0)
    style.programDirectory = options.input.substr(0, slash);
  style.calls = userCallsOf(model, schedule, trace);
  style.sources = &sources;
  return style;
}

// --estimate: the search's size estimated from random executions, instead of the search. It
// checks nothing, so it exits 0 whatever the program does.
int printEstimate(Model &model, const Options &options, const RunDescription &run) {
  std::optional<EstimateTree> tree = estimateTreeFor(options);
  if (!tree)
    return fail(BadInput, fmt::format("--estimate: no estimate for the {} (it estimates the "
                                      "executions of none, dpor, source and optimal without a "
                                      "bound)",
                                      run.searchName));
  TreeEstimate e = sampleUpFront(model, *tree, options.search.maxDepth,
                                 options.search.timeLimitSeconds);
  std::cout << fmt::format("bporcheck: {}: {}\n", options.input, run.searchName);
  std::cout << "estimate: " << describeEstimate(e) << "\n";
  if (*tree == EstimateTree::Traces)
    std::cout << "(one execution per Mazurkiewicz trace: what optimal DPOR explores; source "
                 "and classic DPOR also explore some that end sleep-set blocked)\n";
  if (e.depthLimited)
    std::cout << fmt::format("({} of the samples reached the depth limit, {} steps)\n",
                             e.depthLimited, options.search.maxDepth);
  return NoErrorFound;
}

int runReplay(Model &model, Execution &execution, const Options &options,
              const SavedSchedule &saved, const std::vector<std::string> &notes) {
  const Schedule &schedule = saved.steps;
  ReplayResult result = replay(model, schedule, options.search.maxDepth, saved.readValues);
  if (!result.followed)
    return fail(BadInput, fmt::format("{}: the schedule does not fit this program: {}",
                                      options.replay, result.problem));
  // Which write each read read from, as the weak-memory search that saved it said.
  for (size_t i = 0; i < saved.readFrom.size() && i < result.trace.size(); ++i)
    result.trace[i].readFromStep = saved.readFrom[i];
  ReplayDescription description;
  description.program = options.input;
  description.schedulePath = options.replay;
  description.steps = schedule.size();
  description.notes = notes;
  if (!options.json) {
    std::cout << fmt::format("replay of {} ({} steps)\n", options.replay, schedule.size());
    for (const std::string &note : notes)
      std::cout << "replay: " << note << "\n";
  }
  // An error the weak-memory search judged on the whole execution (a data race): the replay
  // runs the execution, and the error is the saved one, at the same step, also where the
  // program then raises one of its own (an assertion on the value a racing read read).
  if (saved.judged &&
      (result.status != ExecStatus::Error || result.error.kind != saved.judged->kind)) {
    result.status = ExecStatus::Error;
    result.error = *saved.judged;
    if (saved.judgedStep && saved.judgedStep <= result.trace.size())
      result.error.location = result.trace[saved.judgedStep - 1].location;
    if (!options.json)
      std::cout << "replay: the error below is the search's judgement of the whole execution "
                   "(the program does not raise it itself); the replay shows its execution\n";
  }
  if (result.status == ExecStatus::Error) {
    ErrorReport report{result.error, schedule, result.trace};
    std::vector<NondetValue> inputs =
        settleSymbolicTrace(execution, report, options.search.maxDepth);
    if (options.json) {
      description.end = "an error";
      description.error = &report;
      description.nondetInputs = describeNondetValues(model, inputs);
      std::cout << formatReplayJson(model, description);
    } else {
      SourceLines sources(options.input);
      std::cout << formatErrorReport(
          model, report, traceStyle(model, options, report.schedule, report.trace, sources));
      std::cout << formatNondetInputs(describeNondetValues(model, inputs));
      std::cout << fmt::format("verdict: error ({})\n", errorKindName(result.error.kind));
    }
    if (int failed = drawTrace(model, options, report.trace, &report.error, ""))
      return failed;
    return exitCodeFor(result.error);
  }
  // A schedule that ends where it has been before is a lasso: the livelock a stateful search
  // reported replays as its cycle, which is a livelock again if it is fair.
  if (result.status == ExecStatus::Running)
    if (std::optional<Lasso> lasso = findLasso(model, schedule); lasso && lasso->fair) {
      ErrorInfo error;
      error.kind = ErrorKind::Livelock;
      error.thread = schedule[lasso->cycleStart].thread;
      error.location = result.trace[lasso->cycleStart].location;
      error.message = livelockMessage(lasso->cycleStart, schedule.size());
      ErrorReport report{error, schedule, result.trace};
      if (options.json) {
        description.end = "a livelock";
        description.error = &report;
        std::cout << formatReplayJson(model, description);
      } else {
        SourceLines sources(options.input);
        std::cout << formatErrorReport(
            model, report, traceStyle(model, options, report.schedule, report.trace, sources));
        std::cout << "verdict: error (livelock)\n";
      }
      if (int failed = drawTrace(model, options, report.trace, &report.error, ""))
        return failed;
      return ErrorFound;
    }
  const char *end = result.status == ExecStatus::Finished     ? "the program finished"
                    : result.status == ExecStatus::Infeasible ? "an assumption failed"
                                                              : "the schedule ended";
  if (options.json) {
    description.end = end;
    description.trace = &result.trace;
    std::cout << formatReplayJson(model, description);
  } else {
    SourceLines sources(options.input);
    std::cout << formatTrace(model, result.trace,
                             traceStyle(model, options, schedule, result.trace, sources));
    std::cout << fmt::format("verdict: ok: no error on this schedule ({})\n", end);
  }
  if (int failed = drawTrace(model, options, result.trace, nullptr,
                             fmt::format("replay of {}: {}", options.replay, end)))
    return failed;
  return NoErrorFound;
}

} // namespace

int main(int argc, char **argv) {
#ifdef BPOR_HAVE_INPROCESS_CLANG
  setInProcessCompiler(&compileWithClangInProcess);
#endif
  Options options;
  if (!parseOptions(argc, argv, options))
    return BadInput;
  // Under mpirun: one search over every process; rank 0 reports (DistributedRun.h).
  std::unique_ptr<distributed::Cluster> cluster;
  if (std::string problem = joinCluster(options, cluster); !problem.empty())
    return distributed::launchedRank() == 0 ? fail(BadInput, problem) : BadInput;
  if (options.svcomp)
    return runSvcompMode(options);
  if (!options.validateWitness.empty())
    return runWitnessValidation(options);
  handleInterrupts(exitOnSignal);

  // A replay first takes the settings its schedule was saved with: they decide how the program
  // is compiled and modelled.
  SavedSchedule replaySchedule;
  std::vector<std::string> replayNotes;
  if (!options.replay.empty()) {
    ScheduleSettings saved;
    if (std::string problem = loadSchedule(options.replay, replaySchedule, saved);
        !problem.empty())
      return fail(BadInput, problem);
    replayNotes = applyScheduleSettings(saved, options);
  }

  llvm::LLVMContext context;
  InputOptions inputOptions{options.clangPath, options.clangArgs};
  LoadedInput input = loadInput(options.input, inputOptions, context);
  if (!input.module)
    return fail(BadInput, input.error);

  BuiltModel built = buildModel(std::move(input.module), options.model);
  if (!built.model)
    return fail(built.exitCode ? built.exitCode : Unsupported, built.error);
  Model &model = *built.model;

  if (!options.replay.empty())
    return runReplay(model, *built.execution, options, replaySchedule, replayNotes);

  std::string stateKey;
  bool hasStateKeys = model.stateKey(stateKey);
  // The memory model: RC11 by default for a program whose own atomics use weaker orders (a
  // search or bound the user chose runs under sequential consistency, naming the gap).
  if (!options.memoryModel)
    options.memoryModel = built.weakOrders && options.defaultMode ? graph::MemoryModel::RC11
                                                                   : graph::MemoryModel::SC;
  if (options.weakMemory() && !options.defaultMode)
    return fail(BadInput, fmt::format("--model={} explores the program's consistent execution "
                                      "graphs: it takes no --por, --search or bound",
                                      graph::memoryModelName(*options.memoryModel)));
  ProgramShape shape{built.hasYields, built.hasUpdateLoops, built.usesNondet, hasStateKeys};
  if (options.defaultMode && !options.weakMemory())
    chooseDefaultMode(options, shape);
  configureBugHunt(options, built.hasYields);
  // A hunt (best-first) goes on past an execution that is only long; one that cycles fairly is
  // a livelock. So do the searches with a fair bound.
  configureDepthLimit(options);
  if (options.estimate)
    return printEstimate(model, options, describeRun(options, built));
  if (cluster) {
    // Every rank stops alike; rank 0 says why.
    std::string problem = chooseDistributedSearch(options);
    if (problem.empty())
      problem = distributed::agreeOnProgram(*cluster, programFingerprint(options, argc, argv));
    if (!problem.empty())
      return cluster->coordinates() ? fail(BadInput, problem) : BadInput;
  }
  // -j: a model per further worker, over the same program.
  std::vector<std::shared_ptr<Execution>> workerExecutions;
  std::vector<Model *> workerModels;
  if (options.jobs > 1) {
    const SearchKind *kind = findSearch(options.explorer);
    if ((!kind || !kind->parallel) && options.defaultMode) {
      // The program chose a search that runs on one thread (spin loops): run it, say so.
      if (!options.json)
        std::cout << fmt::format("bporcheck: -j {}: this program needs the {} search, which runs "
                                 "on one thread\n",
                                 options.jobs, options.explorer);
      options.jobs = 1;
    } else if (!kind || !kind->parallel) {
      return fail(BadInput, fmt::format("-j {}: the {} search runs on one thread; -j divides "
                                        "--search=optimal and --search=source, and "
                                        "--search=bpor at one bound",
                                        options.jobs, options.explorer));
    } else if (std::string why = whyNotDivided(options); !why.empty()) {
      return fail(BadInput, fmt::format("-j {}: {}", options.jobs, why));
    }
  }
  if (options.jobs > 1) {
    for (unsigned w = 1; w < options.jobs; ++w) {
      std::shared_ptr<Execution> worker = built.newExecution();
      if (!worker)
        return fail(Unsupported, "-j: could not make another model of the program");
      workerModels.push_back(worker.get());
      workerExecutions.push_back(std::move(worker));
    }
  }
  RunDescription run = describeRun(options, built);
  ProgressLine progress(options.progress);
  SearchOptions search = options.search;
  LocalStateCounter states;
  // The estimate samples a model of its own, within its share of the time (Estimate.h).
  BackgroundEstimate estimate([&]() -> std::shared_ptr<Model> { return built.newExecution(); },
                              options.search.maxDepth);
  // The count is the set's size, so showing it in the progress line costs nothing.
  // `more`: what the search adds to the line (a distributed search: its ranks).
  auto reportProgress = [&](const Statistics &stats, const std::string &more = "") {
    progress.setSearch(options.explorer);
    std::string estimated =
        options.progress ? estimate.progressText(estimateTreeFor(options), stats,
                                                 progress.elapsedSeconds())
                         : "";
    if (std::string warning = estimate.explosionWarning(); !warning.empty())
      progress.note(warning);
    progress.update(stats, options.hashStates ? std::optional(states.count()) : std::nullopt,
                    more + estimated);
  };
  search.progress = [&](const Statistics &stats) { reportProgress(stats); };
  bool reportsLevels = search.iterativeBounding ||
                       (search.strategy == Strategy::BestFirst &&
                        search.bestFirstPriority == BestFirstPriority::Cost);
  if (reportsLevels && !options.json) {
    // Each bound's coverage statement as its round ends: a long run says what it has covered.
    std::cout << fmt::format("bporcheck: {}: {}\n", options.input, run.searchName);
    search.onRound = [&](const BoundRound &round) {
      progress.finish();
      std::string statement =
          round.errors ? "error found"
          : !round.complete ? "incomplete (stopped by a limit)"
          : !round.boundPruned
              ? "no error in any schedule (the bound pruned nothing)"
              : "no error in any schedule " + boundPhrase(search, round.bound);
      // Executions of this round cut at the depth limit are no part of what it covered.
      if (!round.errors && round.complete)
        statement += cutInRounds(round.stats.depthLimited);
      // The states reached so far are those within this round's bound: every earlier round's
      // bound is smaller.
      std::string reached =
          options.hashStates ? fmt::format(", {} unique local states", states.count()) : "";
      std::cout << fmt::format("bound {}: {} ({} execution{}{})\n", round.bound, statement,
                               round.stats.executions, round.stats.executions == 1 ? "" : "s",
                               reached);
      std::cout.flush();
    };
  }
  ExecutionObserver observer = options.hashStates ? states.observer() : ExecutionObserver();
  std::optional<TraceHashFile> traceHashes;
  if (!options.dumpTraces.empty()) {
    traceHashes.emplace(cluster && !cluster->coordinates()
                            ? fmt::format("{}.{}", options.dumpTraces, cluster->rank())
                            : options.dumpTraces);
    if (!traceHashes->error().empty())
      return fail(BadInput, traceHashes->error());
    observer = traceHashes->observer(std::move(observer));
  }
  handleInterrupts(stopOnSignal);
  SearchResult result;
  if (cluster) {
    try {
      RankProgress rankProgress;
      if (options.progress)
        rankProgress = [&](const Statistics &sum, const std::string &ranks) {
          reportProgress(sum, ranks);
        };
      result = runDistributed(*cluster, model, *built.execution, options,
                              programFingerprint(options, argc, argv), search, observer,
                              rankProgress, run);
    } catch (const std::runtime_error &failure) {
      return cluster->coordinates() ? fail(BadInput, failure.what()) : BadInput;
    }
    progress.finish();
    if (!cluster->coordinates())
      return NoErrorFound; // rank 0 reports the whole search
  } else {
    result = runSearch(model, options, search, run, observer, progress, hasStateKeys,
                       workerModels, built.execution);
    progress.finish();
  }
  if (options.weakMemory() && !options.memoryModelExplicit) {
    if (std::string why = weakSearchGaveUp(result, options); !why.empty()) {
      // The default model's search met what it does not support yet: check the program under
      // SC instead, with the weaker orders as the coverage gap they are there.
      if (!options.json)
        std::cout << fmt::format("bporcheck: {}: {}; checking under sequential consistency "
                                 "instead\n",
                                 options.input, why);
      options.memoryModel = graph::MemoryModel::SC;
      chooseDefaultMode(options, shape);
      configureDepthLimit(options);
      run = describeRun(options, built);
      search = options.search;
      search.progress = [&](const Statistics &stats) { reportProgress(stats); };
      result = runSearch(model, options, search, run, observer, progress, hasStateKeys,
                         workerModels, built.execution);
      progress.finish();
    }
  }
  // The stateful search words its own reasons; a stateless search stopped by a limit says which.
  if (!result.complete && result.limit != SearchLimit::None && run.incompleteReason.empty())
    run.incompleteReason = describeLimit(result.limit, options.search);
  for (const std::shared_ptr<Execution> &worker : workerExecutions)
    built.execution->addCoverageGapsOf(*worker);
  std::optional<uint64_t> uniqueLocalStates;
  if (options.hashStates)
    uniqueLocalStates = states.count();
  if (!options.dumpLocalStates.empty())
    if (std::string problem = states.write(options.dumpLocalStates); !problem.empty())
      return fail(BadInput, problem);
  CoverageGaps gaps = built.execution->coverageGaps();
  gaps.spuriousWakeupsWithheld -= run.spuriousWakeupsWithheldBefore;
  // Under a weak model the search explored what the orders allow; under --model=sc the user
  // asked for them to be checked as seq_cst.
  // Searched under a weak model, or asked to take the weaker orders as seq_cst: no gap.
  if (options.weakMemory() || options.memoryModelExplicit)
    gaps.weakOrders = 0;
  run.dataGap = dataCoverageGap(*built.execution, gaps);
  // The model's input streams are empty: every read finds the end of the input at once.
  if (!built.inputFunction.empty()) {
    std::string input = fmt::format("the program calls {}, and the model's input streams are "
                                    "empty: what other input makes it do was not explored",
                                    built.inputFunction);
    run.dataGap = run.dataGap.empty() ? input : run.dataGap + "; " + input;
  }
  // Executions cut at the depth limit without a fair cycle: what follows the cut is not covered.
  if (search.livelocksAtDepthLimit && result.stats.depthLimited) {
    std::string cut = depthLimitGap(result.stats.depthLimited, search.maxDepth);
    run.dataGap = run.dataGap.empty() ? cut : run.dataGap + "; " + cut;
  }
  std::vector<std::vector<std::string>> nondetInputs;
  for (ErrorReport &report : result.errors)
    nondetInputs.push_back(describeNondetValues(
        model, settleSymbolicTrace(*built.execution, report, options.search.maxDepth)));
  if (!nondetInputs.empty())
    run.nondetInputs = nondetInputs.front();
  // A search stopped early still covered its completed levels (best-first, iterative bounding).
  uint64_t cutSoFar = 0;
  for (const BoundRound &round : result.rounds) {
    cutSoFar += round.stats.depthLimited;
    if (round.complete && round.boundPruned)
      run.coverageReached = "no error in any schedule " + boundPhrase(search, round.bound) +
                            cutInRounds(cutSoFar);
  }

  if (options.json) {
    std::cout << formatJson(model, run, result, peakRssKb(), uniqueLocalStates);
  } else {
    if (!reportsLevels)
      std::cout << fmt::format("bporcheck: {}: {}\n", options.input, run.searchName);
    SourceLines sources(options.input);
    for (size_t i = 0; i < result.errors.size(); ++i) {
      const ErrorReport &report = result.errors[i];
      std::cout << formatErrorReport(
                       model, report,
                       traceStyle(model, options, report.schedule, report.trace, sources))
                << formatNondetInputs(nondetInputs[i]);
    }
    std::cout << formatVerdict(model, run, result);
    std::cout << formatStatistics(result.stats, peakRssKb(), uniqueLocalStates);
    std::cout << run.extraStatistics;
  }
  if (result.errors.empty()) {
    // A search cut by the depth limit has not shown that every execution ends well: an
    // execution went on for longer than --max-depth without repeating a state. A search a limit
    // stopped (time, memory, an interrupt) says so first: it is incomplete, exit code 4.
    if (result.stats.depthLimited && !result.complete && result.limit == SearchLimit::None)
      return Unsupported;
    // 0 only when every schedule in the stated scope was covered: a search stopped by a limit,
    // or one that left behaviours out (coverage gaps), says so with its own code.
    return result.complete && run.dataGap.empty() ? NoErrorFound : Incomplete;
  }
  const ErrorReport &first = result.errors.front();
  if (!options.saveTrace.empty()) {
    SavedSchedule saved{first.schedule, first.readValues, {}, std::nullopt, 0};
    if (!first.readValues.empty()) {
      for (const Operation &op : first.trace)
        saved.readFrom.push_back(op.readFromStep);
      // An error the program does not raise on replay is saved with the schedule.
      ReplayResult again =
          replay(model, first.schedule, options.search.maxDepth, first.readValues);
      if (again.status != ExecStatus::Error || again.error.kind != first.error.kind) {
        saved.judged = first.error;
        for (size_t i = first.trace.size(); i-- > 0 && !saved.judgedStep;)
          if (first.trace[i].location == first.error.location)
            saved.judgedStep = i + 1;
      }
    }
    if (std::string problem = saveSchedule(options.saveTrace, saved, options.input,
                                           scheduleSettings(options));
        !problem.empty())
      return fail(BadInput, problem);
    if (!options.json)
      std::cout << fmt::format("schedule saved to {} (re-run it with --replay={})\n",
                               options.saveTrace, options.saveTrace);
  }
  if (int failed = drawTrace(model, options, first.trace, &first.error, ""))
    return failed;
  return exitCodeFor(result.errors);
}
