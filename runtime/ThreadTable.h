// The records of one run's threads, shared copy-on-write with checkpoints. A checkpoint holds
// each live record it saw (share()); a shared record is immutable, and modify() gives the table
// a private copy of it first. So a checkpoint copies nothing, restore() copies nothing (it holds
// the checkpoint's records again), and a record is copied only when its thread changes after it
// was shared: once per thread that steps between two checkpoints, or after a restore.
//
// Rules: a record is changed only through modify(), fresh() or replace(); a reference from
// modify() is used within the step it was taken in (checkpoints are taken between steps), and a
// reference from operator[] only until the next modify() of that thread (which may move it).
#pragma once

#include "runtime/ProgramThread.h"

#include <memory>
#include <vector>

namespace bpor::runtime {

class ThreadTable {
public:
  /// A record and the holders it has: the table (if it is live there) and checkpoints.
  struct SharedRecord {
    ProgramThread record;
    uint32_t users = 0;
  };
  /// The records of a table and of its checkpoints. A record no one holds is kept for reuse, so
  /// that copying into it reuses its vectors' storage. Owned jointly by the table and the
  /// checkpoints, whichever is destroyed last.
  class Pool {
  public:
    /// A record with one user, contents unspecified (those of a released record).
    SharedRecord *take() {
      SharedRecord *r;
      if (unused_.empty()) {
        all_.push_back(std::make_unique<SharedRecord>());
        r = all_.back().get();
      } else {
        r = unused_.back();
        unused_.pop_back();
      }
      r->users = 1;
      return r;
    }
    static SharedRecord *use(SharedRecord *r) {
      ++r->users;
      return r;
    }
    void release(SharedRecord *r) {
      if (r && --r->users == 0)
        unused_.push_back(r);
    }

  private:
    std::vector<std::unique_ptr<SharedRecord>> all_;
    std::vector<SharedRecord *> unused_;
  };

  ThreadTable() : pool_(std::make_shared<Pool>()) {}
  ThreadTable(const ThreadTable &) = delete;
  ThreadTable &operator=(const ThreadTable &) = delete;
  ~ThreadTable() {
    for (SharedRecord *r : records_)
      pool_->release(r);
  }

  /// Records allocated (live ones and reusable ones beyond them).
  size_t capacity() const { return records_.size(); }
  /// Allocates records up to `count` (each reset before use: newThread, replace).
  void reserve(size_t count) {
    while (records_.size() < count)
      records_.push_back(pool_->take());
  }

  const ProgramThread &operator[](ThreadId t) const { return records_[t]->record; }

  /// Record t, to change: copied first if a checkpoint shares it.
  ProgramThread &modify(ThreadId t) {
    SharedRecord *&r = records_[t];
    if (r->users > 1) {
      SharedRecord *copy = pool_->take();
      copy->record = r->record;
      pool_->release(r);
      r = copy;
    }
    return r->record;
  }
  /// Record t, to be overwritten whole (its contents are unspecified: the caller resets it).
  ProgramThread &fresh(ThreadId t) {
    SharedRecord *&r = records_[t];
    if (r->users > 1) {
      pool_->release(r);
      r = pool_->take();
    }
    return r->record;
  }
  void replace(ThreadId t, ProgramThread &&record) { fresh(t) = std::move(record); }

  /// A hold on record t as it is now, for a checkpoint (released through pool()).
  SharedRecord *share(ThreadId t) const { return Pool::use(records_[t]); }
  /// Makes record t the one a checkpoint holds (the table becomes one more holder).
  void restore(ThreadId t, SharedRecord *saved) {
    if (records_[t] == saved)
      return;
    pool_->release(records_[t]);
    records_[t] = Pool::use(saved);
  }
  const std::shared_ptr<Pool> &pool() const { return pool_; }

private:
  std::shared_ptr<Pool> pool_;
  std::vector<SharedRecord *> records_;
};

} // namespace bpor::runtime
