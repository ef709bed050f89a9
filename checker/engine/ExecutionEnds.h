// The errors the explorers themselves report when an execution ends (the model reports the
// program's own), worded the same by every search so that verdicts and traces do not depend on
// which search found them.
#pragma once

#include "checker/Explorer.h"

#include <cstddef>
#include <cstdint>
#include <optional>

namespace bpor {

/// No thread of `model` (in its current state) is enabled and none stopped at a failed
/// assumption: names every blocked thread, what it waits for and, for a lock, who holds it
/// ("thread 1 (worker) waits for mutex global m, held by thread 2 (other)"), and points at the
/// first.
ErrorInfo deadlockError(const Model &model);

/// How an execution whose model stopped with `status` (not Running) ended.
ExecutionEnd executionEndOf(ExecStatus status);

/// Where a path of the state graph stands at the model's current state (the stateful
/// searches): nullopt if it runs on (a thread is enabled); else how it ends, counting a
/// finished or infeasible end in `stats` (an execution each), and for an error or a deadlock
/// setting `error` to what to report (not counted: reporting counts it).
std::optional<ExecutionEnd> pathEndHere(const Model &model, Statistics &stats, ErrorInfo &error);

/// An execution reached `maxDepth` steps with `thread` about to take one more at `location`.
ErrorInfo depthLimitError(ThreadId thread, uint32_t location, uint64_t maxDepth);

/// Replaying step `stepIndex` (0-based) of a schedule executed `event`, not what it executed
/// when the search first took it.
ErrorInfo nondeterminismError(const Operation &event, size_t stepIndex);

/// Whether a replayed event is the one the search recorded (thread, kind, value, other thread
/// and footprint): what a deterministic model must give.
bool sameEvent(const Operation &a, const Operation &b);

} // namespace bpor
