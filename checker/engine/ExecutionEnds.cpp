#include "checker/engine/ExecutionEnds.h"

#include <fmt/format.h>

namespace bpor {

ErrorInfo deadlockError(const Model &model) {
  ErrorInfo error;
  error.kind = ErrorKind::Deadlock;
  std::string blocked;
  for (ThreadId u = 0; u < model.numThreads(); ++u) {
    if (!model.isAlive(u))
      continue;
    const Operation &next = model.pending(u);
    blocked += fmt::format("{}{} ({})", blocked.empty() ? "" : ", ", u, opKindName(next.kind));
    if (error.thread == NoThread) {
      error.thread = u;
      error.location = next.location;
    }
  }
  error.message = fmt::format("deadlock: no thread can run; blocked: {}", blocked);
  return error;
}

ExecutionEnd executionEndOf(ExecStatus status) {
  return status == ExecStatus::Finished     ? ExecutionEnd::Finished
         : status == ExecStatus::Infeasible ? ExecutionEnd::Infeasible
                                            : ExecutionEnd::Error;
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
