#include "SyncModel.h"

#include <fmt/format.h>
#include <stdexcept>

namespace bpor::testing {

namespace {

constexpr uint32_t NumVariables = 2, NumSemaphores = 1, NumRwlocks = 1;

uint64_t addressOf(const SyncInstr &i) {
  switch (i.op) {
  case SyncOp::Read:
  case SyncOp::Write: return 8 * uint64_t(i.object);
  case SyncOp::SemWait:
  case SyncOp::SemPost: return 0x200000 + 8 * uint64_t(i.object);
  case SyncOp::RdLock:
  case SyncOp::WrLock:
  case SyncOp::RwUnlock: return 0x300000 + 8 * uint64_t(i.object);
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
  static const char *names[] = {"read", "write", "sem_wait", "sem_post",
                                "rdlock", "wrlock", "rw_unlock", "fork"};
  std::string out;
  for (size_t b = 0; b < bodies.size(); ++b) {
    out += fmt::format("T{}:", b);
    for (const SyncInstr &i : bodies[b])
      out += fmt::format(" {} {};", names[unsigned(i.op)], i.object);
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

SyncModel::SyncModel(SyncProgram program) : program(std::move(program)) { restart(); }

void SyncModel::restart() {
  threads.assign(1, Thread{});
  variables.assign(NumVariables, 0);
  semaphores = program.semaphoreInit;
  semaphores.resize(NumSemaphores, 0);
  writer.assign(NumRwlocks, NoThread);
  readers.assign(NumRwlocks, 0);
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
  switch (i.op) {
  case SyncOp::SemWait: return semaphores[i.object] > 0;
  case SyncOp::RdLock: return writer[i.object] == NoThread;
  case SyncOp::WrLock: return writer[i.object] == NoThread && readers[i.object] == 0;
  default: return true;
  }
}

void SyncModel::computePending(ThreadId thread) {
  static const OpKind kinds[] = {OpKind::Load,     OpKind::Store,    OpKind::SemWait,
                                 OpKind::SemPost,  OpKind::RwRdlock, OpKind::RwWrlock,
                                 OpKind::RwUnlock, OpKind::Fork};
  const SyncInstr &i = instr(thread);
  Operation op;
  op.thread = thread;
  op.kind = kinds[unsigned(i.op)];
  if (i.op != SyncOp::Fork)
    op.addAccess(addressOf(i), 8, i.op != SyncOp::Read);
  op.location = uint32_t(threads[thread].body * 1000 + threads[thread].pc + 1);
  threads[thread].next = op;
}

const Operation &SyncModel::step(ThreadId thread, uint32_t) {
  if (!isEnabled(thread))
    throw std::logic_error(fmt::format("step of thread {}, which is not enabled", thread));
  const SyncInstr i = instr(thread);
  lastEvent = threads[thread].next;
  switch (i.op) {
  case SyncOp::Read: lastEvent.value = variables[i.object]; break;
  case SyncOp::Write: variables[i.object] = lastEvent.value = i.value; break;
  case SyncOp::SemWait: --semaphores[i.object]; break;
  case SyncOp::SemPost: ++semaphores[i.object]; break;
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

} // namespace bpor::testing
