#include "svcomp/Strategy.h"

#include "checker/engine/SearchStop.h"
#include "svcomp/Searches.h"
#include "svcomp/WitnessWriter.h"

#include <ctime>
#include <fmt/format.h>
#include <iostream>

namespace bpor::svcomp {
namespace {

/// The competition's limit is 900 s of CPU time; answer before it rather than be killed.
constexpr double DefaultTimeLimitSeconds = 850;
/// The share of the time limit kept for writing the answer and the witness after the searches.
constexpr double FinishingShare = 0.03;
/// The bug hunt's share of the time limit.
constexpr double BugHuntShare = 0.2;
/// The share of the time limit the complete search first gets on its own: a small program is
/// settled by it before any hunting (the hunt runs many more executions over plain values).
constexpr double QuickCompleteShare = 0.05;
/// The bug hunt's preemption bound and the fair bound of spinning programs. The hunt is BPOR at
/// that bound directly, not iteratively (0, then 1, then 2): the executions within bound 2
/// include those within 0 and 1, which iterative bounding explores again before it gets to the
/// rest (elimination_backoff_stack: the direct hunt reaches the violation after 2.0 M executions,
/// 7.6 s, where the iterative one has not after 3.8 M, 24 s; docs/results.md).
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
/// The stateful search's step limit: it finds livelocks exactly (fair cycles), and one is a
/// non-terminating behaviour, which unreach-call does not forbid, not a cut execution.
constexpr uint64_t StatefulMaxDepth = 10'000'000;

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

std::string describe(const Model &model, const ErrorInfo &error) {
  std::string where = error.location ? model.describeLocation(error.location) : "";
  return fmt::format("{}{}", error.message, where.empty() ? "" : " at " + where);
}

/// The strategy over one task: builds the models of its program, run the searches in turn until
/// one settles the task (steps 0 to 3 below), and answer from the last one.
class TaskRun {
public:
  TaskRun(const Settings &settings, const Host &host, const Input &input, std::clock_t started)
      : settings_(settings), host_(host), input_(input), started_(started) {}
  TaskRun(const TaskRun &) = delete;
  TaskRun &operator=(const TaskRun &) = delete;

  /// Returns the exit code once the answer is printed.
  int run();

private:
  std::string buildModels();
  void setUpSearches();
  bool unfolding() const { return settings_.unfolding.has_value(); }
  bool violates(const ErrorInfo &error) const { return violatesProperty(input_, error); }
  double elapsed() const { return double(std::clock() - started_) / CLOCKS_PER_SEC; }
  /// Ends the progress line and prints the last search's "search: ..." line.
  void announce();

  void runComplete(double timeLimit);
  bool runStatefulForAMoment();
  bool runSymmetricSearches();
  bool trySymmetric(unsigned threshold, ThreadId threadLimit, double share,
                    bool &threadLimitMet);
  bool runWithLoopsAbstracted();
  void huntThenComplete();
  void coverWhatWasCapped();

  int answer();
  int answerViolation(const Search &last);
  int answerNoViolation(const Search &last);
  std::string stoppingLimit(SearchLimit limit) const;

  const Settings &settings_;
  const Host &host_;
  const Input &input_;
  std::clock_t started_;

  // The models of the program.
  ModelRequest config_;
  ProgramModel built_;
  /// With symbolic nondet values, the same program with plain values (valuesBuilt_) for the
  /// bug hunt; else built_.
  ProgramModel valuesBuilt_;
  ProgramModel *valuesModel_ = &built_;
  /// A model with state keys, for the stateful searches; null if there is none.
  ProgramModel *keyed_ = nullptr;
  ProgramModel coEnabledBuilt_;
  ProgramModel loopsAbstractedBuilt_; // step 0d

  // The searches.
  Obstacles obstacles_;
  SearchOptions base_;
  SearchOptions statefulBase_;
  double budget_ = 0;
  std::vector<Search> searches_;
};

std::string TaskRun::buildModels() {
  config_.programFile = input_.programFile;
  config_.clangArgs = input_.clangArgs;
  config_.nondetValues = settings_.nondetValues;
  config_.nondetClasses = settings_.nondetClasses;
  config_.symbolicNondet = settings_.symbolicNondet;
  config_.printOutput = settings_.printOutput;
  config_.enumerateSmallNondet = true;
  config_.onlyMallocNeverFails = true;
  config_.spuriousWakeups = true;
  configureForProperty(input_, config_);
  // abort() still ends the whole execution here (the model's abortStopsThread stays off):
  // stopping only its thread is the sound rule, but on the pthread-wmm tasks, whose every step
  // is a global atomic block, exploring the other threads' steps after main's abort made the
  // bug hunt miss mix008_tso.oepc within its time (docs/algorithms-notes.md, "Failed
  // assumptions block their thread").
  built_ = host_.buildModel(config_);
  if (!built_.model)
    return built_.error;
  // With symbolic nondet values, a second model of the same program with plain values (every
  // value of a bool or char, {-1, 0, 1} of wider types) for the bug hunt: it runs many more
  // executions a second, and an error it finds is a real one (its values are values of their
  // types). It also has state keys, which the stateful search needs. Only the complete search
  // decides TRUE, and it counts the values it did not cover.
  if (built_.usesNondet && config_.symbolicNondet) {
    ModelRequest values = config_;
    values.symbolicNondet = false;
    valuesBuilt_ = host_.buildModel(values);
    if (valuesBuilt_.model)
      valuesModel_ = &valuesBuilt_;
  }
  return "";
}

void TaskRun::setUpSearches() {
  base_ = settings_.search;
  base_.keepGoing = false;
  base_.isViolation = [this](const ErrorInfo &error) {
    if (violates(error))
      return true;
    obstacles_.note(error);
    return false;
  };
  base_.progress = [this](const Statistics &stats) { host_.progress(stats); };
  budget_ = settings_.search.timeLimitSeconds > 0 ? settings_.search.timeLimitSeconds
                                                  : DefaultTimeLimitSeconds;
  // The stateful search needs state keys: the symbolic model has none, the values model has
  // (it then covers every value only of bool- and char-sized inputs, and says so).
  std::string key;
  keyed_ = built_.model->stateKey(key)          ? &built_
           : valuesModel_->model->stateKey(key) ? valuesModel_
                                                : nullptr;
  // Races found with vector clocks leave no state keys: the stateful search gets a model of
  // its own that checks them as co-enabled accesses instead (the same races on sequentially
  // consistent programs; ExecutionOptions::raceDetection).
  if (!keyed_ && config_.raceDetection == RaceDetection::HappensBefore) {
    ModelRequest coEnabled = config_;
    coEnabled.symbolicNondet = false;
    coEnabled.raceDetection = RaceDetection::CoEnabled;
    coEnabledBuilt_ = host_.buildModel(coEnabled);
    if (coEnabledBuilt_.model && coEnabledBuilt_.model->stateKey(key))
      keyed_ = &coEnabledBuilt_;
  }
  statefulBase_ = base_;
  statefulBase_.maxDepth = std::max<uint64_t>(base_.maxDepth, StatefulMaxDepth);
}

void TaskRun::announce() {
  host_.finishProgress();
  std::cout << "search: " << statsPhrase(searches_.back()) << "\n";
}

void TaskRun::runComplete(double timeLimit) {
  SearchOptions full = base_;
  full.timeLimitSeconds = timeLimit;
  switch (completeSearchFor(unfolding(), built_.hasYields, keyed_ != nullptr)) {
  case CompleteSearch::Unfolding:
    // With state keys it has cutoffs and so ends on programs that spin. It decides on its
    // own whether some execution is too long: what an earlier search met does not count.
    obstacles_.tooLong.reset();
    full.maxDepth = statefulBase_.maxDepth;
    searches_.push_back(runUnfolding(keyed_ ? *keyed_ : built_, full, *settings_.unfolding));
    break;
  case CompleteSearch::Stateful:
    statefulBase_.timeLimitSeconds = full.timeLimitSeconds;
    searches_.push_back(runStateful(*keyed_, statefulBase_));
    break;
  case CompleteSearch::FairBpor:
    full.por = PorMode::Bpor;
    full.bound = BoundKind::Fair;
    full.boundValue = FairBound;
    searches_.push_back(
        runSearch(built_, full, std::nullopt, fmt::format("BPOR, fair bound {}", FairBound)));
    break;
  case CompleteSearch::OptimalDpor:
    full.por = PorMode::Dpor;
    searches_.push_back(runSearch(built_, full, OptimalVariant::Optimal, "optimal DPOR"));
    break;
  }
  announce();
}

// 0b. Where optimal DPOR did not finish, the stateful search for a moment too: threads that
//     meet in few states can still have factorially many traces (a barrier used twice by three
//     threads).
bool TaskRun::runStatefulForAMoment() {
  if (!keyed_ || searches_.back().stateful || unfolding())
    return false;
  statefulBase_.timeLimitSeconds = std::max(1.0, budget_ * QuickCompleteShare);
  searches_.push_back(runStateful(*keyed_, statefulBase_));
  announce();
  // Over plain values it covers every value only of bool- and char-sized inputs: then only a
  // violation settles the task.
  const Search &stateful = searches_.back();
  return !stateful.result.errors.empty() ||
         (stateful.result.complete && coveredEveryValue(stateful));
}

// Runs one symmetric search; true if it settled the task.
bool TaskRun::trySymmetric(unsigned threshold, ThreadId threadLimit, double share,
                            bool &threadLimitMet) {
  Obstacles met;
  SearchOptions symmetric = statefulBase_;
  symmetric.timeLimitSeconds = std::max(1.0, budget_ * share);
  // It stops at a violation, and where it cannot settle anything: at a construct or limit it
  // does not support (the thread limit, for exact symmetry on threads without end).
  symmetric.isViolation = [&](const ErrorInfo &error) {
    met.note(error);
    return violates(error) || error.kind == ErrorKind::Unsupported ||
           error.kind == ErrorKind::ResourceLimit;
  };
  searches_.push_back(runSymmetric(*keyed_, symmetric, threshold, threadLimit));
  announce();
  const Search &done = searches_.back();
  threadLimitMet |= met.unsupported && met.unsupported->kind == ErrorKind::ResourceLimit;
  if (!done.result.errors.empty() && violates(done.result.errors.front().error) &&
      !done.result.errors.front().schedule.empty())
    return true;
  if (provesNoViolation(done, met)) {
    // It covered every behaviour: what the earlier searches met (the thread limit of a search
    // without symmetry, an execution too long for it) it met too if reachable.
    obstacles_ = met;
    return true;
  }
  // Not settled: the next search decides, as if this one had not run.
  searches_.pop_back();
  return false;
}

// 0c. Where threads are interchangeable, the stateful search over sorted threads, then the
//     counter abstraction: programs that make threads without end (`while (1)
//     pthread_create(...)`) have unboundedly many states, which only the abstraction covers. A
//     complete search without violation settles TRUE; a violation settles FALSE only with a
//     schedule of the program itself (the abstraction's may be spurious). Where threads are
//     made without end, the bug hunt's executions never end either: the sorted search with a
//     few threads at most looks for violations instead.
bool TaskRun::runSymmetricSearches() {
  if (!keyed_ || unfolding())
    return false;
  bool threadLimitMet = false;
  bool settled = trySymmetric(0, 0, QuickCompleteShare, threadLimitMet);
  // Dropping threads renumbers the later ones: only where no thread number is read.
  if (!settled && !keyed_->threadHandlesRead)
    settled = trySymmetric(SymmetryThreshold, 0, AbstractionShare, threadLimitMet);
  for (ThreadId limit : BugHuntThreadLimits) {
    if (settled || !threadLimitMet)
      break;
    settled = trySymmetric(0, limit, QuickCompleteShare / 2, threadLimitMet);
  }
  return settled;
}

// 0d. Loops without effects whose iteration counts are nondet inputs (one path per count, up to
//     2^32): the program with each replaced by its last iteration after a nondet number of
//     them over-approximates it (passes/LoopAbstraction.h, for unreach-call: a dropped
//     iteration could overflow or race). A complete search of it without violation settles
//     TRUE; a violation it reaches settles nothing.
bool TaskRun::runWithLoopsAbstracted() {
  if (input_.property.name != "unreach-call" || !config_.symbolicNondet || unfolding())
    return false;
  ModelRequest abstractLoops = config_;
  abstractLoops.abstractLoops = true;
  loopsAbstractedBuilt_ = host_.buildModel(abstractLoops);
  unsigned loops = loopsAbstractedBuilt_.abstractedLoops;
  if (!loopsAbstractedBuilt_.model || loops == 0 || loopsAbstractedBuilt_.hasYields)
    return false;
  Obstacles met;
  SearchOptions full = base_;
  full.por = PorMode::Dpor;
  full.timeLimitSeconds = std::max(1.0, budget_ * AbstractionShare);
  full.isViolation = [&](const ErrorInfo &error) {
    met.note(error);
    return violates(error) || error.kind == ErrorKind::Unsupported ||
           error.kind == ErrorKind::ResourceLimit;
  };
  searches_.push_back(
      runSearch(loopsAbstractedBuilt_, full, OptimalVariant::Optimal,
                fmt::format("optimal DPOR, {} loop{} abstracted", loops, loops == 1 ? "" : "s")));
  announce();
  if (provesNoViolation(searches_.back(), met)) {
    obstacles_ = met; // it covered every behaviour, whatever the earlier searches met
    return true;
  }
  searches_.pop_back();
  return false;
}

void TaskRun::huntThenComplete() {
  // 1. A quick bug hunt: few preemptions find most concurrency bugs (and if the bound prunes
  //    nothing, this search was already complete).
  SearchOptions hunt = base_;
  hunt.por = PorMode::Bpor;
  hunt.bound = BoundKind::Preemption;
  hunt.boundValue = BugHuntPreemptions;
  if (built_.hasYields)
    hunt.combinedFairBound = FairBound;
  hunt.timeLimitSeconds = budget_ * BugHuntShare;
  searches_.push_back(runSearch(
      *valuesModel_, hunt, std::nullopt,
      fmt::format("bug hunt (BPOR, preemption bound {}{}{})", BugHuntPreemptions,
                  built_.hasYields ? fmt::format(", fair bound {}", FairBound) : "",
                  valuesModel_ != &built_ ? ", plain nondet values" : "")));
  announce();

  const SearchResult &first = searches_.back().result;
  // A hunt over plain values covered only some values: it settles nothing but a violation.
  bool huntSettled = !first.errors.empty() ||
                     (first.complete && !first.boundPruned && valuesModel_ == &built_);
  // 2. The complete search again, with the rest of the time.
  if (!huntSettled)
    runComplete(std::max(1.0, budget_ - FinishingShare * budget_ - elapsed()));
}

// 3. A search that met an execution longer than the step limit did not cover what lies beyond
//    it, and one that capped spurious wakeups did not cover the wait loops that wake again: the
//    stateful search decides, with the time left, when states have keys. With
//    --search=unfolding the unfolding search decides instead.
void TaskRun::coverWhatWasCapped() {
  const Search &previous = searches_.back();
  bool capped = obstacles_.tooLong ||
                previous.on->execution->coverageGaps().spuriousWakeupsWithheld >
                    previous.before.spuriousWakeupsWithheld;
  double left = budget_ - FinishingShare * budget_ - elapsed();
  if (!capped || !previous.result.errors.empty() || left <= 1)
    return;
  if (unfolding()) {
    if (!previous.unfolding)
      runComplete(left);
  } else if (keyed_ && !previous.stateful) {
    obstacles_.tooLong.reset();
    statefulBase_.timeLimitSeconds = left;
    searches_.push_back(runStateful(*keyed_, statefulBase_));
    announce();
  }
}

int TaskRun::run() {
  if (std::string problem = buildModels(); !problem.empty())
    return unknown(problem);
  setUpSearches();
  // 0. The complete search for a moment: a small program is settled before any hunting.
  runComplete(std::max(1.0, budget_ * QuickCompleteShare));
  const SearchResult &quick = searches_.back().result;
  bool settled = !quick.errors.empty() || quick.complete;
  if (!settled)
    settled = runStatefulForAMoment();
  if (!settled)
    settled = runSymmetricSearches();
  if (!settled)
    settled = runWithLoopsAbstracted();
  if (!settled)
    huntThenComplete();
  coverWhatWasCapped();
  return answer();
}

int TaskRun::answer() {
  const Search &last = searches_.back();
  if (!last.result.errors.empty())
    return answerViolation(last);
  return answerNoViolation(last);
}

int TaskRun::answerViolation(const Search &last) {
  Model &model = *last.on->model;
  ErrorReport report = last.result.errors.front();
  std::vector<NondetValue> nondetValues = host_.showViolation(model, *last.on->execution, report);
  if (!settings_.witness.empty()) {
    WitnessTask task{input_.programFile, input_.propertyFile, input_.dataModel};
    if (std::string werror =
            writeWitness(settings_.witness, violationWitnessFor(settings_.witness, model, report,
                                                            nondetValues, task));
        !werror.empty())
      std::cerr << "bporcheck: " << werror << "\n";
  }
  return printAnswer(Answer{Answer::Kind::False, violatedProperty(input_, report.error),
                            fmt::format("the execution above {} ({})", violationPhrase(input_),
                                        describe(model, report.error))});
}

// The limit that ended an unfinished search: the memory limit or an interrupt where one
// stopped it, else the task's time limit (each search ends at its share of it).
std::string TaskRun::stoppingLimit(SearchLimit limit) const {
  if (limit == SearchLimit::Memory || limit == SearchLimit::Interrupt)
    return describeLimit(limit, settings_.search);
  return fmt::format("time limit {:.0f} s", budget_);
}

int TaskRun::answerNoViolation(const Search &last) {
  const SearchResult &result = last.result;
  const Model &model = *last.on->model;
  const Execution &execution = *last.on->execution;
  if (!result.complete)
    return unknown(fmt::format("the search did not finish within the limits ({})",
                               last.incompleteReason.empty()
                                   ? statsPhrase(last) + "; " + stoppingLimit(result.limit)
                                   : statsPhrase(last)));
  if (obstacles_.tooLong && !last.stateful)
    return unknown("an execution did not end within the step limit: " +
                   describe(model, *obstacles_.tooLong));
  if (result.boundPruned)
    return unknown(fmt::format("the program spins (spin loops or sched_yield) and the fair "
                               "bound {} cut schedules ({})",
                               FairBound, statsPhrase(last)));
  if (obstacles_.undefinedBehaviour)
    return unknown("an execution has undefined behaviour and cannot be continued: " +
                   describe(model, *obstacles_.undefinedBehaviour));
  if (obstacles_.unsupported)
    return unknown("an execution reached something unsupported: " +
                   describe(model, *obstacles_.unsupported));
  // What the deciding search left out (the model's gaps grew during it).
  CoverageGaps gaps = execution.coverageGaps();
  gaps.partialNondetDraws -= last.before.partialNondetDraws;
  gaps.spuriousWakeupsWithheld -= last.before.spuriousWakeupsWithheld;
  gaps.fixedRandomValues -= last.before.fixedRandomValues;
  gaps.allocationsAssumedToSucceed -= last.before.allocationsAssumedToSucceed;
  // SV-COMP's concurrency tasks are interpreted under sequential consistency, whatever memory
  // orders their atomics name (docs/user-guide.md, "SV-COMP mode").
  gaps.weakOrders = 0;
  if (gaps.partialNondetDraws)
    return unknown(fmt::format(
        "a __VERIFIER_nondet_* value wider than 8 bits was explored only with the values "
        "{{{}}}, not over its whole type ({})",
        fmt::join(settings_.nondetValues, ", "), statsPhrase(last)));
  if (std::string gap = host_.describeDataGap(execution, gaps); !gap.empty())
    return unknown(fmt::format("not every behaviour was covered: {} ({})", gap,
                               statsPhrase(last)));
  if (!built_.uninitializedUse.empty())
    return unknown(fmt::format("the program may read an uninitialized variable ({}): its "
                               "value was not explored over every value it may hold ({})",
                               built_.uninitializedUse, statsPhrase(last)));
  if (!built_.inputFunction.empty())
    return unknown(fmt::format("the program calls {}: the model's input streams are empty, and "
                               "what other input makes it do was not explored ({})",
                               built_.inputFunction, statsPhrase(last)));
  if (gaps.fixedRandomValues)
    return unknown(fmt::format("rand() was called: it was explored with one fixed sequence of "
                               "values, not every value it may return ({})",
                               statsPhrase(last)));
  if (gaps.allocationsAssumedToSucceed)
    return unknown(fmt::format("calloc, realloc or aligned_alloc was called: SV-COMP's rules let "
                               "them fail (only malloc and alloca always return a valid "
                               "pointer), and executions in which they fail were not explored "
                               "({})",
                               statsPhrase(last)));
  if (gaps.spuriousWakeupsWithheld)
    return unknown(fmt::format("a thread waited on a condition variable again after its "
                               "spurious wakeup: executions with more spurious wakeups were "
                               "not explored ({})",
                               statsPhrase(last)));
  // valid-memtrack (which valid-memcleanup includes) is checked when the process ends: memory
  // lost in an execution that never ends (a deadlock, a cycle of states) is not seen.
  if ((input_.property.name == "valid-memsafety" || input_.property.name == "valid-memcleanup") &&
      (obstacles_.deadlocks || last.stateful || built_.hasYields))
    return unknown(fmt::format("{} is checked when the program ends, and some executions do "
                               "not end ({})",
                               input_.property.name == "valid-memsafety" ? "valid-memtrack"
                                                                         : "valid-memcleanup",
                               obstacles_.deadlocks ? "a deadlock" : "the program spins"));
  if (!settings_.witness.empty()) {
    WitnessTask task{input_.programFile, input_.propertyFile, input_.dataModel};
    if (std::string werror = writeWitness(settings_.witness, correctnessWitnessFor(settings_.witness, task));
        !werror.empty())
      std::cerr << "bporcheck: " << werror << "\n";
  }
  return printAnswer(Answer{
      Answer::Kind::True, "",
      fmt::format("no execution {} ({}; every schedule and nondet value covered{}{})",
                  violationPhrase(input_), statsPhrase(last),
                  last.abstracted ? ", for any number of threads" : "",
                  obstacles_.endedByAbort || obstacles_.deadlocks
                      ? fmt::format("; {} ended by abort or a failed assert, {} deadlocked",
                                    obstacles_.endedByAbort, obstacles_.deadlocks)
                      : "")});
}

} // namespace

CompleteSearch completeSearchFor(bool unfolding, bool hasYields, bool hasStateKeys) {
  if (unfolding)
    return CompleteSearch::Unfolding;
  if (hasYields)
    return hasStateKeys ? CompleteSearch::Stateful : CompleteSearch::FairBpor;
  return CompleteSearch::OptimalDpor;
}

std::string unfoldingCannotCheck(const Property &property) {
  if (property.name == "unreach-call" || property.name == "no-overflow")
    return "";
  return fmt::format("the unfolding search checks unreach-call and no-overflow, not {}",
                     property.name);
}

int runSvcomp(const Settings &settings, const Host &host) {
  std::clock_t started = std::clock();
  std::string problem;
  std::optional<Input> input = readInput(settings.task, problem);
  if (!input)
    return unknown(problem);
  if (settings.unfolding)
    if (std::string cannot = unfoldingCannotCheck(input->property); !cannot.empty())
      return unknown(cannot);
  std::cout << fmt::format("bporcheck: {}: property {}, data model {}\n", input->programFile,
                           input->property.name, input->dataModel);
  TaskRun run(settings, host, *input, started);
  return run.run();
}

} // namespace bpor::svcomp
