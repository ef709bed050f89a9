// A read-write lock: one writer or any number of readers. No writer preference: a reader may
// join readers while a writer waits (POSIX leaves the policy to the implementation, and the
// permissive policy admits every schedule a preferring one does and more).
#pragma once

#include "runtime/sync/Mutex.h"

#include <vector>

namespace bpor::runtime {

class RwLock {
public:
  /// A thread that already holds the write lock gets EDEADLK instead of blocking (as glibc).
  bool canRdlock(ThreadId thread) const;
  bool canWrlock(ThreadId thread) const;
  SyncResult rdlock(ThreadId thread);
  SyncResult wrlock(ThreadId thread);
  SyncResult tryrdlock(ThreadId thread);
  SyncResult trywrlock(ThreadId thread);
  SyncResult unlock(ThreadId thread);
  SyncResult destroy() const;

  ThreadId writer() const { return writer_; }
  size_t numReaders() const { return readers_.size(); }

  void writeState(StateWriter &out) const {
    out.u32(writer_);
    out.bytes(readers_.data(), readers_.size() * sizeof(ThreadId));
  }

private:
  ThreadId writer_ = NoThread;
  std::vector<ThreadId> readers_; // one entry per rdlock held (a reader may hold it twice)
};

} // namespace bpor::runtime
