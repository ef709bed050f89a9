#include "svcomp/Searches.h"

#include "checker/stateful/StatefulSearch.h"
#include "checker/symmetry/SymmetricModel.h"

#include "llvm/ADT/StringRef.h"

#include <fmt/format.h>

namespace bpor::svcomp {

void Obstacles::note(const ErrorInfo &error) {
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

Search runSearch(ProgramModel &built, SearchOptions search, std::optional<OptimalVariant> optimal,
                 std::string name) {
  Search s;
  s.name = std::move(name);
  s.on = &built;
  s.before = built.execution->coverageGaps();
  s.result = optimal ? exploreOptimal(*built.model, search, *optimal)
                     : explore(*built.model, search);
  return s;
}

Search runStateful(ProgramModel &built, const SearchOptions &search) {
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

Search runSymmetric(ProgramModel &built, const SearchOptions &search, unsigned threshold,
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

Search runUnfolding(ProgramModel &built, const SearchOptions &search,
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

bool coveredEveryValue(const Search &s) {
  const CoverageGaps &now = s.on->execution->coverageGaps();
  return now.partialNondetDraws == s.before.partialNondetDraws &&
         now.undefinedReads == s.before.undefinedReads;
}

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

} // namespace bpor::svcomp
