// How the unfolding search drives the model: canonical labels, steps, ending events, the
// model following C with checkpoints.
#include "checker/unfolding/UnfoldingSearch.h"

#include <fmt/format.h>

namespace bpor::unfolding {

namespace {
// Checkpoints of the states along C: every one near the root, where the search returns most,
// and then one in 16 (a return replays at most 15 steps from the one below).
bool checkpointLevel(size_t level) { return level <= 64 || level % 16 == 0; }
} // namespace

// ---- The model ----

// An atomic block whose footprint the pass named is pending as conflicting with everything
// while a symbolic value can reach it (Execution::mayDecideInsideBlock), which depends on what
// other threads wrote there, not on the thread's history alone as an event's label must. Its
// label is the named footprint (an atomic block excludes the other threads whatever its
// label's footprint: Event.h, excludesOthers).
static bool namedBlock(const Operation &op) {
  return op.kind == OpKind::AtomicBlock && op.numAccesses > 0;
}

Operation UnfoldingSearch::canonicalLabel(const Operation &pending, CanonicalThread u,
                                          const ThreadMap &threads) const {
  Operation label = pending;
  label.thread = u;
  label.value = 0;
  if (namedBlock(label))
    label.global = false;
  if (label.kind == OpKind::Join && label.otherThread != NoThread)
    label.otherThread = label.otherThread < threads.canonicalOf.size()
                            ? threads.canonicalOf[label.otherThread]
                            : NoThread;
  else if (label.kind == OpKind::Fork)
    label.otherThread = NoThread;
  return label;
}

bool UnfoldingSearch::matches(const Operation &pending, const Event &e) const {
  const Operation &l = e.label;
  bool global = pending.global && !namedBlock(pending);
  if (pending.kind != l.kind || global != l.global ||
      pending.numChoices != l.numChoices || pending.numAccesses != l.numAccesses)
    return false;
  for (unsigned i = 0; i < l.numAccesses; ++i)
    if (pending.accesses[i].address != l.accesses[i].address ||
        pending.accesses[i].size != l.accesses[i].size ||
        pending.accesses[i].write != l.accesses[i].write ||
        pending.accesses[i].update != l.accesses[i].update)
      return false;
  return true;
}

const Operation *UnfoldingSearch::stepModel(Event *e, ThreadMap &threads) {
  ThreadId m = threads.model(e->thread);
  std::string why;
  if (m == NoThread || m >= model.numThreads() || !model.isAlive(m))
    why = "its thread does not exist";
  else if (!model.isEnabled(m))
    why = "its thread is not enabled";
  else if (!matches(model.pending(m), *e)) {
    const Operation &p = model.pending(m);
    why = fmt::format("the thread's next operation is {} ({} choices, {} accesses{}) where "
                      "the event is {} ({} choices, {} accesses{})",
                      opKindName(p.kind), unsigned(p.numChoices), unsigned(p.numAccesses),
                      p.global ? ", global" : "", opKindName(e->label.kind),
                      unsigned(e->label.numChoices), unsigned(e->label.numAccesses),
                      e->label.global ? ", global" : "");
  }
  if (!why.empty()) {
    nondeterminism(fmt::format("thread {}'s event {} ({}) cannot be replayed: {}", e->thread,
                               e->index, opKindName(e->label.kind), why));
    return nullptr;
  }
  const Operation &executed = model.step(m, e->choice);
  ++result.stats.steps;

  // A fork that created no thread (the step failed: too many threads) binds nothing.
  if (e->isFork() && executed.otherThread != NoThread)
    threads.bind(e->child(), executed.otherThread);
  return &executed;
}

bool UnfoldingSearch::isEnding(const Operation &executed) const {
  switch (model.status()) {
  case ExecStatus::Running: return false;
  case ExecStatus::Error:
  case ExecStatus::Infeasible: return true;
  case ExecStatus::Finished: return executed.kind == OpKind::Exit;
  }
  return false;
}

void UnfoldingSearch::noteEnding(const std::vector<Operation> &trace, const Schedule &schedule) {
  switch (model.status()) {
  case ExecStatus::Error:
    report(model.error(), trace, schedule);
    observe(trace, ExecutionEnd::Error);
    break;
  case ExecStatus::Infeasible:
    observe(trace, ExecutionEnd::Infeasible);
    break;
  default:
    observe(trace, ExecutionEnd::Finished);
    break;
  }
}

void UnfoldingSearch::ensureModelAtC() {
  size_t n = C_.size();
  if (modelAt_ == n || stop)
    return;
  size_t from = n;
  while (from > 0 && !(from < checkpointValid_.size() && checkpointValid_[from]))
    --from;
  if (from < checkpointValid_.size() && checkpointValid_[from])
    model.restore(*checkpoints_[from]);
  else {
    model.restart();
    from = 0;
  }
  for (size_t i = from; i < n && !stop; ++i) {
    if (C_[i]->ending)
      continue;
    const Operation *executed = stepModel(C_[i], threads_);
    if (executed && isEnding(*executed))
      nondeterminism("an event that did not end the execution ended it when replayed");
    if (checkpointLevel(i + 1) && !C_[i]->ending) {
      modelAt_ = i + 1;
      saveCheckpoint();
    }
  }
  modelAt_ = n;
}

void UnfoldingSearch::saveCheckpoint() {
  size_t level = C_.size();
  if (!checkpointsSupported || !checkpointLevel(level) || modelAt_ != level)
    return;
  if (checkpoints_.size() <= level) {
    checkpoints_.resize(level + 1);
    checkpointValid_.resize(level + 1, false);
  }
  if (checkpointValid_[level])
    return;
  if (checkpoints_[level]) {
    if (!model.checkpointInto(*checkpoints_[level])) {
      checkpointsSupported = false;
      return;
    }
  } else {
    checkpoints_[level] = model.checkpoint();
    if (!checkpoints_[level]) {
      checkpointsSupported = false;
      return;
    }
  }
  checkpointValid_[level] = true;
}

void UnfoldingSearch::nondeterminism(const std::string &what) {
  if (stop)
    return;
  ErrorInfo error;
  error.kind = ErrorKind::Unsupported;
  error.message = "the unfolding search found the program non-deterministic: " + what;
  Schedule schedule;
  std::vector<Operation> trace = currentTrace(&schedule);
  report(error, trace, schedule);
  stop = true;
}

} // namespace bpor::unfolding
