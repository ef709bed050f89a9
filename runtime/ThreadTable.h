// The records of one run's threads, each with a version: a record changes only through
// modify() or replace(), which give it a new version from the table's counter, so two records
// with the same version are equal. Checkpoints rely on it (runtime/Checkpoint.cpp): a thread
// that did not change since the last checkpoint shares that checkpoint's copy, and restore()
// copies back only the records whose versions differ from the saved ones.
//
// Rule: a reference from modify() is used within the step it was taken in (checkpoints are
// taken between steps); a record copied in from a checkpoint keeps the copy's version.
#pragma once

#include "runtime/ProgramThread.h"

#include <memory>
#include <vector>

namespace bpor::runtime {

class ThreadTable {
public:
  /// Records allocated (live ones and reusable ones beyond them).
  size_t capacity() const { return records_.size(); }
  /// Allocates records up to `count`, each unversioned until modified.
  void reserve(size_t count) {
    while (records_.size() < count)
      records_.push_back(std::make_unique<ProgramThread>());
  }

  const ProgramThread &operator[](ThreadId t) const { return *records_[t]; }

  /// Record t, to change: it gets a new version.
  ProgramThread &modify(ThreadId t) {
    ProgramThread &record = *records_[t];
    record.version = ++lastVersion_;
    return record;
  }
  /// Replaces record t with `record` (its content, under a new version).
  void replace(ThreadId t, ProgramThread &&record) {
    *records_[t] = std::move(record);
    records_[t]->version = ++lastVersion_;
  }
  /// Puts back a copy a checkpoint made of record t (with that copy's version).
  void restoreCopy(ThreadId t, const ProgramThread &copy) {
    if (records_[t]->version != copy.version)
      *records_[t] = copy;
  }

private:
  // Held by pointer: a record's address stays valid while the table grows.
  std::vector<std::unique_ptr<ProgramThread>> records_;
  uint64_t lastVersion_ = 0;
};

} // namespace bpor::runtime
