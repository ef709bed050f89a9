#include "runtime/sync/Mutex.h"

#include <cassert>
#include <cerrno>

namespace bpor::runtime {

bool Mutex::canLock(ThreadId thread) const {
  return owner_ == NoThread || (owner_ == thread && type_ != MutexType::Normal);
}

namespace {
constexpr const char *Destroyed = "the lock was destroyed and not initialised again";
}

SyncResult Mutex::lock(ThreadId thread) {
  assert(canLock(thread));
  if (destroyed_)
    return SyncResult::error(Destroyed);
  if (owner_ == thread) {
    if (type_ == MutexType::ErrorCheck)
      return SyncResult::ok(EDEADLK);
    ++depth_;
    return SyncResult::ok();
  }
  owner_ = thread;
  depth_ = 1;
  return SyncResult::ok();
}

SyncResult Mutex::trylock(ThreadId thread) {
  if (destroyed_)
    return SyncResult::error(Destroyed);
  if (owner_ == NoThread) {
    owner_ = thread;
    depth_ = 1;
    return SyncResult::ok();
  }
  if (owner_ == thread && type_ == MutexType::Recursive) {
    ++depth_;
    return SyncResult::ok();
  }
  return SyncResult::ok(EBUSY);
}

SyncResult Mutex::unlock(ThreadId thread) {
  // POSIX defines EPERM for errorcheck and recursive mutexes; for a normal mutex the behaviour
  // is undefined, which the checker reports as misuse.
  if (destroyed_)
    return SyncResult::error(Destroyed);
  if (owner_ != thread && type_ != MutexType::Normal)
    return SyncResult::ok(EPERM);
  if (owner_ != thread)
    return SyncResult::error(owner_ == NoThread
                                 ? "pthread_mutex_unlock of a mutex that is not locked"
                                 : "pthread_mutex_unlock of a mutex held by another thread");
  if (--depth_ == 0)
    owner_ = NoThread;
  return SyncResult::ok();
}

SyncResult Mutex::destroy() {
  if (destroyed_)
    return SyncResult::error("the lock was destroyed already");
  if (owner_ != NoThread)
    return SyncResult::error("pthread_mutex_destroy of a locked mutex");
  destroyed_ = true;
  return SyncResult::ok();
}

uint32_t Mutex::releaseForWait() {
  uint32_t depth = depth_;
  owner_ = NoThread;
  depth_ = 0;
  return depth;
}

void Mutex::reacquireAfterWait(ThreadId thread, uint32_t depth) {
  assert(owner_ == NoThread);
  owner_ = thread;
  depth_ = depth;
}

} // namespace bpor::runtime
