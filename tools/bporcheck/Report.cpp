#include "tools/bporcheck/Report.h"
#include "tools/bporcheck/TraceFolding.h"
#include "tools/bporcheck/SourceLines.h"

#include "checker/engine/ExecutionEnds.h"
#include "core/NondetKind.h"

#include "checker/engine/SearchStop.h"
#include "interp/Symbolic.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>
#include <sys/resource.h>

#include <algorithm>
#include <cstdlib>
#include <bit>
#include <functional>
#include <set>

namespace bpor::tool {
namespace {

/// A plain nondet draw's value as its C type shows it: a signed one sign-extended from its
/// width, a float's or double's the number its bits encode.
std::string nondetValueText(const Operation &op) {
  uint32_t bits = nondetBitsOf(op.detail);
  if (op.detail == 0 || bits == 0)
    return std::to_string(int64_t(op.value));
  switch (nondetKindOf(op.detail)) {
  case NondetKind::FloatBits:
    return bits == 32 ? fmt::format("{}", std::bit_cast<float>(uint32_t(op.value)))
                      : fmt::format("{}", std::bit_cast<double>(op.value));
  case NondetKind::Signed:
    return std::to_string(bits == 64 ? int64_t(op.value)
                                     : int64_t(op.value << (64 - bits)) >> (64 - bits));
  case NondetKind::Unsigned:
    break;
  }
  return std::to_string(op.value);
}

// How an address is named: by the model, or by a trace's step (TraceWords::address).
using AddressWords = std::function<std::string(uint64_t)>;

// Values travel zero-extended in 64 bits; show them as the signed integer of the access width,
// and as an object-relative address when they point into an object (a double's bits, say, do
// not: they are shown as the integer).
std::string formatValue(const AddressWords &describe, uint64_t value, uint64_t size) {
  if (size == 8 && (value >> 32) != 0) {
    std::string where = describe(value);
    if (!where.empty() && !llvm::StringRef(where).starts_with("invalid pointer"))
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

std::string addressOf(const AddressWords &describe, const Operation &op, unsigned index = 0) {
  if (op.numAccesses <= index)
    return "?";
  std::string where = describe(op.accesses[index].address);
  return where.empty() ? fmt::format("{:#x}", op.accesses[index].address) : where;
}

std::string locationOf(const Model &model, uint32_t location) {
  return location ? model.describeLocation(location) : std::string();
}

// A location as the folded trace shows it: relative to the program's directory. The debug
// information names a file as clang was given it, or relative to a directory above it
// (SourceLines.h): "tests/lit/x.c" for /work/tests/lit/x.c, whose directory ends so.
std::string locationOf(const Model &model, uint32_t location, const TraceStyle &style) {
  std::string where = locationOf(model, location);
  const std::string &dir = style.programDirectory;
  if (dir.empty())
    return where;
  if (where.size() > dir.size() + 1 && where.starts_with(dir) && where[dir.size()] == '/')
    return where.erase(0, dir.size() + 1);
  size_t slash = where.find_last_of('/');
  if (slash != std::string::npos && where[0] != '/') {
    std::string_view fileDir = std::string_view(where).substr(0, slash);
    if (dir == fileDir || (dir.ends_with(fileDir) && dir[dir.size() - fileDir.size() - 1] == '/'))
      return where.erase(0, slash + 1);
  }
  return where;
}

using ThreadWords = std::function<std::string(ThreadId)>;

std::string eventText(const AddressWords &describe, const ThreadWords &thread,
                      const Operation &op) {
  uint64_t size = op.numAccesses ? op.accesses[0].size : 0;
  switch (op.kind) {
  case OpKind::Load:
    return fmt::format("load {} = {}", addressOf(describe, op),
                       formatValue(describe, op.value, size));
  case OpKind::Store:
    return fmt::format("store {} := {}", addressOf(describe, op),
                       formatValue(describe, op.value, size));
  case OpKind::ReadModifyWrite:
    return fmt::format("read-modify-write {} (old value {})", addressOf(describe, op),
                       formatValue(describe, op.value, size));
  case OpKind::MemoryCopy: {
    // A library call over memory: memcpy reads its source and writes its destination; the
    // string functions read one or two ranges (strcmp, strspn) or read and write (strcat).
    if (op.numAccesses == 2 && !op.accesses[0].write && op.accesses[1].write)
      return fmt::format("copy {} bytes from {} to {}", op.accesses[0].size,
                         addressOf(describe, op, 0), addressOf(describe, op, 1));
    std::string text;
    for (unsigned k = 0; k < op.numAccesses; ++k)
      text += fmt::format("{}{} {} bytes of {}", k ? ", " : "",
                          op.accesses[k].write ? "write" : "read", op.accesses[k].size,
                          addressOf(describe, op, k));
    return text.empty() ? "library call" : text;
  }
  case OpKind::Free:
    return fmt::format("free {}", addressOf(describe, op));
  case OpKind::Fork:
    return fmt::format("create {}", thread(op.otherThread));
  case OpKind::Join:
    return fmt::format("join {}", thread(op.otherThread));
  case OpKind::Nondet:
    return "nondet value " + nondetValueText(op);
  case OpKind::Decision:
    // A branch on nondet inputs (symbolic mode): the outcome the search chose.
    if (op.numChoices == 1)
      return "assume on nondet input holds";
    if (DecisionKind(op.detail) == DecisionKind::Address)
      return op.value ? "address from nondet input: within its object"
                      : "address from nondet input: outside its object";
    if (DecisionKind(op.detail) == DecisionKind::Value)
      return op.value ? "split nondet value: least allowed" : "split nondet value: not least";
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
    return fmt::format("pthread_once {}: {}", addressOf(describe, op),
                       op.value == 0   ? "already done"
                       : op.value == 1 ? "runs the init routine"
                                       : "called again by its init routine");
  case OpKind::BarrierWait:
    // pthread_barrier_wait is two steps: the arrival writes the barrier, the leaving reads it
    // once every thread of the generation has arrived (runtime/sync/Barrier.h).
    if (op.numAccesses)
      return fmt::format("barrier-wait {}: {}", addressOf(describe, op),
                         op.accesses[0].write ? "arrives" : "leaves");
    return "barrier-wait";
  case OpKind::OnceEnd:
    return fmt::format("pthread_once {}: init routine returned", addressOf(describe, op));
  case OpKind::Other:
    // A library call on shared runtime state: the clock, rand()'s state, the exit handlers.
    if (op.numAccesses)
      return fmt::format("library call on {}", addressOf(describe, op));
    return "library call";
  default:
    if (op.numAccesses)
      return fmt::format("{} {}", opKindName(op.kind), addressOf(describe, op));
    return opKindName(op.kind);
  }
}

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

constexpr std::string_view FreedLabel = " (freed)";

// "global _ZN2ns7counterE+4" as "global ns::counter+4": the C++ name of a global or a function
// in a model's description of an address, demangled.
std::string demangledObject(const std::string &text) {
  for (std::string_view kind : {"global ", "function "}) {
    if (!text.starts_with(kind))
      continue;
    size_t end = text.find_first_of("+- ", kind.size());
    if (end == std::string::npos)
      end = text.size();
    std::string name = text.substr(kind.size(), end - kind.size());
    if (!name.starts_with("_Z"))
      return text;
    return std::string(kind) + llvm::demangle(name) + text.substr(end);
  }
  return text;
}

} // namespace

std::string describeEvent(const Model &model, const Operation &op) {
  return eventText([&](uint64_t address) { return model.describeAddress(address); },
                   [&](ThreadId thread) { return fmt::format("thread {}", thread); }, op);
}

TraceWords::TraceWords(const Model &model, const std::vector<Operation> &trace, bool demangle)
    : model_(model), trace_(trace), demangle_(demangle) {
  names_[0] = model.threadName(0);
  if (names_[0].empty())
    names_[0] = "main"; // thread 0 runs main (Model::numThreads)
  for (size_t i = 0; i < trace.size(); ++i) {
    const Operation &op = trace[i];
    names_.try_emplace(op.thread);
    if (op.kind == OpKind::Fork && op.otherThread != NoThread)
      names_[op.otherThread] = op.written ? model.functionName(op.written) : "";
    if (op.kind == OpKind::Free)
      for (unsigned k = 0; k < op.numAccesses; ++k)
        frees_.emplace_back(i, op.accesses[k]);
    if (op.endsThread)
      ends_.try_emplace(op.thread, i);
  }
}

std::string TraceWords::threadName(ThreadId thread) const {
  auto it = names_.find(thread);
  return it == names_.end() ? "" : it->second;
}

std::vector<ThreadId> TraceWords::threads() const {
  std::vector<ThreadId> threads;
  for (const auto &[thread, name] : names_)
    threads.push_back(thread);
  return threads;
}

// The model names an object by its state at the end: freed or not. The trace says when it
// was freed: by a free() (or a frame's end, a Free event) at or before this step, or, for a
// thread's stack, by the end of that thread.
std::string TraceWords::address(uint64_t address, size_t step) const {
  std::string text = model_.describeAddress(address);
  if (demangle_)
    text = demangledObject(text);
  if (!text.ends_with(FreedLabel))
    return text;
  text.erase(text.size() - FreedLabel.size());
  bool freed = false;
  for (const auto &[at, access] : frees_)
    if (at <= step && access.address <= address && address - access.address < access.size) {
      freed = true;
      break;
    }
  constexpr std::string_view Stack = "stack of thread ";
  if (!freed && text.starts_with(Stack)) {
    ThreadId owner = ThreadId(std::strtoul(text.c_str() + Stack.size(), nullptr, 10));
    auto end = ends_.find(owner);
    freed = end != ends_.end() && end->second <= step;
  }
  return freed ? text + std::string(FreedLabel) : text;
}

std::string TraceWords::event(size_t i) const {
  return eventText([&](uint64_t address) { return this->address(address, i); },
                   [&](ThreadId thread) { return this->thread(thread); }, trace_[i]);
}

std::string TraceWords::step(size_t i) const {
  const Operation &op = trace_[i];
  std::string text = event(i);
  if (std::string note = readFromNote(trace_, i); !note.empty())
    text += " (" + note + ")";
  if (op.endsThread)
    text += fmt::format(", {} ends", thread(op.thread));
  return text;
}

std::string describeStep(const Model &model, const std::vector<Operation> &trace, size_t i) {
  return TraceWords(model, trace).step(i);
}

std::vector<Model::UserCall> userCallsOf(Model &model, const Schedule &schedule,
                                         const std::vector<Operation> &trace) {
  std::vector<Model::UserCall> calls;
  if (schedule.size() != trace.size())
    return calls;
  model.setQuiet(true);
  model.restart();
  bool inLibrary = false;
  for (size_t i = 0; i < schedule.size(); ++i) {
    ThreadId thread = schedule[i].thread;
    if (model.status() != ExecStatus::Running || thread >= model.numThreads() ||
        !model.isAlive(thread) || !model.isEnabled(thread) ||
        schedule[i].choice >= model.pending(thread).numChoices) {
      calls.clear();
      break;
    }
    calls.push_back(model.userCall(thread));
    inLibrary |= calls.back().inLibrary;
    // A weak-memory trace says what each read read: the replay reads the same.
    if (trace[i].readFromStep)
      model.setReadValue(thread, trace[i].value);
    // The replay starts from the root's model, the trace shows the settled path's
    // (settleSymbolicTrace): a value standing for an expression may differ, and the step is
    // the same if all else is.
    Operation replayed = model.step(thread, schedule[i].choice);
    if (trace[i].symbolicValue && replayed.symbolicValue)
      replayed.value = trace[i].value;
    if (!sameEvent(replayed, trace[i])) {
      calls.clear();
      break;
    }
  }
  model.setQuiet(false);
  if (!inLibrary)
    calls.clear();
  return calls;
}

namespace {

// The steps of a trace shown on one line: one step, or a run of one thread's steps in library
// code under one call of the program's (TraceStyle).
struct TraceLine {
  size_t first = 0, last = 0; // 0-based, inclusive
  bool folded = false;
};

bool sameCall(const Model::UserCall &a, const Model::UserCall &b) {
  return a.inLibrary && b.inLibrary && a.depth == b.depth && a.call == b.call &&
         a.site == b.site && (a.depth != Model::UserCall::NoFrame || a.callee == b.callee);
}

// A library function's name for a user: demangled, without its parameters.
std::string calleeName(const std::string &mangled) {
  llvm::ItaniumPartialDemangler demangler;
  if (demangler.partialDemangle(mangled.c_str()))
    return mangled;
  char *buffer = demangler.getFunctionName(nullptr, nullptr);
  if (!buffer)
    return llvm::demangle(mangled);
  std::string name(buffer);
  std::free(buffer);
  return name;
}

// What a folded run of steps did that a user sees: the threads it created and joined, the
// synchronisation, the data choices; the rest (the library's loads and stores) is its own.
bool showsInFold(OpKind kind) {
  switch (kind) {
  case OpKind::Load:
  case OpKind::Store:
  case OpKind::ReadModifyWrite:
  case OpKind::Fence:
  case OpKind::MemoryCopy:
  case OpKind::Free:
  case OpKind::Other:
  case OpKind::Yield:
    return false;
  default:
    return true;
  }
}

} // namespace

std::string formatTrace(const Model &model, const std::vector<Operation> &trace,
                        const TraceStyle &style) {
  TraceWords words(model, trace, !style.full);
  bool fold = !style.full && style.calls.size() == trace.size();
  // A repeating tail shows its first and last rounds; the rounds between are one line.
  RepeatingTail tail = findRepeatingTail(trace);
  size_t foldFrom = trace.size(), foldTo = trace.size();
  if (tail.period != 0) {
    foldFrom = tail.start + tail.period;
    foldTo = trace.size() - tail.period;
  }
  auto linesOf = [&](size_t from, size_t to) {
    std::vector<TraceLine> lines;
    for (size_t i = from; i < to; ++i) {
      if (fold && style.calls[i].inLibrary && !lines.empty() && lines.back().folded &&
          trace[lines.back().last].thread == trace[i].thread &&
          sameCall(style.calls[lines.back().last], style.calls[i]) && lines.back().last + 1 == i) {
        lines.back().last = i;
        continue;
      }
      lines.push_back({i, i, fold && style.calls[i].inLibrary});
    }
    return lines;
  };
  std::vector<TraceLine> head = linesOf(0, foldFrom), rest;
  if (foldFrom < foldTo)
    rest = linesOf(foldTo, trace.size());
  // A folded line of one step is that step, shown at the call that made it.
  auto number = [](const TraceLine &line) {
    return line.first == line.last ? fmt::format("{}", line.first + 1)
                                   : fmt::format("{}-{}", line.first + 1, line.last + 1);
  };
  size_t width = 0, threadWidth = 0;
  for (const std::vector<TraceLine> *lines : {&head, &rest})
    for (const TraceLine &line : *lines) {
      width = std::max(width, number(line).size());
      threadWidth = std::max(threadWidth, words.thread(trace[line.first].thread).size());
    }
  width = std::max(width, fmt::format("{}", trace.size()).size());

  std::string out;
  std::set<ThreadId> ranOwnCode; // threads that took a step in the program's own code so far
  auto print = [&](const TraceLine &line) {
    const Operation &op = trace[line.first];
    if (fold && (!style.calls[line.first].inLibrary ||
                 style.calls[line.first].depth != Model::UserCall::NoFrame))
      ranOwnCode.insert(op.thread);
    std::string text, where;
    if (!line.folded) {
      text = words.step(line.first);
      where = locationOf(model, op.location, style);
    } else {
      const Model::UserCall &call = style.calls[line.first];
      if (call.depth == Model::UserCall::NoFrame) {
        // No frame of the program's: std::thread's start-up before the callable runs, or its
        // exit after it returned.
        text = fmt::format("{} (in {})", ranOwnCode.contains(op.thread) ? "returning" : "starting",
                           calleeName(call.callee));
      } else {
        SourceLocation site = model.sourceLocation(call.site);
        std::optional<std::string> source;
        if (style.sources && site.known())
          source = style.sources->line(site.file, site.line);
        if (source && !source->empty() && source->size() <= 60) {
          text = *source;
          while (!text.empty() && (text.back() == ';' || text.back() == '{' || text.back() == ' '))
            text.pop_back();
        }
        if (text.empty())
          text = "call " + calleeName(call.callee);
        where = locationOf(model, call.site, style);
      }
      std::string what;
      for (size_t i = line.first; i <= line.last; ++i)
        if (showsInFold(trace[i].kind))
          what += (what.empty() ? "" : ", ") + words.event(i);
      if (line.first == line.last && what.empty())
        what = words.event(line.first);
      if (!what.empty())
        text += ": " + what;
      if (trace[line.last].endsThread)
        text += fmt::format(", {} ends", words.thread(op.thread));
    }
    out += fmt::format("  {:>{}}  {:<{}}  {:<44}  {}\n", number(line), width,
                       words.thread(op.thread), threadWidth, text, where);
  };
  for (const TraceLine &line : head)
    print(line);
  if (foldFrom < foldTo) {
    std::string where = locationOf(model, trace[tail.start].location, style);
    out += fmt::format("  {:>{}}  steps {}-{}: the {} step{} above repeat{} {} more times{}\n", "",
                       width, foldFrom + 1, foldTo, tail.period, tail.period == 1 ? "" : "s",
                       tail.period == 1 ? "s" : "", (foldTo - foldFrom) / tail.period,
                       where.empty() ? "" : " (from " + where + ")");
    for (const TraceLine &line : rest)
      print(line);
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
                     "bound blocked: {}, errors: {}{}\n",
                     s.finished, s.infeasible, s.sleepSetBlocked, s.boundBlocked, s.errors,
                     s.waitedInVain ? fmt::format(", waited in vain: {}", s.waitedInVain)
                                    : "");
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
  TraceWords words(model, trace);
  for (size_t i = 0; i < trace.size(); ++i) {
    const Operation &op = trace[i];
    llvm::json::Object step;
    step["thread"] = int64_t(op.thread);
    step["op"] = opKindName(op.kind);
    step["text"] = words.event(i);
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

// The threads a trace names: [{"number": 1, "start_function": "worker"}, ...].
llvm::json::Array threadsJson(const Model &model, const std::vector<Operation> &trace) {
  TraceWords words(model, trace);
  llvm::json::Array threads;
  for (ThreadId thread : words.threads())
    threads.push_back(llvm::json::Object{{"number", int64_t(thread)},
                                         {"start_function", words.threadName(thread)}});
  return threads;
}

llvm::json::Object errorJson(const Model &model, const ErrorReport &report,
                             const std::vector<std::string> &nondetInputs) {
  llvm::json::Object error;
  error["kind"] = errorKindName(report.error.kind);
  error["message"] = report.error.message;
  error["thread"] = report.error.thread == NoThread ? -1 : int64_t(report.error.thread);
  error["location"] = locationOf(model, report.error.location);
  error["trace"] = traceJson(model, report.trace);
  error["threads"] = threadsJson(model, report.trace);
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
    root["threads"] = threadsJson(model, *replay.trace);
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
  // The domain the search set out to cover, qualified where it fell short (the text verdict
  // names the domain only when it was covered).
  if (!run.nondetDomain.empty())
    root["nondet"] = run.dataGap.empty() ? run.nondetDomain
                                         : run.nondetDomain + ", except nondet_not_covered";
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
  root["waited_in_vain"] = int64_t(s.waitedInVain);
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

std::string formatErrorReport(const Model &model, const ErrorReport &report,
                              const TraceStyle &style) {
  const ErrorInfo &e = report.error;
  std::string where = e.location ? locationOf(model, e.location, style) : "";
  std::string out = fmt::format("error: {}\n", errorHeadline(e));
  if (e.thread != NoThread)
    out += fmt::format("  in {}{}\n", TraceWords(model, report.trace).thread(e.thread),
                       where.empty() ? "" : " at " + where);
  if (report.occurrences > 1)
    out += fmt::format("  ({} executions ended in this error; the first one's trace:)\n",
                       report.occurrences);
  bool folded = !style.full && style.calls.size() == report.trace.size();
  out += fmt::format("trace ({} step{}{}):\n", report.trace.size(),
                     report.trace.size() == 1 ? "" : "s",
                     folded ? "; library steps folded into the calls that made them, "
                              "--trace=full shows each"
                            : "");
  return out + formatTrace(model, report.trace, style);
}

bool inconclusive(const ErrorInfo &error) {
  return error.kind == ErrorKind::Unsupported || error.kind == ErrorKind::ResourceLimit ||
         error.kind == ErrorKind::DepthLimit;
}

} // namespace bpor::tool
