#include "checker/optimal/EventLog.h"

#include <algorithm>
#include <functional>

namespace bpor::optimal {

namespace {

// minimum[t] := min(minimum[t], clock[t]) for t < width: a loop the compiler vectorizes (the
// rows do not overlap the minimum).
void joinMinimum(uint32_t *__restrict minimum, const uint32_t *__restrict clock, ThreadId width) {
  for (ThreadId t = 0; t < width; ++t)
    minimum[t] = std::min(minimum[t], clock[t]);
}

} // namespace

void EventLog::widen(ThreadId threads) {
  // A multiple of 8 columns, so that the loops over a row run in whole vectors.
  ThreadId stride = (std::max<ThreadId>({threads, 2 * stride_, 8}) + 7) / 8 * 8;
  std::vector<uint32_t> wider(records.size() * stride, 0);
  for (size_t i = 0; i < records.size(); ++i)
    std::copy_n(row(i), stride_, wider.data() + i * stride);
  clocks_.swap(wider);
  stride_ = stride;
  // The popped events had no column for the new threads: they happen after none of their
  // events.
  bool popped = std::any_of(poppedMinimum_.begin(), poppedMinimum_.end(),
                            [](uint32_t m) { return m != NoMinimum; });
  poppedMinimum_.resize(stride, popped ? 0 : NoMinimum);
  scratchClock_.assign(stride, 0);
  otherClocks_.assign(stride, 0);
}

void EventLog::analyse(const Event &event, const EventChains &chains, size_t limit,
                       int64_t previous, uint32_t *clock, std::vector<uint32_t> &races,
                       std::vector<uint32_t> &predecessors) {
  ThreadId u = event.thread();
  const ThreadId width = stride_;
  if (previous >= 0)
    std::copy_n(row(size_t(previous)), width, clock);
  else
    std::fill_n(clock, width, 0);
  // Immediate predecessors, latest first: joining each one's clock hides every earlier event
  // that happens before it. The events are visited chain by chain (per thread, either all its
  // events or those under one location key), merged in decreasing position, each chain from
  // its last event before `limit` back through its earlier ones; a chain is left as soon as its
  // event is hidden (clock[t] only grows, and covers every earlier event of t too). That
  // visits the conflicting events in the same order as a scan of every position would, without
  // walking over this thread's own events, the hidden ones or the ones sharing no location.
  predecessors.clear();
  std::vector<Cursor> &cursors = cursors_;
  cursors.clear();
  auto hidden = [&](int64_t i) {
    return positions[size_t(i)].indexInThread <= clock[positions[size_t(i)].thread];
  };
  auto startAt = [&](int64_t i, ThreadId t, int64_t single) { // a thread chain or one event
    while (single == ThreadChain && i >= 0 && size_t(i) >= limit)
      i = records[size_t(i)].previousInThread;
    if (i >= 0 && size_t(i) < limit && !hidden(i))
      cursors.push_back(Cursor{i, single, t});
  };
  if (chains.scanAll || fullScan_) {
    for (ThreadId t = 0; t < lastInThread.size(); ++t)
      if (t != u)
        startAt(lastOf(t), t, ThreadChain);
  } else {
    auto ask = [&](uint32_t slot) {
      for (ThreadId t = 0; t < chains_.threadsIn(slot); ++t) {
        if (t == u)
          continue;
        int64_t k = chains_.latest(slot, t);
        while (k >= 0 && links_[size_t(k)].event >= limit)
          k = links_[size_t(k)].previous;
        if (k >= 0 && !hidden(links_[size_t(k)].event))
          cursors.push_back(Cursor{links_[size_t(k)].event, k, t});
      }
    };
    ask(LocationChains::AlwaysSlot);
    for (uint8_t k = 0; k < chains.numAsked; ++k)
      ask(chains.asked[k]);
    // A thread's first event depends on its creation; a join on its target's last event.
    if (previous < 0 && u < forkOf_.size() && forkOf_[u] >= 0)
      startAt(forkOf_[u], records[size_t(forkOf_[u])].event.thread(), SingleEvent);
    if (event.op.kind == OpKind::Join && event.op.otherThread != u) {
      int64_t i = lastOf(event.op.otherThread);
      while (i >= 0 && size_t(i) >= limit)
        i = records[size_t(i)].previousInThread;
      startAt(i, event.op.otherThread, SingleEvent);
    }
  }
  while (!cursors.empty()) {
    size_t latest = 0;
    for (size_t c = 1; c < cursors.size(); ++c)
      if (cursors[c].index > cursors[latest].index)
        latest = c;
    Cursor &cursor = cursors[latest];
    int64_t i = cursor.index;
    if (hidden(i)) { // hidden by a later immediate predecessor, with all of its chain before it
      cursor = cursors.back();
      cursors.pop_back();
      continue;
    }
    const EventRecord &r = records[size_t(i)];
    if (conflicts(r.event, event)) {
      predecessors.push_back(uint32_t(i));
      joinRow(clock, size_t(i));
    }
    if (cursor.link >= 0) {
      cursor.link = links_[size_t(cursor.link)].previous;
      cursor.index = cursor.link >= 0 ? int64_t(links_[size_t(cursor.link)].event) : -1;
    } else {
      cursor.index = cursor.link == ThreadChain ? r.previousInThread : -1;
    }
    if (cursor.index < 0) {
      cursor = cursors.back();
      cursors.pop_back();
    }
  }
  clock[u] = (previous >= 0 ? records[size_t(previous)].indexInThread : 0) + 1;

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
    // The other ways: its thread's previous event, or for a thread's first event the fork that
    // created it (which the release's clock may have hidden), and the other predecessors.
    uint32_t *others = otherClocks_.data();
    if (previous >= 0)
      std::copy_n(row(size_t(previous)), width, others);
    else
      std::fill_n(others, width, 0);
    if (previous < 0 && u < forkOf_.size() && forkOf_[u] >= 0 && size_t(forkOf_[u]) < limit)
      joinRow(others, size_t(forkOf_[u]));
    for (uint32_t j : predecessors)
      if (j != i)
        joinRow(others, j);
    if (!happensBefore(size_t(a), others))
      races.push_back(uint32_t(a));
  }
  // Predecessors are found latest first, so without acquisition partners the list is already
  // in decreasing order: reversing it is enough.
  if (races.size() > 1) {
    if (std::is_sorted(races.begin(), races.end(), std::greater<uint32_t>()))
      std::reverse(races.begin(), races.end());
    else
      std::sort(races.begin(), races.end());
    races.erase(std::unique(races.begin(), races.end()), races.end());
  }
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
  ensureColumns(u + 1);
  if (count == records.size()) {
    records.emplace_back();
    clocks_.resize(records.size() * stride_, 0);
  }
  EventRecord &record = records[count];
  copyEvent(record.event, event);
  record.previousInThread = lastOf(u);
  record.races.clear();
  record.enabledThreads.clear();
  record.disabledOthers = false;
  EventChains &chains = eventChains_;
  chains_.chainsOf(event, chains);
  uint32_t *clock = row(count);
  analyse(event, chains, count, record.previousInThread, clock, record.races, predecessors);
  record.indexInThread = clock[u];
  record.firstLink = uint32_t(links_.size());
  auto enter = [&](uint32_t slot) {
    int64_t link = int64_t(links_.size());
    links_.push_back(Link{chains_.enter(slot, u, link), uint32_t(count), slot});
  };
  for (uint8_t k = 0; k < chains.numEntered; ++k)
    enter(chains.entered[k]);
  record.numLinks = uint32_t(links_.size()) - record.firstLink;
  if (event.op.kind == OpKind::Fork && event.op.otherThread != NoThread) {
    if (event.op.otherThread >= forkOf_.size())
      forkOf_.resize(event.op.otherThread + 1, -1);
    forkOf_[event.op.otherThread] = int64_t(count);
  }
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
  joinMinimum(poppedMinimum_.data(), row(count), stride_);
  ThreadId u = r.event.thread();
  lastInThread[u] = r.previousInThread;
  for (uint32_t k = r.firstLink + r.numLinks; k-- > r.firstLink;)
    chains_.leave(links_[k].slot, u, links_[k].previous);
  links_.resize(r.firstLink);
  if (r.event.op.kind == OpKind::Fork && r.event.op.otherThread != NoThread)
    forkOf_[r.event.op.otherThread] = -1;
}

void EventLog::clear() {
  count = 0;
  lastInThread.clear();
  chains_.clear();
  links_.clear();
  forkOf_.clear();
}

std::vector<uint32_t> EventLog::racesOfPending(const Event &pending, size_t limit) {
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
  ensureColumns(pending.thread() + 1);
  std::vector<uint32_t> races, scratch;
  EventChains chains;
  chains_.chainsOf(pending, chains);
  analyse(pending, chains, limit, previous, scratchClock_.data(), races, scratch);
  return races;
}

void EventLog::wakeupSequence(size_t i, const Event &last, size_t limit,
                              std::vector<Event> &out) const {
  out.clear();
  out.reserve(limit - i); // at most every later event and `last`: at most one allocation
  const EventRecord &e = records[i];
  ThreadId t = e.event.thread();
  for (size_t k = i + 1; k < limit; ++k)
    if (row(k)[t] < e.indexInThread)
      out.push_back(records[k].event);
  out.push_back(last);
}

} // namespace bpor::optimal

namespace bpor::optimal {

void EventLog::beginReanalysis(size_t from) {
  tailMinimum_.assign(stride_, NoMinimum);
  for (size_t k = from; k < count; ++k)
    joinMinimum(tailMinimum_.data(), row(k), stride_);
  poppedMinimum_.resize(stride_, NoMinimum);
}

void EventLog::endReanalysis() { poppedMinimum_.assign(stride_, NoMinimum); }

} // namespace bpor::optimal
