#include "checker/engine/ExecutionEnds.h"

#include <fmt/format.h>

namespace bpor {

namespace {

// What a blocked thread waits for: "waits for mutex global m, held by thread 2 (other)".
std::string waitsFor(const Model &model, ThreadId thread, const Operation &next) {
  auto object = [&](unsigned index) {
    if (next.numAccesses <= index)
      return std::string("?");
    std::string where = model.describeAddress(next.accesses[index].address);
    return where.empty() ? fmt::format("{:#x}", next.accesses[index].address) : where;
  };
  auto heldBy = [&](unsigned index) -> std::string {
    ThreadId holder =
        next.numAccesses > index ? model.lockHolder(next.accesses[index].address) : NoThread;
    if (holder == NoThread)
      return "";
    return holder == thread ? ", held by itself" : ", held by " + threadLabel(model, holder);
  };
  switch (next.kind) {
  case OpKind::Lock:
  case OpKind::Trylock:
    return fmt::format("waits for mutex {}{}", object(0), heldBy(0));
  case OpKind::RwRdlock:
  case OpKind::RwWrlock:
    return fmt::format("waits for read-write lock {}{}", object(0), heldBy(0));
  case OpKind::CondWait:
  case OpKind::CondWake:
    return fmt::format("waits on condition variable {}", object(0));
  case OpKind::BarrierWait:
    return fmt::format("waits at barrier {}", object(0));
  case OpKind::SemWait:
    return fmt::format("waits on semaphore {}", object(0));
  case OpKind::Join:
    return next.otherThread == NoThread ? "waits to join a thread"
                                        : "waits to join " + threadLabel(model, next.otherThread);
  case OpKind::Once:
    return fmt::format("waits for pthread_once {}", object(0));
  default:
    if (next.blocking)
      return fmt::format("waits for a change of {}", object(0));
    return next.numAccesses ? fmt::format("waits at {} {}", opKindName(next.kind), object(0))
                            : fmt::format("waits at {}", opKindName(next.kind));
  }
}

} // namespace

ErrorInfo deadlockError(const Model &model) {
  ErrorInfo error;
  error.kind = ErrorKind::Deadlock;
  std::string blocked;
  for (ThreadId u = 0; u < model.numThreads(); ++u) {
    if (!model.isAlive(u))
      continue;
    const Operation &next = model.pending(u);
    blocked += fmt::format("{}{} {}", blocked.empty() ? "" : "; ", threadLabel(model, u),
                           waitsFor(model, u, next));
    if (error.thread == NoThread) {
      error.thread = u;
      error.location = next.location;
    }
  }
  error.message = fmt::format("deadlock: no thread can run: {}", blocked);
  return error;
}

ExecutionEnd executionEndOf(ExecStatus status) {
  return status == ExecStatus::Finished     ? ExecutionEnd::Finished
         : status == ExecStatus::Infeasible ? ExecutionEnd::Infeasible
                                            : ExecutionEnd::Error;
}

std::optional<ExecutionEnd> pathEndHere(const Model &model, Statistics &stats, ErrorInfo &error) {
  switch (model.status()) {
  case ExecStatus::Error:
    error = model.error();
    return ExecutionEnd::Error;
  case ExecStatus::Finished:
    ++stats.executions;
    ++stats.finished;
    return ExecutionEnd::Finished;
  case ExecStatus::Infeasible:
    ++stats.executions;
    ++stats.infeasible;
    return ExecutionEnd::Infeasible;
  case ExecStatus::Running:
    break;
  }
  for (ThreadId t = 0; t < model.numThreads(); ++t)
    if (model.isEnabled(t))
      return std::nullopt;
  // A thread stopped at a failed assumption ends the execution there, as an assume does.
  if (stoppedByFailedAssume(model)) {
    ++stats.executions;
    ++stats.infeasible;
    return ExecutionEnd::Infeasible;
  }
  error = deadlockError(model);
  return ExecutionEnd::Deadlock;
}

ErrorInfo depthLimitError(ThreadId thread, uint32_t location, uint64_t maxDepth) {
  ErrorInfo error;
  error.kind = ErrorKind::DepthLimit;
  error.thread = thread;
  error.location = location;
  error.message = fmt::format("an execution exceeded the maximum depth of {} steps", maxDepth);
  return error;
}

ErrorInfo nondeterminismError(const Operation &event, size_t stepIndex) {
  ErrorInfo error;
  error.kind = ErrorKind::Unsupported;
  error.thread = event.thread;
  error.location = event.location;
  error.message = fmt::format("the program is not deterministic: replaying step {} of a "
                              "schedule gave a different {} than before",
                              stepIndex + 1, opKindName(event.kind));
  return error;
}

bool sameEvent(const Operation &a, const Operation &b) {
  if (a.thread != b.thread || a.kind != b.kind || a.value != b.value ||
      a.numAccesses != b.numAccesses || a.otherThread != b.otherThread)
    return false;
  for (unsigned k = 0; k < a.numAccesses; ++k)
    if (a.accesses[k].address != b.accesses[k].address ||
        a.accesses[k].size != b.accesses[k].size || a.accesses[k].write != b.accesses[k].write ||
        a.accesses[k].update != b.accesses[k].update)
      return false;
  return true;
}

} // namespace bpor
