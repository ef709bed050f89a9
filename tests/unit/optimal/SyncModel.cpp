#include "SyncModel.h"

#include <algorithm>
#include <fmt/format.h>
#include <stdexcept>

namespace bpor::testing {

namespace {

constexpr uint32_t NumVariables = 2, NumSemaphores = 1, NumRwlocks = 1, NumMutexes = 1,
                   NumConds = 1;

uint64_t mutexAddress(uint64_t mutex) { return 0x400000 + 8 * mutex; }

uint64_t addressOf(const SyncInstr &i) {
  switch (i.op) {
  case SyncOp::Read:
  case SyncOp::Write: return 8 * uint64_t(i.object);
  case SyncOp::SemWait:
  case SyncOp::SemPost: return 0x200000 + 8 * uint64_t(i.object);
  case SyncOp::RdLock:
  case SyncOp::WrLock:
  case SyncOp::RwUnlock: return 0x300000 + 8 * uint64_t(i.object);
  case SyncOp::Lock:
  case SyncOp::Unlock: return mutexAddress(i.object);
  case SyncOp::CondWait:
  case SyncOp::CondSignal:
  case SyncOp::CondBroadcast: return 0x500000 + 8 * uint64_t(i.object);
  case SyncOp::Fork: return 0;
  }
  return 0;
}

// SplitMix64, as tests/support/Generator.cpp.
struct Random {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  unsigned below(unsigned n) { return unsigned(next() % n); }
};

} // namespace

std::string SyncProgram::toString() const {
  static const char *names[] = {"read",      "write",       "sem_wait",      "sem_post", "rdlock",
                                "wrlock",    "rw_unlock",   "fork",          "lock",     "unlock",
                                "cond_wait", "cond_signal", "cond_broadcast"};
  std::string out;
  for (size_t b = 0; b < bodies.size(); ++b) {
    out += fmt::format("T{}:", b);
    for (const SyncInstr &i : bodies[b]) {
      out += fmt::format(" {} {}", names[unsigned(i.op)], i.object);
      if (i.op == SyncOp::Write || i.op == SyncOp::CondWait)
        out += fmt::format(" {}", i.value);
      out += ";";
    }
    out += "\n";
  }
  for (size_t s = 0; s < semaphoreInit.size(); ++s)
    out += fmt::format("sem {} = {}\n", s, semaphoreInit[s]);
  return out;
}

SyncProgram generateSyncProgram(uint64_t seed) {
  Random rng{seed};
  SyncProgram p;
  p.semaphoreInit = {rng.below(2)};
  unsigned children = 2 + rng.below(2);
  p.bodies.resize(1 + children);
  for (unsigned c = 1; c <= children; ++c) {
    p.bodies[0].push_back({SyncOp::Fork, c});
    std::vector<SyncInstr> &body = p.bodies[c];
    unsigned ops = 1 + rng.below(3);
    for (unsigned k = 0; k < ops; ++k) {
      uint32_t var = rng.below(NumVariables);
      switch (rng.below(6)) {
      case 0: body.push_back({SyncOp::Read, var}); break;
      case 1: body.push_back({SyncOp::Write, var, 1 + rng.below(2)}); break;
      case 2: body.push_back({SyncOp::SemWait, 0}); break;
      case 3: body.push_back({SyncOp::SemPost, 0}); break;
      case 4:
        body.insert(body.end(), {{SyncOp::RdLock, 0}, {SyncOp::Read, var}, {SyncOp::RwUnlock, 0}});
        break;
      case 5:
        body.insert(body.end(),
                    {{SyncOp::WrLock, 0}, {SyncOp::Write, var, 3}, {SyncOp::RwUnlock, 0}});
        break;
      }
    }
  }
  return p;
}

SyncProgram generateCondProgram(uint64_t seed) {
  Random rng{seed};
  SyncProgram p;
  unsigned children = 2 + rng.below(2);
  p.bodies.resize(1 + children);
  for (unsigned c = 1; c <= children; ++c) {
    p.bodies[0].push_back({SyncOp::Fork, c});
    std::vector<SyncInstr> &body = p.bodies[c];
    unsigned sections = 1 + rng.below(2);
    for (unsigned s = 0; s < sections; ++s) {
      body.push_back({SyncOp::Lock, 0});
      unsigned ops = 1 + rng.below(2);
      for (unsigned k = 0; k < ops; ++k) {
        uint32_t var = rng.below(NumVariables);
        switch (rng.below(5)) {
        case 0: body.push_back({SyncOp::Read, var}); break;
        case 1: body.push_back({SyncOp::Write, var, 1 + rng.below(2)}); break;
        case 2: body.push_back({SyncOp::CondWait, 0, 0}); break;
        case 3: body.push_back({SyncOp::CondSignal, 0}); break;
        case 4: body.push_back({SyncOp::CondBroadcast, 0}); break;
        }
      }
      body.push_back({SyncOp::Unlock, 0});
    }
  }
  return p;
}

SyncModel::SyncModel(SyncProgram program) : program(std::move(program)) { restart(); }

void SyncModel::restart() {
  threads.assign(1, Thread{});
  variables.assign(NumVariables, 0);
  semaphores = program.semaphoreInit;
  semaphores.resize(NumSemaphores, 0);
  writer.assign(NumRwlocks, NoThread);
  readers.assign(NumRwlocks, 0);
  mutexOwner.assign(NumMutexes, NoThread);
  conds.assign(NumConds, CondState{});
  currentStatus = ExecStatus::Running;
  computePending(0);
}

bool SyncModel::isAlive(ThreadId thread) const {
  return thread < threads.size() && threads[thread].alive;
}

bool SyncModel::isEnabled(ThreadId thread) const {
  if (!isAlive(thread) || currentStatus != ExecStatus::Running)
    return false;
  const SyncInstr &i = instr(thread);
  if (threads[thread].waking)
    return canWake(conds[i.object], thread) && mutexOwner[i.value] == NoThread;
  switch (i.op) {
  case SyncOp::Lock: return mutexOwner[i.object] == NoThread;
  case SyncOp::SemWait: return semaphores[i.object] > 0;
  case SyncOp::RdLock: return writer[i.object] == NoThread;
  case SyncOp::WrLock: return writer[i.object] == NoThread && readers[i.object] == 0;
  default: return true;
  }
}

void SyncModel::computePending(ThreadId thread) {
  static const OpKind kinds[] = {
      OpKind::Load,     OpKind::Store, OpKind::SemWait, OpKind::SemPost,    OpKind::RwRdlock,
      OpKind::RwWrlock, OpKind::RwUnlock, OpKind::Fork, OpKind::Lock,       OpKind::Unlock,
      OpKind::CondWait, OpKind::CondSignal, OpKind::CondBroadcast};
  const SyncInstr &i = instr(thread);
  Operation op;
  op.thread = thread;
  op.kind = threads[thread].waking ? OpKind::CondWake : kinds[unsigned(i.op)];
  if (i.op != SyncOp::Fork)
    op.addAccess(addressOf(i), 8, i.op != SyncOp::Read);
  if (i.op == SyncOp::CondWait)
    op.addAccess(mutexAddress(i.value), 8, true);
  op.location = uint32_t(threads[thread].body * 1000 + threads[thread].pc + 1);
  threads[thread].next = op;
}

const Operation &SyncModel::step(ThreadId thread, uint32_t) {
  if (!isEnabled(thread))
    throw std::logic_error(fmt::format("step of thread {}, which is not enabled", thread));
  const SyncInstr i = instr(thread);
  lastEvent = threads[thread].next;
  if (threads[thread].waking) {
    wake(conds[i.object], thread);
    mutexOwner[i.value] = thread;
    threads[thread].waking = false;
  } else if (i.op == SyncOp::CondWait) {
    // The first half of a wait: the pc stays, the pending operation becomes the CondWake.
    mutexOwner[i.value] = NoThread;
    conds[i.object].waiters.push_back(CondWaiter{thread, false});
    threads[thread].waking = true;
    computePending(thread);
    return lastEvent;
  }
  switch (i.op) {
  case SyncOp::Lock: mutexOwner[i.object] = thread; break;
  case SyncOp::Unlock: mutexOwner[i.object] = NoThread; break;
  case SyncOp::CondWait: break; // the CondWake, done above
  case SyncOp::CondSignal: {
    // One more wakeup can be honoured iff the waiters without a broadcast outnumber the
    // tokens (runtime/sync/CondVar.cpp).
    CondState &cond = conds[i.object];
    std::vector<ThreadId> eligible;
    for (const CondWaiter &w : cond.waiters)
      if (!w.broadcast)
        eligible.push_back(w.thread);
    lastEvent.value = eligible.size() > cond.tokens.size();
    if (lastEvent.value)
      cond.tokens.push_back(std::move(eligible));
    break;
  }
  case SyncOp::CondBroadcast: {
    CondState &cond = conds[i.object];
    for (CondWaiter &w : cond.waiters)
      w.broadcast = true;
    cond.tokens.clear();
    break;
  }
  case SyncOp::Read: lastEvent.value = variables[i.object]; break;
  case SyncOp::Write: variables[i.object] = lastEvent.value = i.value; break;
  case SyncOp::SemWait: --semaphores[i.object]; break;
  case SyncOp::SemPost: lastEvent.value = ++semaphores[i.object]; break;
  case SyncOp::RdLock: ++readers[i.object]; break;
  case SyncOp::WrLock: writer[i.object] = thread; break;
  case SyncOp::RwUnlock:
    if (writer[i.object] == thread)
      writer[i.object] = NoThread;
    else
      --readers[i.object];
    break;
  case SyncOp::Fork: {
    ThreadId child = ThreadId(threads.size());
    Thread c;
    c.body = i.object;
    threads.push_back(c);
    computePending(child);
    lastEvent.otherThread = child;
    lastEvent.value = child;
    break;
  }
  }
  Thread &t = threads[thread];
  if (++t.pc == program.bodies[t.body].size()) {
    t.alive = false;
    lastEvent.endsThread = true;
    bool anyAlive = false;
    for (const Thread &other : threads)
      anyAlive = anyAlive || other.alive;
    if (!anyAlive)
      currentStatus = ExecStatus::Finished;
  } else {
    computePending(thread);
  }
  return lastEvent;
}

bool SyncModel::canWake(const CondState &cond, ThreadId thread) const {
  for (const CondWaiter &w : cond.waiters)
    if (w.thread == thread && w.broadcast)
      return true;
  for (const std::vector<ThreadId> &token : cond.tokens)
    if (std::find(token.begin(), token.end(), thread) != token.end())
      return true;
  return false;
}

// Removes a woken waiter, taking the oldest token it may take unless a broadcast woke it.
void SyncModel::wake(CondState &cond, ThreadId thread) {
  auto waiter = std::find_if(cond.waiters.begin(), cond.waiters.end(),
                             [&](const CondWaiter &w) { return w.thread == thread; });
  bool broadcast = waiter->broadcast;
  cond.waiters.erase(waiter);
  if (!broadcast) {
    auto token = std::find_if(cond.tokens.begin(), cond.tokens.end(), [&](const auto &t) {
      return std::find(t.begin(), t.end(), thread) != t.end();
    });
    cond.tokens.erase(token);
  }
  for (std::vector<ThreadId> &token : cond.tokens)
    token.erase(std::remove(token.begin(), token.end(), thread), token.end());
}

} // namespace bpor::testing
