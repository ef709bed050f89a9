#include "runtime/sync/RwLock.h"

#include <algorithm>
#include <cassert>
#include <cerrno>

namespace bpor::runtime {

bool RwLock::canRdlock(ThreadId thread) const {
  return writer_ == NoThread || writer_ == thread;
}

bool RwLock::canWrlock(ThreadId thread) const {
  return (writer_ == NoThread && readers_.empty()) || writer_ == thread;
}

SyncResult RwLock::rdlock(ThreadId thread) {
  assert(canRdlock(thread));
  if (writer_ == thread)
    return SyncResult::ok(EDEADLK);
  readers_.push_back(thread);
  return SyncResult::ok();
}

SyncResult RwLock::wrlock(ThreadId thread) {
  assert(canWrlock(thread));
  if (writer_ == thread)
    return SyncResult::ok(EDEADLK);
  writer_ = thread;
  return SyncResult::ok();
}

SyncResult RwLock::tryrdlock(ThreadId thread) {
  if (writer_ != NoThread)
    return SyncResult::ok(writer_ == thread ? EDEADLK : EBUSY);
  readers_.push_back(thread);
  return SyncResult::ok();
}

SyncResult RwLock::trywrlock(ThreadId thread) {
  if (writer_ == thread)
    return SyncResult::ok(EDEADLK);
  if (writer_ != NoThread || !readers_.empty())
    return SyncResult::ok(EBUSY);
  writer_ = thread;
  return SyncResult::ok();
}

SyncResult RwLock::unlock(ThreadId thread) {
  if (writer_ == thread) {
    writer_ = NoThread;
    return SyncResult::ok();
  }
  auto it = std::find(readers_.begin(), readers_.end(), thread);
  if (it == readers_.end())
    return SyncResult::error("pthread_rwlock_unlock of a lock the thread does not hold");
  readers_.erase(it);
  return SyncResult::ok();
}

SyncResult RwLock::destroy() const {
  if (writer_ != NoThread || !readers_.empty())
    return SyncResult::error("pthread_rwlock_destroy of a held lock");
  return SyncResult::ok();
}

} // namespace bpor::runtime
