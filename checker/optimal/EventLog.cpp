#include "checker/optimal/EventLog.h"

#include <algorithm>

namespace bpor::optimal {

void EventLog::analyse(const Event &event, size_t limit, int64_t previous, VectorClock &clock,
                       std::vector<uint32_t> &races, std::vector<uint32_t> &predecessors) const {
  ThreadId u = event.thread();
  if (previous >= 0) {
    clock = records[size_t(previous)].clock;
  } else {
    for (ThreadId t = 0; t < clock.size(); ++t) // zero, keeping the storage
      clock.set(t, 0);
  }
  // Immediate predecessors, latest first: joining each one's clock hides every earlier event
  // that happens before it. The events are visited thread by thread, merged in decreasing
  // position, each thread from its last event before `limit` back through its own earlier
  // ones; a thread is left as soon as its event is hidden (clock[t] only grows, and covers
  // every earlier event of t too). That visits the same events in the same order as a scan of
  // every position, without walking over this thread's own events or the hidden ones: a long
  // execution of one thread costs nothing here.
  predecessors.clear();
  std::vector<Cursor> &cursors = cursors_;
  cursors.resize(lastInThread.size());
  size_t numCursors = 0;
  auto hidden = [&](int64_t i) {
    return positions[size_t(i)].indexInThread <= clock[positions[size_t(i)].thread];
  };
  for (ThreadId t = 0; t < lastInThread.size(); ++t) {
    if (t == u)
      continue;
    int64_t i = lastOf(t);
    while (i >= 0 && size_t(i) >= limit)
      i = records[size_t(i)].previousInThread;
    if (i >= 0 && !hidden(i))
      cursors[numCursors++] = Cursor{i, t};
  }
  while (numCursors > 0) {
    size_t latest = 0;
    for (size_t c = 1; c < numCursors; ++c)
      if (cursors[c].index > cursors[latest].index)
        latest = c;
    int64_t i = cursors[latest].index;
    if (hidden(i)) { // hidden by a later immediate predecessor, with all of its thread before it
      cursors[latest] = cursors[--numCursors];
      continue;
    }
    const EventRecord &r = records[size_t(i)];
    if (conflicts(r.event, event)) {
      predecessors.push_back(uint32_t(i));
      clock.join(r.clock);
    }
    cursors[latest].index = r.previousInThread;
    if (r.previousInThread < 0)
      cursors[latest] = cursors[--numCursors];
  }
  clock.set(u, (previous >= 0 ? records[size_t(previous)].indexInThread : 0) + 1);

  for (uint32_t i : predecessors) {
    RaceClass race = classifyRace(records[i].event, event, releaserWasWriter(i, event));
    // Event i enabled this thread while it was waiting at this very operation: this event
    // cannot run before it (whatever the kind of object, e.g. a broadcast and a CondWake).
    if (race.verdict == RaceVerdict::Reversible && int64_t(i) > previous &&
        records[i].enabledThreads.contains(u))
      race.verdict = RaceVerdict::Irreversible;
    if (race.verdict == RaceVerdict::Reversible)
      races.push_back(i);
    if (race.partner == AcquirePartner::None)
      continue;
    // The acquisition waited for the release at i; the race to reverse is with an earlier
    // acquisition, unless the waiter also happens after it some other way.
    int64_t a = acquisitionPartner(i, event, race.partner);
    if (a < 0)
      continue;
    VectorClock others;
    if (previous >= 0)
      others = records[size_t(previous)].clock;
    for (uint32_t j : predecessors)
      if (j != i)
        others.join(records[j].clock);
    if (!happensBefore(size_t(a), others))
      races.push_back(uint32_t(a));
  }
  std::sort(races.begin(), races.end());
  races.erase(std::unique(races.begin(), races.end()), races.end());
}

int EventLog::releaserWasWriter(size_t release, const Event &later) const {
  const Operation &r = records[release].event.op;
  if (r.kind != OpKind::RwUnlock || later.op.kind != OpKind::RwRdlock)
    return -1;
  for (int64_t k = records[release].previousInThread; k >= 0;
       k = records[size_t(k)].previousInThread) {
    const Operation &op = records[size_t(k)].event.op;
    if (isAcquisitionFor(op, later.op))
      return op.kind == OpKind::RwWrlock ? 1 : op.kind == OpKind::RwRdlock ? 0 : -1;
  }
  return -1;
}

int64_t EventLog::acquisitionPartner(size_t release, const Event &later,
                                     AcquirePartner partner) const {
  ThreadId u = later.thread(), releaser = records[release].event.thread();
  switch (partner) {
  case AcquirePartner::None:
    return -1;
  case AcquirePartner::ReleasersAcquisition:
    for (int64_t k = records[release].previousInThread; k >= 0;
         k = records[size_t(k)].previousInThread)
      if (isAcquisitionFor(records[size_t(k)].event.op, later.op))
        return releaser == u ? -1 : k;
    return -1;
  case AcquirePartner::HoldingSpanStart: {
    // Walk back over the object's operations counting the holds still to be matched: the
    // acquisition that brings the count to zero took the object from free.
    int held = 0;
    for (size_t k = release + 1; k-- > 0;) {
      const Operation &op = records[k].event.op;
      if (isReleaseFor(op, later.op))
        ++held;
      else if (isAcquisitionFor(op, later.op) && --held <= 0)
        return records[k].event.thread() == u ? -1 : int64_t(k);
    }
    return -1;
  }
  case AcquirePartner::LatestAcquisition:
    for (size_t k = release; k-- > 0;)
      if (records[k].event.thread() != u && isAcquisitionFor(records[k].event.op, later.op))
        return int64_t(k);
    return -1;
  }
  return -1;
}

void EventLog::push(const Event &event) {
  ThreadId u = event.thread();
  if (count == records.size())
    records.emplace_back();
  EventRecord &record = records[count];
  record.event = event;
  record.previousInThread = lastOf(u);
  record.races.clear();
  record.enabledThreads.clear();
  analyse(event, count, record.previousInThread, record.clock, record.races, predecessors);
  record.indexInThread = record.clock[u];
  if (count == positions.size())
    positions.emplace_back();
  positions[count] = Position{u, record.indexInThread};
  if (u >= lastInThread.size())
    lastInThread.resize(u + 1, -1);
  lastInThread[u] = int64_t(count);
  ++count;
}

void EventLog::pop() {
  const EventRecord &r = records[--count];
  lastInThread[r.event.thread()] = r.previousInThread;
}

void EventLog::clear() {
  count = 0;
  lastInThread.clear();
}

std::vector<uint32_t> EventLog::racesOfPending(const Event &pending, size_t limit) const {
  // A join left pending waits for a thread that has not ended within the first `limit` events
  // (else it would be enabled there), so it is disabled in every state of that prefix: no
  // sequence of those events followed by the join can run, and its races are reversed when it
  // runs, after its target's end.
  if (pending.op.kind == OpKind::Join)
    return {};
  // The thread's previous event is its last one: a live thread that did not step again.
  int64_t previous = lastOf(pending.thread());
  while (previous >= int64_t(limit))
    previous = records[size_t(previous)].previousInThread;
  VectorClock clock;
  std::vector<uint32_t> races, scratch;
  analyse(pending, limit, previous, clock, races, scratch);
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
