// Thread names that do not depend on the schedule (docs/optimal-dpor.md, "Thread names").
//
// The Model numbers threads in creation order, so where two threads create threads
// independently of each other, the same thread has different numbers in different executions,
// and one number names different threads. The optimal explorers compare events of different
// executions (a sleep set holds events of earlier branches, a wakeup tree sequences from other
// executions), so they name each thread by its creation path instead, as StateHash does: the
// initial threads are 0, 1, ...; a thread created by event k of thread n (the ordinal-th created
// by that event) is named by the triple (n, k, ordinal), interned into a small number. Inside the
// optimal explorers every thread is a name; only the Model's calls and what is reported (the
// executed operations, schedules) use the Model's numbers.
#pragma once

#include "core/Operation.h"

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <tuple>
#include <vector>

namespace bpor {

/// The interned creation paths. Shared by a parallel search's workers, whose events meet in
/// shared states: each path gets the same name in all of them.
class ThreadNameTable {
public:
  /// Where a creation path this table has not named yet gets its name: a distributed search's
  /// ranks other than 0 ask rank 0's table, so that every rank names alike. Without one, the
  /// table numbers paths in the order it meets them.
  using Source = std::function<ThreadId(ThreadId creator, uint32_t eventIndex, uint32_t ordinal)>;
  void setSource(Source source) { source_ = std::move(source); }

  /// The name of the `ordinal`-th thread created by event `eventIndex` (1-based, among the
  /// events of thread `creator`), or of initial thread `ordinal` if `creator` is NoThread.
  ThreadId nameOf(ThreadId creator, uint32_t eventIndex, uint32_t ordinal);

private:
  std::mutex mutex_;
  std::map<std::tuple<ThreadId, uint32_t, uint32_t>, ThreadId> names_;
  Source source_;
};

/// The names of the threads of the current execution, along the search stack: the Model's
/// thread t is named nameOf(t). Threads are created in the Model's numbering order, so a state
/// with n threads names threads 0..n-1 and returning to it forgets the rest.
class ThreadNames {
public:
  explicit ThreadNames(ThreadNameTable &table) : table_(table) {}

  /// The initial state's threads 0..n-1.
  void start(ThreadId n);
  /// Threads numberNamed()..n-1 were created by event `eventIndex` of the thread named
  /// `creator`.
  void created(ThreadId creator, uint32_t eventIndex, ThreadId n);
  /// Back to a state with n threads.
  void truncate(ThreadId n);

  ThreadId numberNamed() const { return ThreadId(names_.size()); }
  ThreadId nameOf(ThreadId thread) const { return names_[thread]; }
  /// The Model's number of the thread named `name` in this execution, NoThread if it does not
  /// exist here.
  ThreadId threadOf(ThreadId name) const {
    return name < threads_.size() ? threads_[name] : NoThread;
  }
  /// `op` with its threads named (a thread that does not exist here becomes NoThread).
  Operation named(const Operation &op) const {
    Operation result = op;
    rename(result);
    return result;
  }
  void rename(Operation &op) const {
    op.thread = nameOrNone(op.thread);
    renameOther(op);
  }
  /// Names only the thread `op` creates or joins.
  void renameOther(Operation &op) const {
    if (op.otherThread != NoThread)
      op.otherThread = nameOrNone(op.otherThread);
  }

private:
  ThreadId nameOrNone(ThreadId thread) const {
    return thread < names_.size() ? names_[thread] : NoThread;
  }
  ThreadNameTable &table_;
  std::vector<ThreadId> names_;   // per Model thread number
  std::vector<ThreadId> threads_; // per name: the Model's number, or NoThread
};

} // namespace bpor
