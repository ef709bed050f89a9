#include "tools/bporcheck/TraceEdges.h"

#include <algorithm>
#include <map>
#include <optional>

namespace bpor::tool {

const char *edgeKindName(EdgeKind kind) {
  switch (kind) {
  case EdgeKind::Fork:
    return "fork";
  case EdgeKind::Join:
    return "join";
  case EdgeKind::Lock:
    return "lock";
  case EdgeKind::Post:
    return "post";
  case EdgeKind::Signal:
    return "signal";
  case EdgeKind::Barrier:
    return "barrier";
  case EdgeKind::ReadsFrom:
    return "reads-from";
  }
  return "?";
}

namespace {

// The object a step releases (its address), if it does: an unlock, a condition wait (its
// mutex, the second access), a semaphore post.
std::optional<uint64_t> released(const Operation &op) {
  if ((op.kind == OpKind::Unlock || op.kind == OpKind::RwUnlock || op.kind == OpKind::SemPost) &&
      op.numAccesses >= 1)
    return op.accesses[0].address;
  if (op.kind == OpKind::CondWait && op.numAccesses >= 2)
    return op.accesses[1].address;
  return std::nullopt;
}

// The object a step acquires, if it does. A trylock (of a mutex, a spin lock or a semaphore)
// acquires only if it succeeded (returned 0 and did not only read); a condition variable's
// wake reacquires its mutex. Read-write locks count as mutexes: a reader acquires what the
// last unlock released.
std::optional<uint64_t> acquired(const Operation &op) {
  switch (op.kind) {
  case OpKind::Lock:
  case OpKind::RwRdlock:
  case OpKind::RwWrlock:
  case OpKind::SemWait:
    if (op.numAccesses >= 1)
      return op.accesses[0].address;
    break;
  case OpKind::Trylock:
    if (op.numAccesses >= 1 && !op.onlyRead && op.value == 0)
      return op.accesses[0].address;
    break;
  case OpKind::CondWake:
    if (op.numAccesses >= 2)
      return op.accesses[1].address;
    break;
  default:
    break;
  }
  return std::nullopt;
}

// The wakeups a condition variable owes, as runtime/sync/CondVar.h keeps them, with the step
// that made each.
class CondWakeups {
public:
  void wait(ThreadId thread) { waiters_.push_back({thread, std::nullopt}); }

  // A signal that was not lost (the runtime says how many wakeups it added).
  void signal(size_t step) {
    Token token{step, {}};
    for (const Waiter &w : waiters_)
      if (!w.broadcast)
        token.eligible.push_back(w.thread);
    tokens_.push_back(std::move(token));
  }

  void broadcast(size_t step) {
    for (Waiter &w : waiters_)
      if (!w.broadcast)
        w.broadcast = step;
    tokens_.clear(); // every token's waiters are woken by the broadcast
  }

  // The step whose wakeup `thread` takes as it wakes, if any.
  std::optional<size_t> wake(ThreadId thread) {
    auto waiter = std::find_if(waiters_.begin(), waiters_.end(),
                               [&](const Waiter &w) { return w.thread == thread; });
    if (waiter == waiters_.end())
      return std::nullopt;
    std::optional<size_t> by = waiter->broadcast;
    waiters_.erase(waiter);
    if (!by) {
      auto token = std::find_if(tokens_.begin(), tokens_.end(), [&](const Token &t) {
        return std::find(t.eligible.begin(), t.eligible.end(), thread) != t.eligible.end();
      });
      if (token != tokens_.end()) {
        by = token->step;
        tokens_.erase(token);
      }
    }
    for (Token &t : tokens_)
      t.eligible.erase(std::remove(t.eligible.begin(), t.eligible.end(), thread),
                       t.eligible.end());
    return by;
  }

private:
  struct Waiter {
    ThreadId thread;
    std::optional<size_t> broadcast;
  };
  struct Token {
    size_t step;
    std::vector<ThreadId> eligible;
  };
  std::vector<Waiter> waiters_;
  std::vector<Token> tokens_;
};

struct BarrierGeneration {
  std::vector<size_t> arrivals; // the steps that arrived in it
  bool left = false;            // a thread has left it
};

bool overlaps(const Access &a, const Access &b) {
  return a.address < b.address + b.size && b.address < a.address + a.size;
}

// Whether a step writes program memory (not a synchronisation object) with `access`.
bool writesData(const Operation &op, const Access &access) {
  if (!access.write)
    return false;
  switch (op.kind) {
  case OpKind::Store:
  case OpKind::MemoryCopy:
    return true;
  case OpKind::ReadModifyWrite:
    return !op.onlyRead;
  default:
    return false;
  }
}

// Whether a step reads program memory with `access`: a load, an update (which reads what it
// overwrites), the source of a copy.
bool readsData(const Operation &op, const Access &access) {
  switch (op.kind) {
  case OpKind::Load:
  case OpKind::ReadModifyWrite:
    return true;
  case OpKind::MemoryCopy:
    return !access.write;
  default:
    return false;
  }
}

// Under sequential consistency: the latest step before `step` that wrote bytes `access` reads.
std::optional<size_t> latestWriter(const std::vector<Operation> &trace, size_t step,
                                   const Access &access) {
  for (size_t j = step; j-- > 0;) {
    const Operation &op = trace[j];
    for (unsigned k = 0; k < op.numAccesses; ++k)
      if (writesData(op, op.accesses[k]) && overlaps(op.accesses[k], access))
        return j;
  }
  return std::nullopt;
}

} // namespace

std::vector<PictureEdge> traceEdges(const std::vector<Operation> &trace) {
  bool weakMemory = std::any_of(trace.begin(), trace.end(),
                                [](const Operation &op) { return op.readFromStep != 0; });
  std::vector<PictureEdge> edges;
  auto edge = [&](EdgeKind kind, size_t from, size_t to) {
    if (trace[from].thread == trace[to].thread)
      return;
    for (const PictureEdge &e : edges)
      if (e.kind == kind && e.from == from && e.to == to)
        return;
    edges.push_back({kind, from, to});
  };
  std::map<ThreadId, size_t> lastStepOf;   // each thread's latest step so far
  std::map<uint64_t, size_t> lastRelease;  // each mutex's or semaphore's latest release so far
  std::map<ThreadId, size_t> pendingForks; // a child not yet run: the step that created it
  std::map<uint64_t, CondWakeups> conds;   // by condition variable
  std::map<uint64_t, BarrierGeneration> barriers; // by Barrier.h's byte of the generation
  for (size_t i = 0; i < trace.size(); ++i) {
    const Operation &op = trace[i];
    // A thread's first step follows the fork that created it.
    if (auto fork = pendingForks.find(op.thread); fork != pendingForks.end()) {
      edge(EdgeKind::Fork, fork->second, i);
      pendingForks.erase(fork);
    }
    if (op.kind == OpKind::Fork && op.otherThread != NoThread)
      pendingForks[op.otherThread] = i;
    // A join follows the joined thread's end: its last step (the one that ended it).
    if (op.kind == OpKind::Join && op.otherThread != NoThread)
      if (auto last = lastStepOf.find(op.otherThread); last != lastStepOf.end())
        edge(EdgeKind::Join, last->second, i);

    if (std::optional<uint64_t> object = acquired(op))
      if (auto release = lastRelease.find(*object); release != lastRelease.end())
        edge(trace[release->second].kind == OpKind::SemPost ? EdgeKind::Post : EdgeKind::Lock,
             release->second, i);
    if (std::optional<uint64_t> object = released(op))
      lastRelease[*object] = i;

    if (op.numAccesses >= 1) {
      uint64_t object = op.accesses[0].address;
      if (op.kind == OpKind::CondWait)
        conds[object].wait(op.thread);
      else if (op.kind == OpKind::CondSignal && op.value != 0)
        conds[object].signal(i);
      else if (op.kind == OpKind::CondBroadcast)
        conds[object].broadcast(i);
      else if (op.kind == OpKind::CondWake)
        if (std::optional<size_t> by = conds[object].wake(op.thread))
          edge(EdgeKind::Signal, *by, i);
      // A barrier's arrival writes its generation's byte, the leaving reads it
      // (runtime/sync/Barrier.h). A thread leaves after every arrival of its generation, and
      // no thread arrives in the next generation with that byte (two later) before every
      // thread has left this one: an arrival after a leaving starts a new generation.
      if (op.kind == OpKind::BarrierWait) {
        BarrierGeneration &generation = barriers[object];
        if (op.accesses[0].write) {
          if (generation.left)
            generation = {};
          generation.arrivals.push_back(i);
        } else {
          generation.left = true;
          for (size_t arrival : generation.arrivals)
            edge(EdgeKind::Barrier, arrival, i);
        }
      }
    }

    if (weakMemory) {
      // The weak-memory search names the store a read read (the initial value has no step).
      if (op.readFromStep && op.readFromStep != Operation::ReadFromInitial &&
          op.readFromStep <= i)
        edge(EdgeKind::ReadsFrom, size_t(op.readFromStep) - 1, i);
    } else {
      for (unsigned k = 0; k < op.numAccesses; ++k)
        if (readsData(op, op.accesses[k]))
          if (std::optional<size_t> writer = latestWriter(trace, i, op.accesses[k]))
            edge(EdgeKind::ReadsFrom, *writer, i);
    }
    lastStepOf[op.thread] = i;
  }
  return edges;
}

} // namespace bpor::tool
