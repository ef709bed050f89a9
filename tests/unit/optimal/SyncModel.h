// A small test Model with semaphores, reader-writer locks and condition variables, which the
// toy program language of tests/support does not have: the blocking objects whose races
// optimal DPOR reverses with a safety net, and the operations that disable another thread's
// pending one (docs/optimal-dpor.md, "Blocking operations").
//
// Variables live at 8*var, semaphore s at 0x200000 + 8*s, rwlock l at 0x300000 + 8*l, mutex m
// at 0x400000 + 8*m, condition variable c at 0x500000 + 8*c; every operation on a
// synchronisation object accesses it as a write, as the runtime does. Thread 0 runs body 0 and
// forks the others; the execution finishes when every thread has ended.
//
// A semaphore post's value is the count it wrote, as the runtime's (the explorers read the
// count before it from that). Condition variables follow runtime/sync/CondVar.h: a wait is two operations, CondWait
// (releases the mutex, starts waiting; footprint: the condition and the mutex) and CondWake
// (takes a wakeup and reacquires the mutex, same footprint), enabled once the thread is owed a
// wakeup and the mutex is free. A signal leaves a token any thread waiting at that moment may
// take (lost if every waiter is already owed one); a broadcast wakes every current waiter.
#pragma once

#include "core/Model.h"

#include <string>
#include <vector>

namespace bpor::testing {

enum class SyncOp : uint8_t {
  Read,
  Write,
  SemWait,
  SemPost,
  RdLock,
  WrLock,
  RwUnlock,
  Fork,
  Lock,
  Unlock,
  CondWait, // object: the condition variable; value: the mutex
  CondSignal,
  CondBroadcast,
};

struct SyncInstr {
  SyncOp op = SyncOp::Read;
  uint32_t object = 0; // variable, semaphore, rwlock, mutex or condition; Fork: the body
  uint64_t value = 0;  // Write: the value written; CondWait: the mutex
};

struct SyncProgram {
  std::vector<std::vector<SyncInstr>> bodies;
  std::vector<uint32_t> semaphoreInit; // initial count of each semaphore

  std::string toString() const;
};

/// Random programs: main forks 2 or 3 threads, each a few reads, writes, semaphore waits and
/// posts, and reader or writer critical sections. The same seed gives the same program.
SyncProgram generateSyncProgram(uint64_t seed);

/// Random programs with one mutex and one condition variable: main forks 2 or 3 threads, each
/// one or two critical sections of reads, writes, waits, signals and broadcasts (a wait may
/// never be woken: those executions deadlock). The same seed gives the same program.
SyncProgram generateCondProgram(uint64_t seed);

class SyncModel final : public Model {
public:
  explicit SyncModel(SyncProgram program);

  void restart() override;
  ThreadId numThreads() const override { return ThreadId(threads.size()); }
  bool isAlive(ThreadId thread) const override;
  bool isEnabled(ThreadId thread) const override;
  const Operation &pending(ThreadId thread) const override { return threads[thread].next; }
  const Operation &step(ThreadId thread, uint32_t choice = 0) override;
  ExecStatus status() const override { return currentStatus; }
  const ErrorInfo &error() const override { return noError; }

private:
  struct Thread {
    uint32_t body = 0;
    size_t pc = 0;
    bool alive = true;
    bool waking = false; // executed the CondWait of the instruction at pc: CondWake is next
    Operation next;
  };

  void computePending(ThreadId thread);
  const SyncInstr &instr(ThreadId thread) const {
    return program.bodies[threads[thread].body][threads[thread].pc];
  }

  SyncProgram program;
  std::vector<Thread> threads;
  std::vector<uint64_t> variables;
  std::vector<uint32_t> semaphores;
  std::vector<ThreadId> writer;
  std::vector<uint32_t> readers;
  std::vector<ThreadId> mutexOwner;
  struct CondWaiter {
    ThreadId thread;
    bool broadcast; // woken by a broadcast: needs no token
  };
  struct CondState {
    std::vector<CondWaiter> waiters;            // in the order they started waiting
    std::vector<std::vector<ThreadId>> tokens; // each signal's eligible waiters
  };
  std::vector<CondState> conds;
  bool canWake(const CondState &cond, ThreadId thread) const;
  void wake(CondState &cond, ThreadId thread);
  ExecStatus currentStatus = ExecStatus::Running;
  ErrorInfo noError;
  Operation lastEvent;
};

} // namespace bpor::testing
