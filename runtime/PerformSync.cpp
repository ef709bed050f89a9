// Performing synchronisation operations: mutexes, condition variables, read-write locks,
// barriers, semaphores, pthread_once and thread-specific keys.
#include "runtime/Execution.h"
#include "runtime/ThreadObjects.h"

#include <cerrno>
#include <fmt/format.h>
#include <pthread.h>

namespace bpor {

using runtime::Ext;
using runtime::Stage;

// A read-write lock never initialised by pthread_rwlock_init is glibc's static initializer,
// which may ask for writer preference (PTHREAD_RWLOCK_WRITER_NONRECURSIVE_INITIALIZER_NP sets
// __flags: the unsigned int at offset 48 in the 64-bit layout, the byte at 24 in the 32-bit
// one). The model's locks let readers in while a writer waits, so such a lock would miss the
// deadlocks writer preference causes: it is refused, as pthread_rwlockattr_setkind_np is.
Execution::Performed Execution::refuseWriterPreference(ProgramThread &thread, Address lock) {
  if (sync_.rwlocks.find(lock) != sync_.rwlocks.end())
    return Performed::Complete;
  bool wide = program_.pointerBytes() == 8;
  uint64_t flags = 0;
  if (memory_.read(lock + (wide ? 48 : 24), wide ? 4 : 1, flags) != MemoryFault::None ||
      flags == 0)
    return Performed::Complete;
  fail(ErrorKind::Unsupported, thread, thread.pending.location,
       "a read-write lock initialised to prefer writers "
       "(PTHREAD_RWLOCK_WRITER_NONRECURSIVE_INITIALIZER_NP) is not modelled");
  return Performed::Stopped;
}

void Execution::forgetBarrierPasses(Address barrier) {
  for (ThreadId t = 0; t < numThreads_; ++t)
    if (threads_[t].passesAt(barrier) != 0)
      std::erase_if(threads_.modify(t).barrierPasses,
                    [&](const auto &entry) { return entry.first == barrier; });
}

// A weak-memory search may let a trylock read the lock word as another thread's acquisition
// left it, although that thread has released it since in the order the runtime runs the
// events (setReadValue with a non-zero value: held): the try then fails, changing nothing. A
// lock the caller holds itself is tried as usual (a recursive mutex counts).
bool Execution::triesHeldLock(const ProgramThread &thread, const runtime::Mutex &mutex) {
  bool held = injected_.take(thread.state.threadId, mutex.isHeld() ? 1 : 0) != 0;
  return held && !mutex.isHeld();
}

// The same for a read-write lock's try (the weak-memory search's word: RwWriterHeld while a
// writer holds it, else the number of readers): a tryrdlock told a writer holds it, a
// trywrlock told anyone holds it, fails while the lock is free in the runtime.
bool Execution::triesHeldRwlock(const ProgramThread &thread, const runtime::RwLock &lock,
                                bool write) {
  bool free = lock.writer() == NoThread && (write ? lock.numReaders() == 0 : true);
  uint64_t word = lock.writer() != NoThread ? RwWriterHeld : lock.numReaders();
  uint64_t read = injected_.take(thread.state.threadId, word);
  return free && (write ? read != 0 : read == RwWriterHeld);
}

// A mutex or spin trylock that found the lock held (EBUSY) changed nothing: a read of the
// lock's bytes for the dependence relation (Operation::onlyRead; docs/design.md,
// "Dependence"). It commutes with other failed trylocks and reads; an acquisition, a release
// or a successful trylock writes the bytes and stays dependent with it. (The data-race
// detector does nothing for it either.)
Execution::Performed Execution::failedTrylockReads(Performed performed, Operation &event) {
  event.outcomeFootprint = performed == Performed::Complete;
  if (performed == Performed::Complete && event.value != 0) {
    event.onlyRead = true;
    for (unsigned k = 0; k < event.numAccesses; ++k)
      event.accesses[k].write = false;
  }
  return performed;
}

Execution::Performed Execution::performSync(ProgramThread &thread, Slot &result,
                                            Operation &event) {
  const Slot *a = thread.request.args;
  ThreadId self = thread.state.threadId;
  auto misuse = [&](std::string message) {
    fail(ErrorKind::ThreadsApiMisuse, thread, thread.pending.location, std::move(message));
    return Performed::Stopped;
  };
  auto complete = [&](runtime::SyncResult r, const char *function) {
    if (r.misuse)
      return misuse(fmt::format("{}: {}", function, r.misuse));
    result = uint32_t(r.returnValue);
    event.value = uint32_t(r.returnValue);
    return Performed::Complete;
  };

  // The later steps of operations made of several.
  if (options_.weakMemorySteps &&
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
    if (!signalled && timed && !passDeadline(thread, a[3] != 0 ? a[3] : a[2]))
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
                                                          : memory_.check(a[0], 1, false);
      f != MemoryFault::None) {
    memoryError(thread, f, a[0], 1, "synchronisation object access");
    return Performed::Stopped;
  }

  switch (thread.request.id) {
  case Ext::MutexInit: {
    runtime::MutexType type = runtime::MutexType::Normal;
    if (a[1] != 0) {
      uint64_t value = 0;
      if (MemoryFault f = memory_.read(a[1], 4, value); f != MemoryFault::None) {
        memoryError(thread, f, a[1], 4, "mutex attribute read");
        return Performed::Stopped;
      }
      type = runtime::MutexType(value <= 2 ? value : 0);
    }
    sync_.mutexes.insert_or_assign(a[0], runtime::Mutex(type));
    result = 0;
    return Performed::Complete;
  }
  case Ext::MutexDestroy: // the mutex stays, destroyed, for a later use to be reported
    return complete(mutexAt(a[0]).destroy(), "pthread_mutex_destroy");
  case Ext::MutexLock:
    return complete(mutexAt(a[0]).lock(self), "pthread_mutex_lock");
  case Ext::MutexTrylock:
    if (triesHeldLock(thread, mutexAt(a[0])))
      return complete(runtime::SyncResult::ok(EBUSY), "pthread_mutex_trylock");
    return failedTrylockReads(complete(mutexAt(a[0]).trylock(self), "pthread_mutex_trylock"),
                              event);
  case Ext::MutexUnlock:
    return complete(mutexAt(a[0]).unlock(self), "pthread_mutex_unlock");
  case Ext::MutexTimedlock: {
    // Locks when it can; otherwise the timeout fires (POSIX: never when the mutex is free). The
    // checker explores this step at every point, so both outcomes are covered.
    runtime::Mutex &mutex = mutexAt(a[0]);
    if (mutex.canLock(self))
      return complete(mutex.lock(self), "pthread_mutex_timedlock");
    // (mutex, abstime) or pthread_mutex_clocklock's (mutex, clock, abstime).
    if (!passDeadline(thread, a[2] != 0 ? a[2] : a[1]))
      return Performed::Stopped;
    result = event.value = ETIMEDOUT;
    return Performed::Complete;
  }

  // Spin locks: mutexes of the normal type (a spin lock never has another type, whatever the
  // bytes after it hold).
  case Ext::SpinInit:
    sync_.mutexes.insert_or_assign(a[0], runtime::Mutex(runtime::MutexType::Normal));
    result = 0;
    return Performed::Complete;
  case Ext::SpinDestroy:
    return complete(sync_.spinAt(a[0]).destroy(), "pthread_spin_destroy");
  case Ext::SpinLock:
    return complete(sync_.spinAt(a[0]).lock(self), "pthread_spin_lock");
  case Ext::SpinTrylock:
    if (triesHeldLock(thread, sync_.spinAt(a[0])))
      return complete(runtime::SyncResult::ok(EBUSY), "pthread_spin_trylock");
    return failedTrylockReads(complete(sync_.spinAt(a[0]).trylock(self), "pthread_spin_trylock"),
                              event);
  case Ext::SpinUnlock:
    return complete(sync_.spinAt(a[0]).unlock(self), "pthread_spin_unlock");

  case Ext::CondInit:
    sync_.conds.insert_or_assign(a[0], runtime::CondVar());
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
    runtime::Mutex &mutex = mutexAt(a[1]);
    if (mutex.owner() != self)
      return misuse("pthread_cond_wait with a mutex the thread does not hold");
    thread.waitCond = a[0];
    thread.waitMutex = a[1];
    thread.waitDepth = mutex.releaseForWait();
    // A waiter that may wake without a signal (timedwait's timeout, or a spurious wakeup)
    // is, to the condition variable, a timed one.
    bool timed = thread.request.id == Ext::CondTimedwait;
    bool spurious = false;
    if (!timed && options_.spuriousWakeups) {
      spurious = thread.spuriousWakeups < options_.spuriousWakeupLimit;
      if (!spurious)
        coverage_.countWithheldWakeup();
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
    sync_.rwlocks.insert_or_assign(a[0], runtime::RwLock());
    result = 0;
    return Performed::Complete;
  case Ext::RwlockDestroy: {
    runtime::SyncResult r = sync_.rwlocks[a[0]].destroy();
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
      return complete(runtime::SyncResult::ok(EBUSY), write ? "pthread_rwlock_trywrlock"
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
    sync_.barriers.insert_or_assign(a[0], runtime::Barrier(uint32_t(a[2])));
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
    runtime::Barrier::Arrival arrival = it->second.arrive(generation);
    if (arrival == runtime::Barrier::Arrival::OneTooMany) {
      fail(ErrorKind::Unsupported, thread, thread.pending.location,
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
        arrival == runtime::Barrier::Arrival::Completes && !thread.request.resultIgnored;
    thread.stage = Stage::BarrierDepart;
    thread.pending.numAccesses = 1;
    thread.pending.accesses[0] =
        runtime::barrierAccess(a[0], generation, /*arrival=*/false, /*resultIgnored=*/false);
    // The weak-memory search's barrier word counts the arrivals since the initialisation:
    // the thread departs once it reads the arrival that completes its generation.
    thread.pending.detail = uint8_t(SyncWord::BarrierDepart);
    thread.pending.written = (generation + 1) * it->second.count();
    event.value = 0;
    return Performed::Waiting;
  }

  case Ext::SemInit:
    sync_.semaphores.insert_or_assign(a[0], runtime::Semaphore(uint32_t(a[2])));
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
    if (result != 0 && thread.request.id == Ext::SemTimedwait && !passDeadline(thread, a[1]))
      return Performed::Stopped;
    if (result != 0)
      runtime::setErrno(memory_, thread, thread.request.id == Ext::SemTrywait ? EAGAIN : ETIMEDOUT);
    event.value = result;
    return Performed::Complete;
  case Ext::SemPost:
    sync_.semaphores[a[0]].post();
    result = 0;
    event.value = sync_.semaphores[a[0]].value();
    return Performed::Complete;
  case Ext::SemGetvalue: {
    uint32_t value = sync_.semaphores[a[0]].value();
    if (MemoryFault f = memory_.write(a[1], 4, value); f != MemoryFault::None) {
      memoryError(thread, f, a[1], 4, "sem_getvalue's result store");
      return Performed::Stopped;
    }
    result = 0;
    event.value = value;
    return Performed::Complete;
  }

  case Ext::OnceBegin: {
    runtime::OnceState &once = sync_.onces[a[0]];
    // The event's value: 1 this thread runs the routine, 0 it has run, 2 called from the routine.
    if (once.runner == self) {
      event.value = 2;
      fail(ErrorKind::Deadlock, thread, thread.pending.location,
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
    runtime::OnceState &once = sync_.onces[a[0]];
    if (once.done || once.runner != self)
      return misuse("__bpor_once_end on a pthread_once control this thread does not run");
    once.done = true;
    once.runner = NoThread;
    return Performed::Complete;
  }
  case Ext::OnceAbort: {
    runtime::OnceState &once = sync_.onces[a[0]];
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
    if (MemoryFault f = memory_.write(a[0], 4, key); f != MemoryFault::None) {
      memoryError(thread, f, a[0], 4, "pthread_key_create's key store");
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
    fail(ErrorKind::Unsupported, thread, thread.pending.location,
         "internal: a visible operation without semantics");
    return Performed::Stopped;
  }
}

// A timed operation that times out returns only once its deadline has passed (POSIX): the
// clock, which every clock id reads, moves on to the deadline `abstime` gives (a timespec).
bool Execution::passDeadline(ProgramThread &thread, Address abstime) {
  uint32_t L = program_.pointerBytes();
  uint64_t seconds = 0, nanos = 0;
  for (auto [offset, value] : {std::pair<uint32_t, uint64_t *>{0, &seconds}, {L, &nanos}})
    if (MemoryFault f = memory_.read(abstime + offset, L, *value); f != MemoryFault::None) {
      memoryError(thread, f, abstime + offset, L, "the timeout's deadline");
      return false;
    }
  process_.clock.passDeadline(seconds, nanos);
  return true;
}

} // namespace bpor
