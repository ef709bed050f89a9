#include "svcomp/WitnessValidation.h"

#include "svcomp/WitnessReader.h"

#include "llvm/ADT/StringRef.h"

#include <fmt/format.h>
#include <iostream>
#include <map>
#include <set>

namespace bpor::svcomp {
namespace {

enum ExitCode { Confirmed = 0, Rejected = 1, BadInput = 2, NotChecked = 3 };

/// Steps the search may take (each edge followed or passed over, each step taken) before it
/// gives up: a witness is a path, so following it needs few, and a bogus one is rejected long
/// before this.
constexpr uint64_t StepBudget = 2'000'000;

/// The depth-first search for an execution that follows the witness path.
class Follower {
public:
  Follower(Model &model, const WitnessPath &path, std::vector<WitnessValue> domain,
           const Input &input)
      : model_(model), path_(path), domain_(std::move(domain)), input_(input) {}

  /// True when an execution following the path violates the property (then trace() is it).
  bool run() {
    model_.restart();
    threads_.clear();
    return follow(0);
  }
  bool exhausted() const { return steps_ >= StepBudget; }
  const std::vector<Operation> &trace() const { return trace_; }
  const Schedule &schedule() const { return schedule_; }
  uint64_t stepsTried() const { return steps_; }

private:
  struct Saved {
    std::unique_ptr<ModelCheckpoint> checkpoint;
    Schedule schedule;
    std::vector<Operation> trace;
    std::map<std::string, ThreadId> threads;
  };

  Saved save() const {
    return {model_.checkpoint(), schedule_, trace_, threads_};
  }
  void restore(const Saved &saved) {
    if (saved.checkpoint) {
      model_.restore(*saved.checkpoint);
    } else { // no checkpoints: replay the prefix
      model_.restart();
      for (const ScheduleStep &step : saved.schedule)
        model_.step(step.thread, step.choice);
    }
    schedule_ = saved.schedule;
    trace_ = saved.trace;
    threads_ = saved.threads;
  }

  /// Our thread for the edge's thread: in YAML the number itself (threads numbered in the
  /// order they are created); in GraphML the first one named is main, and the others are
  /// introduced by createThread.
  std::optional<ThreadId> threadOf(const WitnessEdge &edge) {
    if (edge.thread.empty())
      return std::nullopt;
    if (path_.threadsNumberedByCreation) {
      unsigned number = 0;
      if (llvm::StringRef(edge.thread).getAsInteger(10, number))
        return std::nullopt;
      return ThreadId(number);
    }
    auto it = threads_.find(edge.thread);
    if (it != threads_.end())
      return it->second;
    if (threads_.empty()) {
      threads_[edge.thread] = 0;
      return ThreadId(0);
    }
    return std::nullopt;
  }

  /// The choices of a nondet step: the one giving the edge's value, or every one.
  std::vector<uint32_t> choicesFor(const Operation &op, std::optional<WitnessValue> value) const {
    std::vector<uint32_t> all;
    for (uint32_t c = 0; c < op.numChoices; ++c)
      all.push_back(c);
    if (op.kind != OpKind::Nondet || !value)
      return all;
    if (op.numChoices == 2) // a _Bool (the domain has at least three values)
      return {uint32_t(value->integer != 0 || value->real)};
    for (uint32_t c = 0; c < op.numChoices && c < domain_.size(); ++c)
      if (domain_[c] == *value)
        return {c};
    return all;
  }

  bool follow(size_t index) {
    if (model_.status() == ExecStatus::Error)
      return violatesProperty(input_, model_.error());
    if (model_.status() != ExecStatus::Running || index == path_.edges.size() ||
        ++steps_ >= StepBudget)
      return false;
    // Where the walk stands: the edge, the model's state, and what the walk has matched so far
    // (witness threads to ours, input values passed over), which decides the rest of it.
    std::string key;
    if (model_.stateKey(key)) {
      key += fmt::format("@{}", index);
      for (const auto &[name, thread] : threads_)
        key += fmt::format("|{}={}", name, thread);
      for (const auto &[thread, value] : inputs_)
        key += fmt::format("|in{}={}", thread, value.real ? *value.real : double(value.integer));
      if (!visited_.insert(key).second)
        return false; // followed from here before
    }
    const WitnessEdge &edge = path_.edges[index];
    std::vector<ThreadId> candidates;
    if (std::optional<ThreadId> thread = threadOf(edge))
      candidates.push_back(*thread);
    else if (edge.thread.empty()) // any thread may take the step
      for (ThreadId t = 0; t < model_.numThreads(); ++t)
        candidates.push_back(t);
    for (ThreadId thread : candidates) {
      if (thread >= model_.numThreads() || !model_.isAlive(thread) || !model_.isEnabled(thread))
        continue;
      const Operation &pending = model_.pending(thread);
      if (edge.line && model_.sourceLocation(pending.location).line != *edge.line)
        continue;
      std::optional<WitnessValue> value = edge.result;
      if (!value && pending.kind == OpKind::Nondet) {
        auto it = inputs_.find(thread);
        if (it != inputs_.end())
          value = it->second;
      }
      for (uint32_t choice : choicesFor(pending, value)) {
        Saved saved = save();
        std::map<ThreadId, WitnessValue> inputs = inputs_;
        const Operation &event = model_.step(thread, choice);
        schedule_.push_back(ScheduleStep{thread, choice});
        trace_.push_back(event);
        if (event.kind == OpKind::Fork && !edge.createdThread.empty())
          threads_[edge.createdThread] = event.otherThread;
        if (event.kind == OpKind::Nondet)
          inputs_.erase(thread);
        if (follow(index + 1))
          return true;
        restore(saved);
        inputs_ = inputs;
      }
    }
    // Pass over the edge: it describes no step here. An input edge's value is kept for the
    // thread's next nondet call.
    std::map<ThreadId, WitnessValue> inputs = inputs_;
    if (edge.result && !candidates.empty())
      inputs_[candidates.front()] = *edge.result;
    bool found = follow(index + 1);
    if (!found)
      inputs_ = inputs;
    return found;
  }

  Model &model_;
  const WitnessPath &path_;
  std::vector<WitnessValue> domain_;
  const Input &input_;
  std::map<std::string, ThreadId> threads_; // witness threadId -> ours
  std::map<ThreadId, WitnessValue> inputs_; // values of input edges passed over
  Schedule schedule_;
  std::vector<Operation> trace_;
  std::set<std::string> visited_;
  uint64_t steps_ = 0;
};

int finish(ExitCode code, const std::string &line) {
  std::cout << line << "\n";
  std::cout.flush();
  return code;
}

} // namespace

int runWitnessValidation(const TaskRequest &task, const std::string &witness, const Host &host) {
  std::string problem;
  std::optional<Input> input = readInput(task, problem);
  if (!input)
    return finish(BadInput, "witness not checked: " + problem);
  WitnessProblem unread;
  std::optional<WitnessPath> path = readWitnessPath(witness, unread);
  if (!path)
    return finish(unread.unsupported ? NotChecked : BadInput,
                  "witness not checked: " + unread.text);
  if (path->type != "violation_witness")
    return finish(NotChecked, fmt::format("witness not checked: {} is a {}, not a violation "
                                          "witness (only violation witnesses are replayed)",
                                          witness,
                                          path->type.empty() ? "witness of no stated type"
                                                             : path->type));
  if (!path->reachesViolation)
    return finish(Rejected, "witness rejected: its path reaches no violation node");

  // Plain values: the witness's own, and a few more so that a call it leaves open still has
  // values to try (at least three, so that only a _Bool has two choices).
  std::vector<WitnessValue> domain;
  for (const WitnessEdge &edge : path->edges)
    if (edge.result && std::find(domain.begin(), domain.end(), *edge.result) == domain.end())
      domain.push_back(*edge.result);
  for (int64_t filler : {0, 1, -1})
    if (WitnessValue value{filler, std::nullopt};
        domain.size() < 3 && std::find(domain.begin(), domain.end(), value) == domain.end())
      domain.push_back(value);

  ModelRequest config;
  config.programFile = input->programFile;
  config.clangArgs = input->clangArgs;
  // Choice c draws domain[c]: its integer for an integer result, its number for a floating one
  // (0 for an integer result where the witness's value is a fraction, which it never is there).
  bool fractions = false;
  for (const WitnessValue &value : domain) {
    config.nondetValues.push_back(value.real ? 0 : value.integer);
    fractions = fractions || value.real;
  }
  if (fractions)
    for (const WitnessValue &value : domain)
      config.nondetFloatValues.push_back(value.real ? *value.real : double(value.integer));
  config.nondetClasses = false; // the witness's values, not class representatives
  config.symbolicNondet = false;
  config.spuriousWakeups = true;
  configureForProperty(*input, config);
  const auto &build = host.buildModel;
  struct Followed {
    std::optional<ErrorReport> report; // set when confirmed
    bool exhausted = false;
    uint64_t steps = 0;
  };
  auto follow = [&](ProgramModel &model) {
    Follower follower(*model.model, *path, domain, *input);
    Followed out;
    if (follower.run()) {
      out.report = ErrorReport{};
      out.report->error = model.model->error();
      out.report->schedule = follower.schedule();
      out.report->trace = follower.trace();
    }
    out.exhausted = follower.exhausted();
    out.steps = follower.stepsTried();
    return out;
  };
  ProgramModel built = build(config);
  if (!built.model)
    return finish(BadInput, "witness not checked: " + built.error);
  std::cout << fmt::format("bporcheck: witness {} for {}: {} edges from the entry to the "
                           "violation node\n",
                           witness, input->programFile, path->edges.size());
  Followed followed = follow(built);
  ProgramModel *used = &built;
  // A race the stateful search found ends where the first access is made while the second is
  // pending (RaceDetection::CoEnabled): follow the path again with that check.
  ProgramModel coEnabledBuilt;
  if (!followed.report && config.raceDetection == RaceDetection::HappensBefore) {
    ModelRequest coEnabled = config;
    coEnabled.raceDetection = RaceDetection::CoEnabled;
    coEnabledBuilt = build(coEnabled);
    if (coEnabledBuilt.model)
      if (Followed again = follow(coEnabledBuilt); again.report) {
        followed = std::move(again);
        used = &coEnabledBuilt;
      }
  }
  if (followed.report) {
    ErrorReport &report = *followed.report;
    host.showViolation(*used->model, *used->execution, report);
    std::string where = used->model->describeLocation(report.error.location);
    return finish(Confirmed, fmt::format("witness confirmed: the execution {}{} in thread {} "
                                         "after {} steps",
                                         violationPhrase(*input),
                                         where.empty() ? "" : " at " + where,
                                         report.error.thread, report.trace.size()));
  }
  if (followed.exhausted)
    return finish(NotChecked, fmt::format("witness not checked: no execution following it "
                                          "found within {} steps of search",
                                          followed.steps));
  // A witness states the values of nondet calls, not of heap bytes never written, which the
  // replay reads as 0: a path that needs another value of one is no reason to reject.
  if (uint64_t unwritten = built.execution->coverageGaps().undefinedReads)
    return finish(NotChecked,
                  fmt::format("witness not checked: no execution that follows its path {}, but "
                              "they read memory never written ({} load{}, the first at {}), "
                              "whose values a witness cannot state and the replay reads as 0",
                              violationPhrase(*input), unwritten, unwritten == 1 ? "" : "s",
                              built.model->describeLocation(
                                  built.execution->coverageGaps().firstUndefinedRead)));
  return finish(Rejected, fmt::format("witness rejected: no execution that follows its path {}",
                                      violationPhrase(*input)));
}

} // namespace bpor::svcomp
