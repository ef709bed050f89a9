#include "checker/optimal/EventLog.h"

#include <algorithm>

namespace bpor::optimal {

void EventLog::analyse(const Event &event, size_t limit, int64_t previous, VectorClock &clock,
                       std::vector<uint32_t> &races) const {
  ThreadId u = event.thread();
  VectorClock base;
  if (previous >= 0)
    base = records[size_t(previous)].clock;
  clock = base;
  // Immediate predecessors, latest first: joining each one's clock hides every earlier event
  // that happens before it.
  std::vector<uint32_t> predecessors;
  for (size_t i = limit; i-- > 0;) {
    const EventRecord &r = records[i];
    if (r.event.thread() == u || happensBefore(i, clock))
      continue;
    if (!conflicts(r.event, event))
      continue;
    predecessors.push_back(uint32_t(i));
    clock.join(r.clock);
  }
  clock.set(u, (previous >= 0 ? records[size_t(previous)].indexInThread : 0) + 1);

  for (uint32_t i : predecessors) {
    bool acquireRace = false;
    RaceVerdict verdict = classifyRace(records[i].event, event, acquireRace);
    if (verdict == RaceVerdict::Reversible)
      races.push_back(i);
    if (!acquireRace)
      continue;
    // The lock waited for the release at i; the race to reverse is with the acquisition that
    // release ended, unless the lock also happens after that acquisition some other way.
    VectorClock others = base;
    for (uint32_t j : predecessors)
      if (j != i)
        others.join(records[j].clock);
    for (size_t a = i; a-- > 0;) {
      if (!isMatchingAcquire(records[a].event, records[i].event, event))
        continue;
      if (!happensBefore(a, others))
        races.push_back(uint32_t(a));
      break;
    }
  }
  std::sort(races.begin(), races.end());
  races.erase(std::unique(races.begin(), races.end()), races.end());
}

void EventLog::push(const Event &event) {
  ThreadId u = event.thread();
  EventRecord record;
  record.event = event;
  record.previousInThread = lastOf(u);
  analyse(event, records.size(), record.previousInThread, record.clock, record.races);
  record.indexInThread = record.clock[u];
  if (u >= lastInThread.size())
    lastInThread.resize(u + 1, -1);
  lastInThread[u] = int64_t(records.size());
  records.push_back(std::move(record));
}

void EventLog::pop() {
  const EventRecord &r = records.back();
  lastInThread[r.event.thread()] = r.previousInThread;
  records.pop_back();
}

void EventLog::clear() {
  records.clear();
  lastInThread.clear();
}

std::vector<uint32_t> EventLog::racesOfPending(const Event &pending, size_t limit) const {
  // The thread's previous event is its last one: a live thread that did not step again.
  int64_t previous = lastOf(pending.thread());
  while (previous >= int64_t(limit))
    previous = records[size_t(previous)].previousInThread;
  VectorClock clock;
  std::vector<uint32_t> races;
  analyse(pending, limit, previous, clock, races);
  return races;
}

std::vector<Event> EventLog::wakeupSequence(size_t i, const Event &last, size_t limit) const {
  std::vector<Event> v;
  const EventRecord &e = records[i];
  ThreadId t = e.event.thread();
  for (size_t k = i + 1; k < limit; ++k)
    if (records[k].clock[t] < e.indexInThread)
      v.push_back(records[k].event);
  v.push_back(last);
  return v;
}

} // namespace bpor::optimal
