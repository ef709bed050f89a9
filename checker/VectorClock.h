// Vector clocks over an execution: the happens-before order of its events (the transitive
// closure of program order and dependence, Definition 2.4), computed one event at a time.
#pragma once

#include "checker/DependenceIndex.h"
#include "core/Model.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace bpor {

/// clock[t] = how many events of thread t happen before or at the event (0 for absent t).
class VectorClock {
public:
  uint32_t operator[](ThreadId t) const { return t < entries.size() ? entries[t] : 0; }
  void set(ThreadId t, uint32_t value) {
    if (t >= entries.size())
      entries.resize(t + 1, 0);
    entries[t] = value;
  }
  void join(const VectorClock &other) {
    if (other.entries.size() > entries.size())
      entries.resize(other.entries.size(), 0);
    for (size_t t = 0; t < other.entries.size(); ++t)
      entries[t] = std::max(entries[t], other.entries[t]);
  }
  /// Pointwise <=.
  bool leq(const VectorClock &other) const {
    for (size_t t = 0; t < entries.size(); ++t)
      if (entries[t] > other[ThreadId(t)])
        return false;
    return true;
  }
  size_t size() const { return entries.size(); }
  /// sum(C) (Definition 7.6, dissertation).
  uint64_t sum() const {
    uint64_t total = 0;
    for (uint32_t e : entries)
      total += e;
    return total;
  }

private:
  std::vector<uint32_t> entries;
};

/// The events of one execution with their vector clocks. push() appends the next event;
/// pop() removes the last one, so it can follow a depth-first search stack.
class HappensBefore {
public:
  void push(const Operation &event);
  void pop();
  void clear();

  size_t size() const { return events.size(); }
  const Operation &event(size_t i) const { return events[i]; }
  const VectorClock &clock(size_t i) const { return clocks[i]; }
  /// 0-based index of event i among its thread's events.
  uint32_t indexInThread(size_t i) const { return clocks[i][events[i].thread] - 1; }
  /// i ->_S j: event i happens before event j (i != j).
  bool happensBefore(size_t i, size_t j) const {
    return i < j && clocks[i][events[i].thread] <= clocks[j][events[i].thread];
  }
  /// The dependence index over the same events.
  const DependenceIndex &dependences() const { return index; }
  /// The clock `event` would get if it were pushed now.
  VectorClock clockIfPushed(const Operation &event) const;
  /// i ->_S u of the DPOR paper [Flanagan and Godefroid 2005]: event i is by thread u or
  /// happens before u's last event.
  bool happensBeforeThread(size_t i, ThreadId u) const;

private:
  std::vector<Operation> events;
  std::vector<VectorClock> clocks;
  DependenceIndex index;
  mutable std::vector<uint32_t> latest;
  std::vector<std::vector<size_t>> threadEvents;
};

} // namespace bpor
