#include "tools/bporcheck/Report.h"
#include "tools/bporcheck/TraceFolding.h"

#include "checker/engine/SearchStop.h"
#include "interp/Symbolic.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>
#include <sys/resource.h>

namespace bpor::tool {
namespace {

// Values travel zero-extended in 64 bits; show them as the signed integer of the access width,
// and as an object-relative address when they look like one of the runtime's pointers.
std::string formatValue(const Model &model, uint64_t value, uint64_t size) {
  if (size == 8 && (value >> 32) != 0) {
    std::string where = model.describeAddress(value);
    if (!where.empty())
      return "&" + where;
  }
  if (size > 0 && size < 8) {
    unsigned bits = static_cast<unsigned>(size * 8);
    uint64_t mask = (uint64_t(1) << bits) - 1;
    value &= mask;
    if (value >> (bits - 1))
      return fmt::format("{}", static_cast<int64_t>(value | ~mask));
    return fmt::format("{}", value);
  }
  return fmt::format("{}", static_cast<int64_t>(value));
}

std::string addressOf(const Model &model, const Operation &op, unsigned index = 0) {
  if (op.numAccesses <= index)
    return "?";
  std::string where = model.describeAddress(op.accesses[index].address);
  return where.empty() ? fmt::format("{:#x}", op.accesses[index].address) : where;
}

std::string locationOf(const Model &model, uint32_t location) {
  return location ? model.describeLocation(location) : std::string();
}

} // namespace

std::string describeEvent(const Model &model, const Operation &op) {
  uint64_t size = op.numAccesses ? op.accesses[0].size : 0;
  switch (op.kind) {
  case OpKind::Load:
    return fmt::format("load {} = {}", addressOf(model, op), formatValue(model, op.value, size));
  case OpKind::Store:
    return fmt::format("store {} := {}", addressOf(model, op),
                       formatValue(model, op.value, size));
  case OpKind::ReadModifyWrite:
    return fmt::format("read-modify-write {} (old value {})", addressOf(model, op),
                       formatValue(model, op.value, size));
  case OpKind::MemoryCopy: {
    // A library call over memory: memcpy reads its source and writes its destination; the
    // string functions read one or two ranges (strcmp, strspn) or read and write (strcat).
    if (op.numAccesses == 2 && !op.accesses[0].write && op.accesses[1].write)
      return fmt::format("copy {} bytes from {} to {}", op.accesses[0].size,
                         addressOf(model, op, 0), addressOf(model, op, 1));
    std::string text;
    for (unsigned k = 0; k < op.numAccesses; ++k)
      text += fmt::format("{}{} {} bytes of {}", k ? ", " : "",
                          op.accesses[k].write ? "write" : "read", op.accesses[k].size,
                          addressOf(model, op, k));
    return text.empty() ? "library call" : text;
  }
  case OpKind::Free:
    return fmt::format("free {}", addressOf(model, op));
  case OpKind::Fork:
    return fmt::format("create thread {}", op.otherThread);
  case OpKind::Join:
    return fmt::format("join thread {}", op.otherThread);
  case OpKind::Nondet:
    return fmt::format("nondet value {}", static_cast<int64_t>(op.value));
  case OpKind::Decision:
    // A branch on nondet inputs (symbolic mode): the outcome the search chose.
    if (op.numChoices == 1)
      return "assume on nondet input holds";
    if (DecisionKind(op.detail) == DecisionKind::Address)
      return op.value ? "address from nondet input: within its object"
                      : "address from nondet input: outside its object";
    if (DecisionKind(op.detail) == DecisionKind::Division)
      return op.value ? "division on nondet input: defined" : "division on nondet input: undefined";
    if (op.numChoices == 2)
      return fmt::format("branch on nondet input: {}", op.value ? "true" : "false");
    return op.value + 1 == op.numChoices
               ? std::string("switch on nondet input: default")
               : fmt::format("switch on nondet input: case {}", op.value + 1);
  case OpKind::Exit:
    return "exit";
  case OpKind::Yield:
    return "yield";
  case OpKind::Fence:
    return "fence";
  case OpKind::AtomicBlock:
    return "atomic block";
  case OpKind::Once:
    return fmt::format("pthread_once {}: {}", addressOf(model, op),
                       op.value == 0   ? "already done"
                       : op.value == 1 ? "runs the init routine"
                                       : "called again by its init routine");
  case OpKind::OnceEnd:
    return fmt::format("pthread_once {}: init routine returned", addressOf(model, op));
  case OpKind::Other:
    // A library call on shared runtime state: the clock, rand()'s state, the exit handlers.
    if (op.numAccesses)
      return fmt::format("library call on {}", addressOf(model, op));
    return "library call";
  default:
    if (op.numAccesses)
      return fmt::format("{} {}", opKindName(op.kind), addressOf(model, op));
    return opKindName(op.kind);
  }
}

namespace {

// Under a weak model a load may read another store than the last one before it: the trace says
// which it read, and names a later store to the same bytes that it did not read.
std::string readFromNote(const std::vector<Operation> &trace, size_t i) {
  const Operation &op = trace[i];
  if (!op.readFromStep || !op.numAccesses)
    return "";
  bool initial = op.readFromStep == Operation::ReadFromInitial;
  std::string note = initial ? "the initial value" : fmt::format("from step {}", op.readFromStep);
  for (size_t k = i; k-- > (initial ? 0 : size_t(op.readFromStep));) {
    const Operation &earlier = trace[k];
    bool stores = earlier.kind == OpKind::Store ||
                  (earlier.kind == OpKind::ReadModifyWrite && earlier.wrote);
    if (stores && earlier.numAccesses &&
        earlier.accesses[0].address == op.accesses[0].address) {
      note += fmt::format(", although step {} stored to it", k + 1);
      break;
    }
  }
  return note;
}

} // namespace

std::string describeStep(const Model &model, const std::vector<Operation> &trace, size_t i) {
  const Operation &op = trace[i];
  std::string text = describeEvent(model, op);
  if (std::string note = readFromNote(trace, i); !note.empty())
    text += " (" + note + ")";
  if (op.endsThread)
    text += fmt::format(", thread {} ends", op.thread);
  return text;
}

std::string formatTrace(const Model &model, const std::vector<Operation> &trace) {
  std::string out;
  unsigned width = static_cast<unsigned>(fmt::format("{}", trace.size()).size());
  auto printStep = [&](size_t i) {
    const Operation &op = trace[i];
    std::string text = describeStep(model, trace, i);
    std::string where = locationOf(model, op.location);
    out += fmt::format("  {:>{}}  thread {}  {:<44}  {}\n", i + 1, width, op.thread, text, where);
  };
  // A repeating tail shows its first and last rounds; the rounds between are one line.
  RepeatingTail tail = findRepeatingTail(trace);
  size_t foldFrom = trace.size(), foldTo = trace.size();
  if (tail.period != 0) {
    foldFrom = tail.start + tail.period;
    foldTo = trace.size() - tail.period;
  }
  for (size_t i = 0; i < foldFrom; ++i)
    printStep(i);
  if (foldFrom < foldTo) {
    std::string where = locationOf(model, trace[tail.start].location);
    out += fmt::format("  {:>{}}  steps {}-{}: the {} step{} above repeat{} {} more times{}\n", "",
                       width, foldFrom + 1, foldTo, tail.period, tail.period == 1 ? "" : "s",
                       tail.period == 1 ? "s" : "", (foldTo - foldFrom) / tail.period,
                       where.empty() ? "" : " (from " + where + ")");
    for (size_t i = foldTo; i < trace.size(); ++i)
      printStep(i);
  }
  return out;
}

// "12 executions", or for the stateful search "40 states, exact storage".
static std::string explored(const RunDescription &run, const Statistics &s) {
  if (run.stateful)
    return fmt::format("{} state{}, {}{}", s.states, s.states == 1 ? "" : "s", run.storage,
                       run.livelocksChecked ? ", livelocks checked" : ", livelocks not checked");
  return fmt::format("{} execution{}", s.executions, s.executions == 1 ? "" : "s");
}

std::string formatVerdict(const Model &model, const RunDescription &run,
                          const SearchResult &result) {
  const Statistics &s = result.stats;
  bool onlyTooLong = !result.errors.empty();
  for (const ErrorReport &report : result.errors)
    onlyTooLong &= report.error.kind == ErrorKind::DepthLimit;
  if (onlyTooLong)
    return fmt::format("verdict: inconclusive: an execution went on for more than {} steps; it "
                       "may never end or only be long (--search=stateful tells which; {}, {})\n",
                       run.options.count("max_depth") ? run.options.at("max_depth") : "--max-depth",
                       run.searchName, explored(run, s));
  if (!result.errors.empty()) {
    const ErrorInfo &e = result.errors.front().error;
    std::string out = fmt::format("verdict: error ({})", errorKindName(e.kind));
    if (result.errors.size() > 1 || s.errors > 1)
      out += fmt::format(", {} distinct error{} in {} execution{}", result.errors.size(),
                         result.errors.size() == 1 ? "" : "s", s.errors, s.errors == 1 ? "" : "s");
    return out + "\n";
  }
  std::string domain = run.nondetDomain.empty() ? "" : ", " + run.nondetDomain;
  if (result.complete && s.finished == 0 && s.boundBlocked == 0 && s.infeasible != 0 &&
      !run.stateful)
    return fmt::format("verdict: ok: no error, but no execution finished: every one was cut "
                       "by an assumption ({}, {})\n",
                       run.searchName, explored(run, s));
  // A bounded search in which the bound cut nothing covered every schedule (saturation).
  bool saturated = !run.boundPhrase.empty() && !result.boundPruned;
  std::string scope = run.boundPhrase.empty() || saturated ? "in any schedule"
                                                           : "in any schedule " + run.boundPhrase;
  if (result.complete && !run.dataGap.empty())
    return fmt::format("verdict: ok: no error {}, but not every behaviour was covered: {} ({}, "
                       "{})\n",
                       scope, run.dataGap, run.searchName, explored(run, s));
  if (result.complete) {
    return fmt::format("verdict: ok: no error {}{} ({}, {}{}{})\n", scope, domain,
                       run.searchName, explored(run, s),
                       saturated ? "; the bound pruned nothing" : "",
                       run.verdictNote.empty() ? "" : "; " + run.verdictNote);
  }
  // "stopped by the time limit (10 s)", "stopped by the interrupt (SIGINT)".
  std::string stoppedBy =
      run.incompleteReason.empty() ? "a limit" : "the " + run.incompleteReason;
  if (run.stateful)
    return fmt::format("verdict: inconclusive: no error in the {} states explored, search "
                       "incomplete (stopped by {}; {})\n",
                       s.states, stoppedBy, run.searchName);
  std::string covered =
      run.coverageReached.empty() ? "" : "; covered: " + run.coverageReached;
  if (!run.dataGap.empty())
    covered += "; not covered: " + run.dataGap;
  return fmt::format("verdict: ok so far: no error in the {} executions explored, search "
                     "incomplete (stopped by {}; {}{})\n",
                     s.executions, stoppedBy, run.searchName, covered);
}

std::string formatStatistics(const Statistics &s, long peakRss,
                             std::optional<uint64_t> uniqueLocalStates) {
  std::string out;
  out += fmt::format("executions: {}\n", s.executions);
  out += fmt::format("  finished: {}, infeasible (assume): {}, sleep-set blocked: {}, "
                     "bound blocked: {}, errors: {}\n",
                     s.finished, s.infeasible, s.sleepSetBlocked, s.boundBlocked, s.errors);
  if (s.states)
    out += fmt::format("states: {} stored, {} transitions to a state explored before, {} cut "
                       "by the depth limit\n",
                       s.states, s.revisits, s.depthLimited);
  out += fmt::format("steps: {}\n", s.steps);
  if (uniqueLocalStates)
    out += fmt::format("unique local states: {}\n", *uniqueLocalStates);
  if (s.prunedByBound || s.conservativeBacktrackPoints)
    out += fmt::format("pruned by bound: {}, conservative backtrack points: {}\n",
                       s.prunedByBound, s.conservativeBacktrackPoints);
  out += fmt::format("time: {:.2f} s, peak memory: {} KiB\n", s.elapsedSeconds, peakRss);
  return out;
}

namespace {

llvm::json::Array traceJson(const Model &model, const std::vector<Operation> &trace) {
  llvm::json::Array steps;
  for (size_t i = 0; i < trace.size(); ++i) {
    const Operation &op = trace[i];
    llvm::json::Object step;
    step["thread"] = int64_t(op.thread);
    step["op"] = opKindName(op.kind);
    step["text"] = describeEvent(model, op);
    step["location"] = locationOf(model, op.location);
    // Weak-memory traces: the step whose store a read read (0: the initial value).
    if (op.readFromStep)
      step["readFrom"] =
          op.readFromStep == Operation::ReadFromInitial ? int64_t(0) : int64_t(op.readFromStep);
    if (std::string note = readFromNote(trace, i); !note.empty())
      step["readFromNote"] = note;
    steps.push_back(std::move(step));
  }
  return steps;
}

llvm::json::Object errorJson(const Model &model, const ErrorReport &report,
                             const std::vector<std::string> &nondetInputs) {
  llvm::json::Object error;
  error["kind"] = errorKindName(report.error.kind);
  error["message"] = report.error.message;
  error["thread"] = report.error.thread == NoThread ? -1 : int64_t(report.error.thread);
  error["location"] = locationOf(model, report.error.location);
  error["trace"] = traceJson(model, report.trace);
  llvm::json::Array schedule;
  for (const ScheduleStep &step : report.schedule)
    schedule.push_back(llvm::json::Array{int64_t(step.thread), int64_t(step.choice)});
  error["schedule"] = std::move(schedule);
  if (!nondetInputs.empty()) {
    llvm::json::Array inputs;
    for (const std::string &input : nondetInputs)
      inputs.push_back(input);
    error["nondet_inputs"] = std::move(inputs);
  }
  return error;
}

} // namespace

std::string formatReplayJson(const Model &model, const ReplayDescription &replay) {
  llvm::json::Object root;
  root["program"] = replay.program;
  root["replay"] = replay.schedulePath;
  root["steps"] = int64_t(replay.steps);
  root["verdict"] = replay.error ? "error" : "ok";
  root["end"] = replay.end;
  if (replay.error) {
    root["error"] = errorJson(model, *replay.error, replay.nondetInputs);
  } else {
    root["error"] = nullptr;
    root["trace"] = traceJson(model, *replay.trace);
  }
  llvm::json::Array notes;
  for (const std::string &note : replay.notes)
    notes.push_back(note);
  root["notes"] = std::move(notes);
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(root))) << "\n";
  return os.str();
}

std::string formatJson(const Model &model, const RunDescription &run, const SearchResult &result,
                       long peakRss, std::optional<uint64_t> uniqueLocalStates) {
  const Statistics &s = result.stats;
  llvm::json::Object root;
  root["program"] = run.program;
  bool onlyTooLong = !result.errors.empty();
  for (const ErrorReport &report : result.errors)
    onlyTooLong &= report.error.kind == ErrorKind::DepthLimit;
  root["verdict"] = result.errors.empty() ? "ok" : onlyTooLong ? "inconclusive" : "error";
  root["complete"] = result.complete && run.dataGap.empty() &&
                     (s.finished != 0 || s.boundBlocked != 0 || s.infeasible == 0);
  if (!run.nondetDomain.empty())
    root["nondet"] = run.nondetDomain;
  if (!run.dataGap.empty())
    root["nondet_not_covered"] = run.dataGap;
  root["search"] = run.searchName;
  if (!run.coverageReached.empty())
    root["coverage_reached"] = run.coverageReached;
  if (!run.boundPhrase.empty())
    root["coverage"] = run.boundPhrase;
  if (result.errors.empty()) {
    root["error"] = nullptr;
  } else {
    llvm::json::Object error = errorJson(model, result.errors.front(), run.nondetInputs);
    root["error"] = std::move(error);
    root["errors_found"] = int64_t(result.errors.size());
    root["error_executions"] = int64_t(s.errors);
  }
  root["executions"] = int64_t(s.executions);
  root["finished"] = int64_t(s.finished);
  root["infeasible"] = int64_t(s.infeasible);
  root["blocked"] = int64_t(s.sleepSetBlocked);
  root["bound_blocked"] = int64_t(s.boundBlocked);
  root["steps"] = int64_t(s.steps);
  root["states"] = int64_t(s.states);
  root["revisits"] = int64_t(s.revisits);
  root["depth_limited"] = int64_t(s.depthLimited);
  if (run.stateful) {
    root["storage"] = run.storage;
    root["livelocks_checked"] = run.livelocksChecked;
  }
  if (!run.incompleteReason.empty())
    root["incomplete_reason"] = run.incompleteReason;
  root["stopped_by"] = searchLimitName(result.limit);
  root["pruned_by_bound"] = int64_t(s.prunedByBound);
  root["conservative_backtrack_points"] = int64_t(s.conservativeBacktrackPoints);
  root["bound_pruned"] = result.boundPruned;
  if (uniqueLocalStates)
    root["unique_local_states"] = int64_t(*uniqueLocalStates);
  else
    root["unique_local_states"] = nullptr;
  root["time_s"] = s.elapsedSeconds;
  root["peak_rss_kb"] = int64_t(peakRss);
  llvm::json::Object options;
  for (const auto &[key, value] : run.options)
    options[key] = value;
  root["options"] = std::move(options);
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(root))) << "\n";
  return out;
}

long peakRssKb() {
  struct rusage usage {};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss; // KiB on Linux
}

std::string errorHeadline(const ErrorInfo &e) {
  // Some messages already start with their kind ("deadlock: no thread can run ..."): say it once.
  std::string kind = errorKindName(e.kind);
  std::string_view message = e.message;
  if (message.starts_with(kind + ": "))
    message.remove_prefix(kind.size() + 2);
  return fmt::format("{}: {}", kind, message);
}

std::string formatErrorReport(const Model &model, const ErrorReport &report) {
  const ErrorInfo &e = report.error;
  std::string where = e.location ? model.describeLocation(e.location) : "";
  std::string out = fmt::format("error: {}\n", errorHeadline(e));
  if (e.thread != NoThread)
    out += fmt::format("  in thread {}{}\n", e.thread, where.empty() ? "" : " at " + where);
  if (report.occurrences > 1)
    out += fmt::format("  ({} executions ended in this error; the first one's trace:)\n",
                       report.occurrences);
  out +=
      fmt::format("trace ({} step{}):\n", report.trace.size(), report.trace.size() == 1 ? "" : "s");
  return out + formatTrace(model, report.trace);
}

} // namespace bpor::tool
