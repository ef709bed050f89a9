// A pthread mutex as the runtime models it: an owner and a recursion depth, nothing else.
// Blocking is not represented here: a thread whose lock cannot proceed is simply not enabled
// (Execution::isEnabled asks canLock), so the checker, not this object, decides who waits.
#pragma once

#include "core/Operation.h"
#include "core/StateWriter.h"

#include <cstdint>

namespace bpor::runtime {

/// Values of PTHREAD_MUTEX_NORMAL/RECURSIVE/ERRORCHECK in glibc, which is what programs store in
/// a mutexattr and in the __kind field of a statically initialised mutex.
enum class MutexType : int32_t { Normal = 0, Recursive = 1, ErrorCheck = 2 };

/// Outcome of a mutex operation: the value the pthread function returns, or misuse of the API
/// (which the Execution reports as ThreadsApiMisuse).
struct SyncResult {
  int returnValue = 0;
  const char *misuse = nullptr; // non-null: the reason this call is an error
  static SyncResult ok(int value = 0) { return {value, nullptr}; }
  static SyncResult error(const char *why) { return {0, why}; }
};

class Mutex {
public:
  explicit Mutex(MutexType type = MutexType::Normal) : type_(type) {}

  MutexType type() const { return type_; }
  ThreadId owner() const { return owner_; }
  bool isHeld() const { return owner_ != NoThread; }

  /// Whether pthread_mutex_lock by `thread` can complete now. A normal mutex relocked by its
  /// owner blocks forever (the checker then reports the deadlock); an errorcheck mutex relocked
  /// by its owner completes with EDEADLK; a recursive one completes by counting.
  bool canLock(ThreadId thread) const;

  /// pthread_mutex_lock; precondition canLock(thread).
  SyncResult lock(ThreadId thread);
  /// pthread_mutex_trylock: never blocks, EBUSY when held by another thread (or by the caller,
  /// unless recursive).
  SyncResult trylock(ThreadId thread);
  /// pthread_mutex_unlock: unlocking a normal mutex the caller does not hold is misuse; an
  /// errorcheck or recursive one returns EPERM.
  SyncResult unlock(ThreadId thread);
  /// pthread_mutex_destroy: destroying a held mutex is misuse. A destroyed mutex stays in the
  /// table, marked, until pthread_mutex_init makes it anew: any other operation on it (lock,
  /// trylock, timedlock, unlock, destroy) is misuse (POSIX: undefined behaviour), reported
  /// rather than taken for a fresh mutex.
  SyncResult destroy();
  bool isDestroyed() const { return destroyed_; }

  /// Releases the mutex completely on behalf of pthread_cond_wait; returns the recursion depth to
  /// restore on reacquisition.
  uint32_t releaseForWait();
  void reacquireAfterWait(ThreadId thread, uint32_t depth);

  void writeState(StateWriter &out) const {
    out.u32(uint32_t(type_));
    out.u32(owner_);
    out.u32(depth_);
    out.u8(destroyed_);
  }

private:
  MutexType type_;
  ThreadId owner_ = NoThread;
  uint32_t depth_ = 0;
  bool destroyed_ = false;
};

} // namespace bpor::runtime
