// What bporcheck prints: the verdict with its coverage statement, the numbered trace of an
// error, statistics, and the same as one JSON object for --json. The text format is stable:
// tests and scripts match its lines ("verdict: ...", "executions: N").
#pragma once

#include "checker/Explorer.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace bpor::tool {

/// What the user asked for, in words, for the coverage statement and for JSON "options".
struct RunDescription {
  std::string program;
  std::string searchName;      // "exhaustive search", "DPOR", "BPOR (preemption bound)", ...
  std::string boundPhrase;     // "" or "with at most 2 preemptions"
  std::string nondetDomain;    // "" or "nondet values in {-1, 0, 1}" or "every nondet value"
  /// After the search: what it did not cover of the nondet inputs ("" if nothing was left out;
  /// see NondetInputs.h). A search with a gap is not complete.
  std::string dataGap;
  /// Spurious wakeups earlier searches withheld (the deciding search's gap is what it adds).
  uint64_t spuriousWakeupsWithheldBefore = 0;
  /// After the search: the first error's nondet inputs, "thread 0 at prog.c:8: 42".
  std::vector<std::string> nondetInputs;
  std::map<std::string, std::string> options; // for JSON
  /// The stateful search: its result counts states, not executions; `storage` says how they
  /// were stored ("exact storage", "hash compaction: a state missed with probability <= 1e-12").
  bool stateful = false;
  std::string storage;
  bool livelocksChecked = false;
  /// Why the search stopped before it was complete ("time limit (10 s)", "interrupt
  /// (SIGINT)", "depth limit (100000 steps)"), worded to follow "stopped by the "; empty when
  /// it was complete or stopped at an error.
  std::string incompleteReason;
  /// A search stopped by a limit: what it had covered ("no error in any schedule with at most 2
  /// preemptions"), or "".
  std::string coverageReached;
  /// Added to an "ok" verdict line ("; livelocks are not checked ..."), or "".
  std::string verdictNote;
  /// Lines the statistics block ends with (a search's own counts), or "".
  std::string extraStatistics;
};

class SourceLines;

/// The words for the steps of one trace: threads named by the function they started in
/// ("thread 1 (worker)", thread 0 is main), and objects labelled "(freed)" only at and after
/// the step that freed them (the model describes an address as its current state has it).
class TraceWords {
public:
  /// `demangle`: C++ names of globals and functions are shown demangled.
  TraceWords(const Model &model, const std::vector<Operation> &trace, bool demangle = false);

  /// The function `thread` started in ("main", "worker"), "" where the trace does not say.
  std::string threadName(ThreadId thread) const;
  /// "thread 1 (worker)".
  std::string thread(ThreadId thread) const { return threadLabel(thread, threadName(thread)); }
  /// Every thread the trace names, by number.
  std::vector<ThreadId> threads() const;
  /// `address` as step `step` (0-based) of the trace sees it.
  std::string address(uint64_t address, size_t step) const;
  /// The event of step i, without the step number and location.
  std::string event(size_t i) const;
  /// Step i as the trace shows it: the event, the store a weak-memory read read, and
  /// "thread N (f) ends".
  std::string step(size_t i) const;

private:
  const Model &model_;
  const std::vector<Operation> &trace_;
  std::map<ThreadId, std::string> names_;
  std::vector<std::pair<size_t, Access>> frees_; // (step, what it freed)
  std::map<ThreadId, size_t> ends_;              // the step that ended each thread
  bool demangle_ = false;
};

/// How the text trace shows its steps.
struct TraceStyle {
  /// Every step on a line of its own, where the model placed it (--trace=full); else steps in
  /// library code are shown at the program's call that made them, and a run of one thread's
  /// steps under one such call is one line that names the call.
  bool full = true;
  /// Locations in files under this directory (the program's) are shown relative to it; "":
  /// as the model names them.
  std::string programDirectory;
  /// Per step: where a user sees it (userCallsOf); empty: every step is the program's own.
  std::vector<Model::UserCall> calls;
  /// The text of a call's source line, to name it; null: the called function names it.
  SourceLines *sources = nullptr;
};

/// Replays `schedule` (which gave `trace`) on `model` to ask where each step stands for a user
/// (Model::userCall); empty if the model does not say or the replay does not give the trace.
/// The program's output is not shown.
std::vector<Model::UserCall> userCallsOf(Model &model, const Schedule &schedule,
                                         const std::vector<Operation> &trace);

/// One line per executed event: "  3  thread 1 (worker)  load counter = 0    prog.c:9".
std::string formatTrace(const Model &model, const std::vector<Operation> &trace,
                        const TraceStyle &style = {});

/// "KIND: MESSAGE", the kind said once where the message starts with it too.
std::string errorHeadline(const ErrorInfo &error);

/// An unsupported construct, an internal limit or an execution cut at --max-depth decides
/// nothing about the program (exit code 3).
bool inconclusive(const ErrorInfo &error);

/// An error: "error: KIND: MESSAGE", the thread and place, and the numbered trace.
std::string formatErrorReport(const Model &model, const ErrorReport &report,
                              const TraceStyle &style = {});

/// A single event, without the step number and location, as the model's current state
/// describes its objects (TraceWords::event words a step of a trace).
std::string describeEvent(const Model &model, const Operation &event);

/// Step i (0-based) of `trace` as the trace shows it (TraceWords::step).
std::string describeStep(const Model &model, const std::vector<Operation> &trace, size_t i);

/// The verdict line(s) and the statistics block of the text output.
std::string formatVerdict(const Model &model, const RunDescription &run,
                          const SearchResult &result);
/// uniqueLocalStates: the --hash-states count ("unique local states: N"), unset without it.
std::string formatStatistics(const Statistics &stats, long peakRssKb,
                             std::optional<uint64_t> uniqueLocalStates);

/// The --json object ("unique_local_states" is null without --hash-states).
/// A --replay run, for --json: the schedule's outcome (an error, or the trace and how it ended)
/// and the settings it was replayed with.
struct ReplayDescription {
  std::string program, schedulePath;
  size_t steps = 0;
  std::string end; // "the program finished", "an error", ...
  const ErrorReport *error = nullptr;
  const std::vector<Operation> *trace = nullptr; // when there is no error
  std::vector<std::string> nondetInputs;
  std::vector<std::string> notes; // settings taken from the schedule file
};
std::string formatReplayJson(const Model &model, const ReplayDescription &replay);

std::string formatJson(const Model &model, const RunDescription &run, const SearchResult &result,
                       long peakRssKb, std::optional<uint64_t> uniqueLocalStates);

/// Peak resident set size of this process in KiB.
long peakRssKb();

} // namespace bpor::tool
