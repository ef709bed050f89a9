// Every synchronisation object of a run, created on first use (a static initialiser is zeroes)
// and keyed by the object's address: mutexes (spin locks too), condition variables, read-write
// locks, barriers, semaphores, pthread_once controls and the thread-specific keys. A value: a
// checkpoint copies it whole and restart() clears it.
#pragma once

#include "core/CopyVector.h"
#include "core/Model.h"
#include "runtime/sync/Barrier.h"
#include "runtime/sync/CondVar.h"
#include "runtime/sync/Mutex.h"
#include "runtime/sync/RwLock.h"
#include "runtime/sync/Semaphore.h"
#include "runtime/sync/SyncTable.h"

#include <cstddef>
#include <cstdint>

namespace bpor::runtime {

/// A pthread_once control: its routine has returned (done), or `runner` is running it.
struct OnceState {
  bool done = false;
  ThreadId runner = NoThread;
};

class SyncObjects {
public:
  SyncTable<Mutex> mutexes;
  SyncTable<CondVar> conds;
  SyncTable<RwLock> rwlocks;
  SyncTable<Barrier> barriers;
  SyncTable<Semaphore> semaphores;
  SyncTable<OnceState> onces;
  /// pthread_key_create: the next key, and each key's destructor (0: none, or deleted).
  uint32_t nextKey = 1;
  CopyVector<uint64_t> keyDestructors;

  /// The state of a run's start: no object used yet.
  void clear();
  /// Whether the run has used no object of any kind (keys aside).
  bool none() const;
  const Mutex *findMutex(uint64_t address) const {
    auto it = mutexes.find(address);
    return it == mutexes.end() ? nullptr : &it->second;
  }
  /// A spin lock: a normal mutex, created on first use whatever its bytes hold.
  Mutex &spinAt(uint64_t address);
  /// The thread holding the mutex or write-holding the rwlock at `address`, or NoThread.
  ThreadId lockHolder(uint64_t address) const;
  /// The thread is inside a pthread_once routine (between its once_begin and once_end).
  bool runsOnceRoutine(ThreadId thread) const;
  /// The bytes the tables hold (the waiter lists of condition variables and rwlocks aside).
  size_t bytes() const;
};

} // namespace bpor::runtime
