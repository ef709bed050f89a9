// Performing synchronisation operations: mutexes, condition variables, read-write locks,
// barriers, semaphores, pthread_once and thread-specific keys.
#include "runtime/handlers/SyncHandler.h"
#include "runtime/ThreadObjects.h"

#include <cerrno>
#include <fmt/format.h>
#include <pthread.h>

namespace bpor::runtime {

Performed SyncHandler::perform(ProgramThread &thread, Slot &result, Operation &event) {
  const Slot *a = thread.request.args;
  ThreadId self = thread.state.threadId;
  auto misuse = [&](std::string message) {
    context_.fail(ErrorKind::ThreadsApiMisuse, thread, thread.pending.location, std::move(message));
    return Performed::Stopped;
  };
  auto complete = [&](SyncResult r, const char *function) {
    if (r.misuse)
      return misuse(fmt::format("{}: {}", function, r.misuse));
    result = uint32_t(r.returnValue);
    event.value = uint32_t(r.returnValue);
    return Performed::Complete;
  };

  // The later steps of operations made of several.
  if (context_.options.weakMemorySteps &&
      (thread.stage == Stage::CondUnlock || thread.stage == Stage::CondWake ||
       thread.stage == Stage::CondRelock || thread.request.id == Ext::CondWait))
    return performCondWaitStep(thread, result, event);
  if (thread.stage == Stage::CondWake) {
    bool signalled = sync_.conds[thread.waitCond].removeWaiter(self);
    mutexAt(thread.waitMutex).reacquireAfterWait(self, thread.waitDepth);
    thread.stage = Stage::AtCall;
    // Woken without a signal: a timeout for timedwait, a spurious wakeup (which returns 0)
    // for wait.
    bool timed = thread.request.id == Ext::CondTimedwait;
    if (!signalled && !timed)
      ++thread.spuriousWakeups;
    // (cond, mutex, abstime) or pthread_cond_clockwait's (cond, mutex, clock, abstime).
    if (!signalled && timed && !process_.passDeadline(thread, a[3] != 0 ? a[3] : a[2]))
      return Performed::Stopped;
    result = event.value = signalled || !timed ? 0 : ETIMEDOUT;
    return Performed::Complete;
  }
  if (thread.stage == Stage::BarrierDepart) {
    // (A thread whose result is ignored gets 0: see the arrival.)
    thread.stage = Stage::AtCall;
    result = event.value = thread.barrierSerial ? uint32_t(PTHREAD_BARRIER_SERIAL_THREAD) : 0;
    return Performed::Complete;
  }

  // Every synchronisation object must lie in live memory (a key is a number, not an object).
  if (MemoryFault f = thread.request.id == Ext::KeyDelete ? MemoryFault::None
                                                          : context_.memory.check(a[0], 1, false);
      f != MemoryFault::None) {
    context_.memoryError(thread, f, a[0], 1, "synchronisation object access");
    return Performed::Stopped;
  }

  switch (thread.request.id) {
  case Ext::MutexInit: {
    MutexType type = MutexType::Normal;
    if (a[1] != 0) {
      uint64_t value = 0;
      if (MemoryFault f = context_.memory.read(a[1], 4, value); f != MemoryFault::None) {
        context_.memoryError(thread, f, a[1], 4, "mutex attribute read");
        return Performed::Stopped;
      }
      type = MutexType(value <= 2 ? value : 0);
    }
    sync_.mutexes.insert_or_assign(a[0], Mutex(type));
    result = 0;
    return Performed::Complete;
  }
  case Ext::MutexDestroy: // the mutex stays, destroyed, for a later use to be reported
    return complete(mutexAt(a[0]).destroy(), "pthread_mutex_destroy");
  case Ext::MutexLock:
    return complete(mutexAt(a[0]).lock(self), "pthread_mutex_lock");
  case Ext::MutexTrylock:
    if (triesHeldLock(thread, mutexAt(a[0])))
      return complete(SyncResult::ok(EBUSY), "pthread_mutex_trylock");
    return failedTrylockReads(complete(mutexAt(a[0]).trylock(self), "pthread_mutex_trylock"),
                              event);
  case Ext::MutexUnlock:
    return complete(mutexAt(a[0]).unlock(self), "pthread_mutex_unlock");
  case Ext::MutexTimedlock: {
    // Locks when it can; otherwise the timeout fires (POSIX: never when the mutex is free). The
    // checker explores this step at every point, so both outcomes are covered.
    Mutex &mutex = mutexAt(a[0]);
    if (mutex.canLock(self))
      return complete(mutex.lock(self), "pthread_mutex_timedlock");
    // (mutex, abstime) or pthread_mutex_clocklock's (mutex, clock, abstime).
    if (!process_.passDeadline(thread, a[2] != 0 ? a[2] : a[1]))
      return Performed::Stopped;
    result = event.value = ETIMEDOUT;
    return Performed::Complete;
  }

  // Spin locks: mutexes of the normal type (a spin lock never has another type, whatever the
  // bytes after it hold).
  case Ext::SpinInit:
    sync_.mutexes.insert_or_assign(a[0], Mutex(MutexType::Normal));
    result = 0;
    return Performed::Complete;
  case Ext::SpinDestroy:
    return complete(sync_.spinAt(a[0]).destroy(), "pthread_spin_destroy");
  case Ext::SpinLock:
    return complete(sync_.spinAt(a[0]).lock(self), "pthread_spin_lock");
  case Ext::SpinTrylock:
    if (triesHeldLock(thread, sync_.spinAt(a[0])))
      return complete(SyncResult::ok(EBUSY), "pthread_spin_trylock");
    return failedTrylockReads(complete(sync_.spinAt(a[0]).trylock(self), "pthread_spin_trylock"),
                              event);
  case Ext::SpinUnlock:
    return complete(sync_.spinAt(a[0]).unlock(self), "pthread_spin_unlock");

  case Ext::CondInit:
    sync_.conds.insert_or_assign(a[0], CondVar());
    result = 0;
    return Performed::Complete;
  case Ext::CondDestroy: {
    auto it = sync_.conds.find(a[0]);
    if (it != sync_.conds.end() && it->second.hasWaiters())
      return misuse("pthread_cond_destroy of a condition variable that threads wait on");
    if (it != sync_.conds.end())
      sync_.conds.erase(it);
    result = 0;
    return Performed::Complete;
  }
  case Ext::CondWait:
  case Ext::CondTimedwait: {
    Mutex &mutex = mutexAt(a[1]);
    if (mutex.owner() != self)
      return misuse("pthread_cond_wait with a mutex the thread does not hold");
    thread.waitCond = a[0];
    thread.waitMutex = a[1];
    thread.waitDepth = mutex.releaseForWait();
    // A waiter that may wake without a signal (timedwait's timeout, or a spurious wakeup)
    // is, to the condition variable, a timed one.
    bool timed = thread.request.id == Ext::CondTimedwait;
    bool spurious = false;
    if (!timed && context_.options.spuriousWakeups) {
      spurious = thread.spuriousWakeups < context_.options.spuriousWakeupLimit;
      if (!spurious)
        context_.coverage.countWithheldWakeup();
    }
    sync_.conds[a[0]].addWaiter(self, timed || spurious);
    thread.stage = Stage::CondWake;
    // The pending operation becomes the reacquisition, with the same footprint; a timed one
    // may time out, which moves the clock.
    thread.pending.kind = OpKind::CondWake;
    if (timed && thread.pending.numAccesses < Operation::MaxAccesses)
      thread.pending.addAccess(ClockAddress, 1, true);
    else if (timed)
      thread.pending.global = true;
    return Performed::Waiting;
  }
  case Ext::CondSignal:
    result = 0;
    event.value = sync_.conds[a[0]].signal();
    return Performed::Complete;
  case Ext::CondBroadcast:
    result = 0;
    event.value = sync_.conds[a[0]].broadcast();
    return Performed::Complete;

  case Ext::RwlockInit:
    sync_.rwlocks.insert_or_assign(a[0], RwLock());
    result = 0;
    return Performed::Complete;
  case Ext::RwlockDestroy: {
    SyncResult r = sync_.rwlocks[a[0]].destroy();
    if (!r.misuse)
      sync_.rwlocks.erase(a[0]);
    return complete(r, "pthread_rwlock_destroy");
  }
  case Ext::RwlockRdlock:
    if (Performed refused = refuseWriterPreference(thread, a[0]); refused != Performed::Complete)
      return refused;
    return complete(sync_.rwlocks[a[0]].rdlock(self), "pthread_rwlock_rdlock");
  case Ext::RwlockWrlock:
    if (Performed refused = refuseWriterPreference(thread, a[0]); refused != Performed::Complete)
      return refused;
    return complete(sync_.rwlocks[a[0]].wrlock(self), "pthread_rwlock_wrlock");
  case Ext::RwlockTryrdlock:
  case Ext::RwlockTrywrlock: {
    if (Performed refused = refuseWriterPreference(thread, a[0]); refused != Performed::Complete)
      return refused;
    bool write = thread.request.id == Ext::RwlockTrywrlock;
    if (triesHeldRwlock(thread, sync_.rwlocks[a[0]], write))
      return complete(SyncResult::ok(EBUSY), write ? "pthread_rwlock_trywrlock"
                                                            : "pthread_rwlock_tryrdlock");
    if (write)
      return complete(sync_.rwlocks[a[0]].trywrlock(self), "pthread_rwlock_trywrlock");
    return complete(sync_.rwlocks[a[0]].tryrdlock(self), "pthread_rwlock_tryrdlock");
  }
  case Ext::RwlockUnlock:
    return complete(sync_.rwlocks[a[0]].unlock(self), "pthread_rwlock_unlock");

  case Ext::BarrierInit:
    if (uint32_t(a[2]) == 0) {
      result = EINVAL;
      return Performed::Complete;
    }
    sync_.barriers.insert_or_assign(a[0], Barrier(uint32_t(a[2])));
    forgetBarrierPasses(a[0]);
    result = 0;
    return Performed::Complete;
  case Ext::BarrierDestroy: {
    auto it = sync_.barriers.find(a[0]);
    if (it != sync_.barriers.end() && it->second.hasWaiters())
      return misuse("pthread_barrier_destroy of a barrier that threads wait at");
    if (it != sync_.barriers.end())
      sync_.barriers.erase(it);
    forgetBarrierPasses(a[0]);
    result = 0;
    return Performed::Complete;
  }
  case Ext::BarrierWait: {
    auto it = sync_.barriers.find(a[0]);
    if (it == sync_.barriers.end() || !it->second.isValid())
      return misuse("pthread_barrier_wait on a barrier that was not initialised");
    uint64_t generation = thread.passesAt(a[0]);
    Barrier::Arrival arrival = it->second.arrive(generation);
    if (arrival == Barrier::Arrival::OneTooMany) {
      context_.fail(ErrorKind::Unsupported, thread, thread.pending.location,
                    fmt::format("more threads wait at this barrier than its count ({}) in one "
                                "generation: not modelled",
                                it->second.count()));
      return Performed::Stopped;
    }
    thread.countBarrierPass(a[0]);
    // Every thread departs in a step of its own, the one that completed the generation too:
    // then arrivals commute (runtime/sync/Barrier.h). The departure reads its generation.
    thread.barrier = a[0];
    thread.barrierGeneration = generation;
    // Which thread completed the generation depends on the order of commuting arrivals: a
    // program that ignores the result cannot tell, and no state records it.
    thread.barrierSerial =
        arrival == Barrier::Arrival::Completes && !thread.request.resultIgnored;
    thread.stage = Stage::BarrierDepart;
    thread.pending.numAccesses = 1;
    thread.pending.accesses[0] =
        barrierAccess(a[0], generation, /*arrival=*/false, /*resultIgnored=*/false);
    // The weak-memory search's barrier word counts the arrivals since the initialisation:
    // the thread departs once it reads the arrival that completes its generation.
    thread.pending.detail = uint8_t(SyncWord::BarrierDepart);
    thread.pending.written = (generation + 1) * it->second.count();
    event.value = 0;
    return Performed::Waiting;
  }

  case Ext::SemInit:
    sync_.semaphores.insert_or_assign(a[0], Semaphore(uint32_t(a[2])));
    result = 0;
    event.value = uint32_t(a[2]); // the weak-memory search's semaphore word: the count
    return Performed::Complete;
  case Ext::SemDestroy:
    sync_.semaphores.erase(a[0]);
    result = 0;
    return Performed::Complete;
  case Ext::SemWait:
    sync_.semaphores[a[0]].wait();
    result = 0;
    return Performed::Complete;
  case Ext::SemTrywait:
  case Ext::SemTimedwait:
    // A timed wait may time out whenever the semaphore is 0 (the wait completes at once
    // otherwise); the checker explores it here and, after posts, succeeding later. A
    // weak-memory search may let sem_trywait read the count as an earlier decrement left it
    // at 0 (setReadValue): it then fails, changing nothing.
    if (thread.request.id == Ext::SemTrywait &&
        injected_.take(thread.state.threadId, sync_.semaphores[a[0]].value()) == 0)
      result = uint32_t(-1);
    else
      result = sync_.semaphores[a[0]].tryWait() ? 0 : uint32_t(-1);
    if (result != 0 && thread.request.id == Ext::SemTimedwait && !process_.passDeadline(thread,
                                                                                        a[1]))
      return Performed::Stopped;
    if (result != 0)
      setErrno(context_.memory, thread, thread.request.id == Ext::SemTrywait ? EAGAIN : ETIMEDOUT);
    event.value = result;
    return Performed::Complete;
  case Ext::SemPost:
    sync_.semaphores[a[0]].post();
    result = 0;
    event.value = sync_.semaphores[a[0]].value();
    return Performed::Complete;
  case Ext::SemGetvalue: {
    uint32_t value = sync_.semaphores[a[0]].value();
    if (MemoryFault f = context_.memory.write(a[1], 4, value); f != MemoryFault::None) {
      context_.memoryError(thread, f, a[1], 4, "sem_getvalue's result store");
      return Performed::Stopped;
    }
    result = 0;
    event.value = value;
    return Performed::Complete;
  }

  case Ext::OnceBegin: {
    OnceState &once = sync_.onces[a[0]];
    // The event's value: 1 this thread runs the routine, 0 it has run, 2 called from the routine.
    if (once.runner == self) {
      event.value = 2;
      context_.fail(ErrorKind::Deadlock, thread, thread.pending.location,
                    "pthread_once called from its own init routine on the same control: the thread "
                    "waits for itself");
      return Performed::Stopped;
    }
    // 1: this thread runs the routine (others wait until its once_end); 0: it has run.
    if (!once.done)
      once.runner = self;
    result = event.value = once.done ? 0 : 1;
    return Performed::Complete;
  }
  case Ext::OnceEnd: {
    OnceState &once = sync_.onces[a[0]];
    if (once.done || once.runner != self)
      return misuse("__bpor_once_end on a pthread_once control this thread does not run");
    once.done = true;
    once.runner = NoThread;
    return Performed::Complete;
  }
  case Ext::OnceAbort: {
    OnceState &once = sync_.onces[a[0]];
    if (once.done || once.runner != self)
      return misuse("__bpor_once_abort on a pthread_once control this thread does not run");
    once.runner = NoThread; // not done: the next caller runs the routine
    return Performed::Complete;
  }

  case Ext::KeyCreate: {
    uint32_t key = sync_.nextKey++;
    if (sync_.keyDestructors.size() <= key)
      sync_.keyDestructors.resize(key + 1, 0);
    sync_.keyDestructors[key] = a[1];
    if (MemoryFault f = context_.memory.write(a[0], 4, key); f != MemoryFault::None) {
      context_.memoryError(thread, f, a[0], 4, "pthread_key_create's key store");
      return Performed::Stopped;
    }
    result = 0;
    event.value = key;
    return Performed::Complete;
  }
  case Ext::KeyDelete:
    if (uint32_t(a[0]) < sync_.keyDestructors.size())
      sync_.keyDestructors[uint32_t(a[0])] = 0;
    result = 0;
    return Performed::Complete;

  default:
    context_.fail(ErrorKind::Unsupported, thread, thread.pending.location,
                  "internal: a visible operation without semantics");
    return Performed::Stopped;
  }
}


} // namespace bpor::runtime
