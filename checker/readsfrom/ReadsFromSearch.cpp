// The reads-from search's main loop: take a sibling from the queue, replay its witness prefix,
// run on to the execution's end (the lowest-numbered enabled thread first), and record each
// step as an event of locations read and written.
#include "checker/readsfrom/ReadsFromSearch.h"

#include "checker/engine/ExecutionEnds.h"
#include "checker/readsfrom/RfExecution.h"

#include <fmt/format.h>

namespace bpor {

namespace readsfrom {

int32_t Locations::find(uint64_t address, uint64_t size) {
  auto it = byAddress_.upper_bound(address);
  if (it != byAddress_.begin()) {
    auto prev = std::prev(it);
    if (prev->first == address && prev->second.first == size)
      return prev->second.second;
    if (prev->first + std::max<uint64_t>(prev->second.first, 1) > address)
      return -1;
  }
  if (it != byAddress_.end() && address + std::max<uint64_t>(size, 1) > it->first)
    return -1;
  int32_t number = int32_t(sizes_.size());
  byAddress_.emplace(address, std::make_pair(size, number));
  sizes_.push_back(size);
  addresses_.push_back(address);
  initial.push_back(0);
  mutex.push_back(0);
  return number;
}

SearchResult ReadsFromSearch::run() {
  WeakMemorySteps awaits(model_, true); // spin and update loops stop at their back edges
  ledger_.start();
  // The creation of threads reads and writes one location of its own: which thread a creation
  // makes (its number, its pthread_t) depends on the creations before it.
  creationLoc_ = locations_.find(~uint64_t(0), 0);
  queue_.push(std::make_shared<DecisionNode>());
  while (!queue_.empty() && !ledger_.stopped()) {
    std::shared_ptr<DecisionNode> work = queue_.pop();
    execute(work);
    if (refused_)
      break;
    assignUnfoldingAndDecisions(work);
    if (!ledger_.stopped() && !refused_)
      addAlternatives();
  }
  SearchResult result = ledger_.finish([&] { return !queue_.empty(); });
  // An execution that ended while other threads could still run hid their later events, and
  // so the classes (and errors) only they lead to (docs/reads-from.md): after an error only
  // keepGoing goes on, after an infeasible end every search does.
  if (refused_ || (options_.keepGoing && cutByError_) || cutByInfeasible_)
    result.complete = false;
  return result;
}

void ReadsFromSearch::execute(const std::shared_ptr<DecisionNode> &work) {
  model_.restart();
  names_.start(model_.numThreads());
  events_.clear();
  ops_.clear();
  schedule_.clear();
  byThread_.clear();
  lastWriter_.assign(locations_.size(), Initial);
  locationSeen_.assign(locations_.size(), 0);
  replayed_ = work->leaf.size();
  blockedOnLock_.clear();
  holder_.clear();
  frees_.clear();
  copies_.clear();

  // The decisions the prefix's reads stand for: the work item's ancestors by depth.
  std::vector<std::shared_ptr<DecisionNode>> ancestors(size_t(work->depth + 1));
  for (std::shared_ptr<DecisionNode> n = work; n && n->depth >= 0; n = n->parent)
    ancestors[size_t(n->depth)] = n;

  for (const Branch &b : work->leaf) {
    // A changed read may end the execution in its own step (an assertion right after it
    // fails): the prefix before it is an execution with that error.
    if (model_.status() != ExecStatus::Running)
      break;
    ThreadId thread = names_.threadOf(b.name);
    if (thread == NoThread || !model_.isEnabled(thread)) {
      internalError("its witness prefix does not replay");
      return;
    }
    if (!step(thread))
      return;
    RfEvent &e = events_.back();
    e.decision = b.decisionDepth >= 0 ? ancestors[size_t(b.decisionDepth)] : nullptr;
    e.pinned = b.pinned;
  }
  while (model_.status() == ExecStatus::Running) {
    ThreadId thread = nextThread();
    if (thread == NoThread) {
      endWithoutThread();
      return;
    }
    if (events_.size() >= options_.maxDepth) {
      // A loop whose iterations write is no await: its executions grow without end, and the
      // search stops at the first that goes too deep, inconclusive even with keepGoing.
      report(depthLimitError(thread, model_.pending(thread).location, options_.maxDepth));
      endExecution(ExecutionEnd::DepthLimit);
      ledger_.stop = StopReason::Error;
      refused_ = true;
      return;
    }
    if (!step(thread))
      return;
  }
  ExecutionEnd end = executionEndOf(model_.status());
  if (end == ExecutionEnd::Error)
    report(model_.error());
  endExecution(end);
}

// The lowest-numbered thread that can run and does not wait at a spin loop's back edge; the
// process's exit only when no other thread can run and none waits there in vain (which ends
// the execution as redundant instead, endWithoutThread).
ThreadId ReadsFromSearch::nextThread() const {
  ThreadId exiting = NoThread;
  for (ThreadId t = 0; t < model_.numThreads(); ++t) {
    if (!model_.isEnabled(t) || waits(t))
      continue;
    if (model_.pending(t).kind != OpKind::Exit)
      return t;
    exiting = t;
  }
  for (ThreadId t = 0; t < model_.numThreads(); ++t)
    if (waits(t) && !iterationReadsLatest(t))
      return NoThread;
  return exiting;
}

// Spin loops (passes/SpinLoopPass.h) are awaits, as in GenMC and the weak-memory search
// (docs/weak-memory.md, "Spin loops"): a thread at the back edge of an iteration that changed
// nothing waits there. Its iteration's reads go on to read later writes as alternatives; the
// execution in which it waits is redundant unless every read of its iteration read the latest
// write, when it spins forever.
bool ReadsFromSearch::waits(ThreadId t) const {
  const Operation &p = model_.pending(t);
  if (!model_.isAlive(t) || p.kind != OpKind::Yield || !p.spinLoop)
    return false;
  ThreadId name = names_.nameOf(t);
  if (name >= byThread_.size())
    return false;
  const std::vector<int32_t> &mine = byThread_[name];
  size_t count = std::min<size_t>(p.value, mine.size());
  for (size_t k = mine.size() - count; k < mine.size(); ++k) {
    const RfEvent &e = events_[size_t(mine[k])];
    // An update that wrote the value it read changed nothing (an exchange of 1 that read 1).
    // Not one whose values stand for expressions: they are the path's model's, and other
    // inputs may tell them apart.
    const Operation &op = ops_[size_t(mine[k])];
    bool sameValue = e.rmw.form != RmwArguments::Form::None && !op.symbolicValue &&
                     op.value == e.written[0];
    if (e.writes() && !sameValue)
      return false;
  }
  return true;
}

bool ReadsFromSearch::iterationReadsLatest(ThreadId t) const {
  ThreadId name = names_.nameOf(t);
  const std::vector<int32_t> &mine = byThread_[name];
  size_t count = std::min<size_t>(model_.pending(t).value, mine.size());
  for (size_t k = mine.size() - count; k < mine.size(); ++k) {
    const RfEvent &e = events_[size_t(mine[k])];
    if (e.reads() && e.readFrom != lastWriter_[size_t(e.readLoc)] &&
        lastWriter_[size_t(e.readLoc)] != mine[k])
      return false;
  }
  return true;
}

// No thread can take a step: a thread waits at a spin loop in vain (redundant), one stopped at
// a failed assumption, a thread that waits at a spin loop for ever, or a deadlock.
void ReadsFromSearch::endWithoutThread() {
  ThreadId spinning = NoThread;
  for (ThreadId t = 0; t < model_.numThreads(); ++t) {
    if (!waits(t))
      continue;
    if (!iterationReadsLatest(t)) {
      endExecution(ExecutionEnd::WaitedInVain);
      return;
    }
    if (spinning == NoThread)
      spinning = t;
  }
  if (stoppedByFailedAssume(model_)) {
    // The stopped thread loops at its assumption forever, on inputs the program rules out: the
    // threads waiting for it are no livelock or deadlock (as for the stateful search).
    endExecution(ExecutionEnd::Infeasible);
  } else if (spinning != NoThread) {
    ErrorInfo error;
    error.kind = ErrorKind::Livelock;
    error.thread = spinning;
    error.location = model_.pending(spinning).location;
    error.message = fmt::format("{} spins forever in this loop: every value its iteration "
                                "reads is the latest write of its location, and no thread is "
                                "left to write another",
                                threadLabel(model_, spinning));
    report(error);
    endExecution(ExecutionEnd::Error);
  } else {
    report(deadlockError(model_));
    endExecution(ExecutionEnd::Deadlock);
  }
}

// Also notes the threads that wait for a mutex at the end, whatever ended the execution, and
// whether an error cut other threads short.
void ReadsFromSearch::endExecution(ExecutionEnd end) {
  // An end that stops every thread (an error, a model's infeasible end; not a thread stopped
  // at a failed assumption, which stops only itself) while another thread was alive.
  if (end == ExecutionEnd::Error || end == ExecutionEnd::Infeasible)
    for (ThreadId t = 0; t < model_.numThreads(); ++t)
      if (model_.status() != ExecStatus::Running && t != model_.error().thread &&
          model_.isAlive(t)) {
        (end == ExecutionEnd::Error ? cutByError_ : cutByInfeasible_) = true;
      }
  for (ThreadId t = 0; t < model_.numThreads(); ++t) {
    const Operation &p = model_.pending(t);
    if (model_.isAlive(t) && !model_.isEnabled(t) && p.kind == OpKind::Lock && p.mutex &&
        p.numAccesses == 1) {
      int32_t loc = locations_.find(p.accesses[0].address, p.accesses[0].size);
      if (loc >= 0)
        blockedOnLock_.emplace_back(loc, t);
    }
  }
  ledger_.endExecution(end, ops_);
}

bool ReadsFromSearch::refuse(ThreadId thread, const Operation &op, const std::string &what) {
  ErrorInfo error;
  error.kind = ErrorKind::Unsupported;
  error.thread = thread;
  error.location = op.location;
  error.message = fmt::format("the reads-from search (--search=rf) does not take {} yet: "
                              "choose --search=optimal",
                              what);
  report(error);
  ledger_.stop = StopReason::Error;
  refused_ = true;
  return false;
}

// An error with the schedule that replays it. The schedule comes with (empty) read values, so
// that a replay steps the program as this search does (Model::setWeakMemorySteps: an update
// loop's back edge is a step).
void ReadsFromSearch::report(const ErrorInfo &error) {
  ledger_.reportError(error, ops_, schedule_, ReadValues(schedule_.size()));
}

// A broken invariant of the search: it stops, inconclusive, and says so (never "ok").
void ReadsFromSearch::internalError(const char *what) {
  ErrorInfo error;
  error.kind = ErrorKind::Unsupported;
  error.message = fmt::format("internal error in the reads-from search ({}): please report it, "
                              "and choose --search=optimal",
                              what);
  report(error);
  ledger_.stop = StopReason::Error;
  refused_ = true;
}

// Records thread's step as an event. False if the search cannot take it (refused).
bool ReadsFromSearch::step(ThreadId thread) {
  const Operation &pending = model_.pending(thread);
  switch (pending.kind) {
  case OpKind::Load:
  case OpKind::Store:
  case OpKind::ReadModifyWrite:
  case OpKind::Fence:
  case OpKind::Yield:
  case OpKind::Fork:
  case OpKind::Join:
  case OpKind::Exit:
  case OpKind::Other:
  case OpKind::Free:
  case OpKind::MemoryCopy:
    break;
  case OpKind::Lock:
  case OpKind::Trylock:
  case OpKind::Unlock:
    if (pending.mutex && pending.numAccesses == 1)
      break;
    [[fallthrough]];
  default:
    return refuse(thread, pending, fmt::format("a {} operation", opKindName(pending.kind)));
  }
  if (pending.blocking)
    return refuse(thread, pending, "a wait on a memory word");
  if (pending.kind == OpKind::Exit)
    for (ThreadId t = 0; t < model_.numThreads(); ++t)
      if (t != thread && model_.isAlive(t) && !waits(t))
        return refuse(thread, pending, "an exit while other threads run");
  if ((pending.kind == OpKind::Other || pending.kind == OpKind::Fork ||
       pending.kind == OpKind::Join) &&
      pending.numChoices > 1)
    return refuse(thread, pending, "a data choice");
  // Each location's initial value, read before the execution's first access to it. (A free's
  // or a copy's footprint is ranges of bytes, no location: freesOrdered and copiesLocal check
  // them.)
  int32_t locs[Operation::MaxAccesses];
  bool ranges = pending.kind == OpKind::Free || pending.kind == OpKind::MemoryCopy;
  unsigned located = ranges ? 0 : pending.numAccesses;
  for (unsigned k = 0; k < located; ++k) {
    const Access &a = pending.accesses[k];
    locs[k] = locations_.find(a.address, a.size);
    if (locs[k] < 0)
      return refuse(thread, pending, "accesses of one location with different sizes");
    if (size_t(locs[k]) >= lastWriter_.size()) {
      lastWriter_.resize(locations_.size(), Initial);
      locationSeen_.resize(locations_.size(), 0);
    }
    if (!locationSeen_[locs[k]]) {
      locationSeen_[locs[k]] = 1;
      if (lastWriter_[locs[k]] == Initial && a.size <= 8)
        locations_.initial[locs[k]] = model_.peekMemory(a.address, uint32_t(a.size));
    }
  }
  RmwArguments rmw = pending.kind == OpKind::ReadModifyWrite ? model_.pendingRmw(thread)
                                                               : RmwArguments{};
  ThreadId name = names_.nameOf(thread);
  ThreadId threadsBefore = model_.numThreads();
  uint32_t index = name < byThread_.size() ? uint32_t(byThread_[name].size()) + 1 : 1;

  const Operation &op = model_.step(thread);
  ++ledger_.result.stats.steps;
  ops_.push_back(op);
  schedule_.push_back(ScheduleStep{thread, 0});
  if (model_.numThreads() > threadsBefore)
    names_.created(name, index, model_.numThreads());

  RfEvent e;
  e.name = name;
  e.index = index;
  e.rmw = rmw;
  int32_t self = int32_t(events_.size());
  unsigned writes = 0;
  auto addWrite = [&](int32_t loc, uint64_t value) {
    e.writeLocs[writes] = loc;
    e.written[writes++] = value;
  };
  auto readOf = [&](int32_t loc) {
    e.readLoc = loc;
    e.readFrom = lastWriter_[loc];
  };
  switch (op.kind) {
  case OpKind::Load:
    if (op.numAccesses != 1)
      return refuse(thread, op, "a load of several ranges");
    readOf(locs[0]);
    break;
  case OpKind::Store:
    for (unsigned k = 0; k < op.numAccesses; ++k)
      addWrite(locs[k], op.value);
    break;
  case OpKind::ReadModifyWrite:
    if (op.numAccesses != 1 || rmw.form == RmwArguments::Form::None)
      return refuse(thread, op, "this read-modify-write");
    readOf(locs[0]);
    if (op.wrote)
      addWrite(locs[0], op.written);
    break;
  case OpKind::Fork:
    readOf(creationLoc_);
    addWrite(creationLoc_, 0);
    for (unsigned k = 0; k < op.numAccesses; ++k)
      addWrite(locs[k], 0);
    break;
  case OpKind::Lock:
  case OpKind::Trylock:
  case OpKind::Unlock: {
    // A mutex operation reads the one before it and writes (Nidhugg's order of lock events).
    locations_.mutex[size_t(locs[0])] = 1;
    if (op.kind != OpKind::Trylock && op.value != 0)
      return refuse(thread, op, "a mutex operation that failed (an error-checking mutex)");
    if (holder_.size() < locations_.size())
      holder_.resize(locations_.size(), NoThread);
    ThreadId &holder = holder_[size_t(locs[0])];
    if (op.kind == OpKind::Lock && holder == thread)
      return refuse(thread, op, "a mutex locked again by its holder (a recursive mutex)");
    if (op.kind == OpKind::Unlock)
      holder = NoThread;
    else if (op.value == 0)
      holder = thread;
    // A mutex's operations are ordered as Nidhugg orders them: each reads the one before and
    // writes (1: held, 0: free), a failed trylock too (it leaves the mutex held).
    readOf(locs[0]);
    addWrite(locs[0], op.kind == OpKind::Unlock ? 0 : 1);
    break;
  }
  case OpKind::Free:
    // An event of its thread alone (freesOrdered refuses a free that another access races with).
    if (op.numAccesses == 1)
      frees_.push_back(FreedObject{self, op.accesses[0].address, op.accesses[0].size});
    break;
  case OpKind::MemoryCopy: {
    // An event of its thread alone, where copiesLocal allows it. A location of its destination
    // that the execution accessed before (its own thread only, copiesLocal checks) it writes:
    // a later read of it reads the copied bytes from this event, not the earlier write or value.
    copies_.push_back(self);
    bool fits = true;
    for (unsigned k = 0; k < op.numAccesses; ++k)
      if (op.accesses[k].write)
        locations_.forEachOverlapping(
            op.accesses[k].address, op.accesses[k].size, [&](int32_t loc) {
              if (size_t(loc) >= locationSeen_.size() || !locationSeen_[size_t(loc)])
                return;
              if (writes == WitnessEvent::MaxWrites) {
                fits = false;
                return;
              }
              uint64_t size = locations_.sizeOf(loc);
              addWrite(loc, size <= 8 ? model_.peekMemory(locations_.addressOf(loc),
                                                          uint32_t(size))
                                      : 0);
            });
    if (!fits)
      return refuse(thread, op, "a copy over more locations the execution accessed before "
                                "than one event writes");
    break;
  }
  case OpKind::Other:
    // A call on shared runtime state: it reads and writes it.
    if (op.numAccesses > 1)
      return refuse(thread, op, "a call on several objects");
    if (op.numAccesses == 1) {
      readOf(locs[0]);
      if (op.accesses[0].write)
        addWrite(locs[0], 0);
    }
    break;
  default: // fence, yield, join, exit: no memory but their own
    for (unsigned k = 0; k < op.numAccesses; ++k)
      addWrite(locs[k], 0);
    break;
  }
  // Program order and the other happens-before edges: a thread's first event follows its
  // creation, a join follows the joined thread's last event, an exit every other thread's.
  if (index == 1)
    for (int32_t k = self - 1; k >= 0; --k)
      if (ops_[size_t(k)].kind == OpKind::Fork &&
          names_.nameOf(ops_[size_t(k)].otherThread) == name) {
        e.after.push_back(k);
        break;
      }
  if (op.kind == OpKind::Join && op.otherThread != NoThread) {
    ThreadId target = names_.nameOf(op.otherThread);
    if (target < byThread_.size() && !byThread_[target].empty())
      e.after.push_back(byThread_[target].back());
  }
  if (op.kind == OpKind::Exit)
    for (ThreadId t = 0; t < byThread_.size(); ++t)
      if (t != name && !byThread_[t].empty())
        e.after.push_back(byThread_[t].back());
  for (unsigned k = 0; k < writes; ++k)
    lastWriter_[e.writeLocs[k]] = self;
  if (name >= byThread_.size())
    byThread_.resize(name + 1);
  byThread_[name].push_back(self);
  events_.push_back(std::move(e));
  return true;
}

} // namespace readsfrom

SearchResult exploreReadsFrom(Model &model, const SearchOptions &options,
                              const ExecutionObserver &observer) {
  return readsfrom::ReadsFromSearch(model, options, observer).run();
}

} // namespace bpor
