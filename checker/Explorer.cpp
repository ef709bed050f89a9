#include "checker/Explorer.h"

#include "checker/Search.h"

#include <fmt/format.h>

namespace bpor {

const char *porModeName(PorMode mode) {
  switch (mode) {
  case PorMode::None: return "none";
  case PorMode::Dpor: return "dpor";
  case PorMode::Bpor: return "bpor";
  }
  return "?";
}

const char *boundKindName(BoundKind kind) {
  switch (kind) {
  case BoundKind::None: return "none";
  case BoundKind::Depth: return "depth";
  case BoundKind::Context: return "context";
  case BoundKind::Preemption: return "preemption";
  case BoundKind::Delta: return "delta";
  case BoundKind::Fair: return "fair";
  case BoundKind::LocalDepth: return "local-depth";
  case BoundKind::LocalContext: return "local-context";
  }
  return "?";
}

const char *executionEndName(ExecutionEnd end) {
  switch (end) {
  case ExecutionEnd::Finished: return "finished";
  case ExecutionEnd::Infeasible: return "infeasible";
  case ExecutionEnd::Error: return "error";
  case ExecutionEnd::Deadlock: return "deadlock";
  case ExecutionEnd::Livelock: return "livelock";
  case ExecutionEnd::SleepSetBlocked: return "sleep-set blocked";
  case ExecutionEnd::BoundBlocked: return "bound blocked";
  }
  return "?";
}

SearchResult explore(Model &model, const SearchOptions &options) {
  return explore(model, options, ExecutionObserver());
}

SearchResult explore(Model &model, const SearchOptions &options,
                     const ExecutionObserver &observer) {
  SearchEngine engine(model, options, &observer);
  return engine.run();
}

ReplayResult replay(Model &model, const Schedule &schedule, uint64_t maxDepth) {
  ReplayResult result;
  model.restart();
  result.status = model.status();
  for (size_t i = 0; i < schedule.size(); ++i) {
    const ScheduleStep &s = schedule[i];
    auto fail = [&](std::string why) {
      result.followed = false;
      result.problem = fmt::format("step {} (thread {}): {}", i + 1, s.thread, why);
      return result;
    };
    if (result.status != ExecStatus::Running)
      return fail("the execution has already ended");
    if (s.thread >= model.numThreads())
      return fail("no such thread");
    if (!model.isAlive(s.thread))
      return fail("the thread has terminated");
    if (!model.isEnabled(s.thread))
      return fail("the thread is blocked");
    if (s.choice >= model.pending(s.thread).numChoices)
      return fail(fmt::format("choice {} out of range (the operation has {})", s.choice,
                              model.pending(s.thread).numChoices));
    if (i >= maxDepth) {
      result.status = ExecStatus::Error;
      result.error.kind = ErrorKind::Livelock;
      result.error.thread = s.thread;
      result.error.message =
          fmt::format("an execution exceeded the maximum depth of {} steps", maxDepth);
      return result;
    }
    result.trace.push_back(model.step(s.thread, s.choice));
    result.status = model.status();
  }
  if (result.status == ExecStatus::Error) {
    result.error = model.error();
    return result;
  }
  if (result.status != ExecStatus::Running)
    return result;
  // The checker's own errors: a deadlock (nothing can run) or a livelock (too deep).
  ThreadId n = model.numThreads();
  ThreadId anyEnabled = NoThread;
  for (ThreadId u = 0; u < n && anyEnabled == NoThread; ++u)
    if (model.isAlive(u) && model.isEnabled(u))
      anyEnabled = u;
  if (anyEnabled == NoThread) {
    result.status = ExecStatus::Error;
    result.error.kind = ErrorKind::Deadlock;
    std::string blocked;
    for (ThreadId u = 0; u < n; ++u) {
      if (!model.isAlive(u))
        continue;
      blocked += fmt::format("{}{} ({})", blocked.empty() ? "" : ", ", u,
                             opKindName(model.pending(u).kind));
      if (result.error.thread == NoThread) {
        result.error.thread = u;
        result.error.location = model.pending(u).location;
      }
    }
    result.error.message = fmt::format("deadlock: no thread can run; blocked: {}", blocked);
  } else if (schedule.size() >= maxDepth) {
    result.status = ExecStatus::Error;
    result.error.kind = ErrorKind::Livelock;
    result.error.thread = anyEnabled;
    result.error.message =
        fmt::format("an execution exceeded the maximum depth of {} steps", maxDepth);
  }
  return result;
}

} // namespace bpor
