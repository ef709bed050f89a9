// An index over the events of an execution that answers, for an operation n, "which is the most
// recent event of each other thread that is dependent with n (Definition 2.4)?" without
// scanning the execution: race analysis (Algorithms 7 and 8, Lines 4-10) and vector clocks ask
// it at every step. Follows a depth-first stack: push() appends an event, pop() removes it.
#pragma once

#include "core/Model.h"

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

namespace bpor {

class DependenceIndex {
public:
  static constexpr uint32_t None = ~uint32_t(0);

  void push(const Operation &event);
  void pop();
  void clear();
  size_t size() const { return events.size(); }
  const Operation &event(size_t i) const { return events[i]; }

  /// For each thread v other than n.thread with an event dependent with n, the index of the
  /// most recent one: latest[v] (None if there is none). Agrees with dependent() exactly.
  void latestDependent(const Operation &n, std::vector<uint32_t> &latest) const;

private:
  /// A thread's latest accesses of one range: by kind of access, the ordinary writes, the
  /// reads and the updates of each Update kind (which commute with each other).
  static constexpr unsigned Writes = 0, Reads = 1, UpdatesOf = 1; // UpdatesOf + Update(k)
  static constexpr unsigned NumSlots = 2 + 4;
  struct ThreadAccess {
    ThreadId thread;
    uint32_t latest[NumSlots] = {None, None, None, None, None, None};
  };
  static unsigned slotOf(const bpor::Access &a) {
    return a.update ? UpdatesOf + unsigned(a.update) : a.write ? Writes : Reads;
  }
  using Key = std::pair<uint64_t, uint64_t>; // address, size
  struct Undo {
    enum Kind : uint8_t { Access, Created, Global, Footprint, Fork, End } kind;
    Key key{};
    ThreadId thread = NoThread;
    uint32_t oldWrite = None; // the slot's previous value
    uint8_t accessSlot = 0;   // Access: the ThreadAccess slot it set
  };

  static void raise(std::vector<uint32_t> &latest, ThreadId v, uint32_t index);
  static uint32_t &slot(std::vector<uint32_t> &perThread, ThreadId t);

  std::vector<Operation> events;
  std::map<Key, std::vector<ThreadAccess>> accesses;
  uint64_t maxAccessSize = 0;
  std::vector<uint32_t> latestGlobal;    // per thread: its latest global event
  std::vector<uint32_t> latestFootprint; // per thread: its latest event with accesses or global
  std::vector<uint32_t> forkOf;          // per thread: the event that created it
  std::vector<uint32_t> endOf;           // per thread: the event that ended it
  std::vector<std::vector<Undo>> undo;   // per event
};

} // namespace bpor
