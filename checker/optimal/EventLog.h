// The events of the current execution with their vector clocks and their races, built one event
// at a time along the depth-first search (push/pop follow the search stack).
//
// Race detection (POPL 2014, section 2): e ⋖ e' iff e happens before e' directly, with no third
// event between them in happens-before. For a new event the scan walks the execution backwards
// keeping the join of the clocks of the immediate predecessors found so far; an earlier event
// already covered by that clock is not immediate. The scan visits only the events that may
// conflict with the new one (LocationChains.h: the ones sharing a location key, plus the fork
// of a thread's first event and the target of a join); the others change nothing. Cost per
// event: O(m) dependence checks and O(k·T) clock joins (m events sharing a key, k immediate
// predecessors, T threads); see docs/optimal-dpor.md.
//
// The clocks live in one flat array, a row of `stride_` entries per record, with a column for
// every thread that has an event: a clock is read without a bounds check, copied and joined
// over a fixed length, and pushing an event allocates nothing once the array has grown.
#pragma once

#include "checker/ThreadSet.h"
#include "checker/optimal/Event.h"
#include "checker/optimal/LocationChains.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace bpor::optimal {

struct EventRecord {
  Event event;
  /// 1-based position of the event among its thread's events (its own clock's entry for its
  /// thread; EventLog::clockOf).
  uint32_t indexInThread = 0;
  /// Previous event of the same thread, or -1.
  int64_t previousInThread = -1;
  /// Earlier events e with a reversible race e ⋖ this event (or an acquisition race).
  std::vector<uint32_t> races;
  /// The threads this event enabled: alive and disabled in the state before it, enabled in
  /// the state after it. Such a thread's next event was enabled by this one, so the race
  /// between them cannot be reversed (docs/optimal-dpor.md, "Enabling and disabling").
  ThreadSet enabledThreads;
  /// Whether this event disabled a thread other than its own: alive and enabled in the state
  /// before it, alive and disabled in the state after it (OptimalSearch::reverseDisablings).
  bool disabledOthers = false;
  /// The event's entries in the location chains: links [firstLink, firstLink + numLinks).
  uint32_t firstLink = 0;
  uint32_t numLinks = 0;
};

class EventLog {
public:
  void push(const Event &event);
  void pop();
  void clear();
  /// Records which threads the last event enabled (known once the state after it is).
  void setEnabledThreads(const ThreadSet &threads) { records[count - 1].enabledThreads = threads; }
  /// Records that the last event disabled another thread.
  void setDisabledOthers() { records[count - 1].disabledOthers = true; }

  size_t size() const { return count; }
  /// How many events of thread t the execution has.
  uint32_t eventsOf(ThreadId t) const {
    int64_t last = lastOf(t);
    return last < 0 ? 0 : records[size_t(last)].indexInThread;
  }
  const EventRecord &operator[](size_t i) const { return records[i]; }

  /// Entry t of event i's vector clock: how many events of thread t happen before it or are it.
  uint32_t clockOf(size_t i, ThreadId t) const {
    return t < stride_ ? clocks_[i * stride_ + t] : 0;
  }

  /// The reversible races a pending operation `pending` of a live thread would have if it were
  /// appended to the first `limit` events (used at the end of an execution for the threads
  /// that never got to run their next operation). A pending join has none: its target has not
  /// ended within those events, so the join is disabled in each of their states.
  std::vector<uint32_t> racesOfPending(const Event &pending, size_t limit);

  /// For tests: whether the race scan visits every event (the reference the location chains
  /// must agree with) rather than the ones sharing a location key.
  void setFullScan(bool full) { fullScan_ = full; }
  /// For tests: at most `n` location chains (LocationChains::DefaultMaxChains otherwise). Only
  /// before the first push.
  void limitChains(size_t n) { chains_ = LocationChains(n); }

  /// notdep(e_i, E).last (POPL 2014): the events after i among the first `limit` that do not
  /// happen after e_i, in order, then `last`; into `out` (its storage reused).
  void wakeupSequence(size_t i, const Event &last, size_t limit, std::vector<Event> &out) const;

  /// Optimal DPOR reverses every race of each execution (docs/optimal-dpor.md, "Which races
  /// are reversed again"). The execution shares its events before position `from` with the one
  /// analysed before it, whose later events were popped since. Call before notdepMayDiffer.
  void beginReanalysis(size_t from);
  /// Whether notdep(e_i, E) may differ from what it was in the execution analysed before: some
  /// event at position `from` or later, in this execution or in that one, does not happen after
  /// e_i. (Both sequences share their part before `from`; without such events they are equal.)
  bool notdepMayDiffer(size_t i) const {
    const Position &p = positions[i];
    return p.indexInThread > std::min(tailMinimum_[p.thread], poppedMinimum_[p.thread]);
  }
  /// The next analysis starts afresh (the events popped since this one are forgotten).
  void endReanalysis();
  /// The execution before the next analysed one is not known (a parallel worker moved to
  /// another worker's state): every race is reversed again.
  void forgetPrevious() { poppedMinimum_.assign(stride_, 0); }

private:
  /// Computes the clock of `event` (appended after the first `limit` events) into `clock`, a
  /// row of stride_ entries outside the first `limit` rows, and its races.
  void analyse(const Event &event, const EventChains &chains, size_t limit, int64_t previous,
               uint32_t *clock, std::vector<uint32_t> &races,
               std::vector<uint32_t> &predecessors);
  /// Makes room for a column for every thread below `threads` (a new stride lays the rows out
  /// again; it only grows).
  void ensureColumns(ThreadId threads) {
    if (threads > stride_)
      widen(threads);
  }
  void widen(ThreadId threads);
  uint32_t *row(size_t i) { return clocks_.data() + i * stride_; }
  const uint32_t *row(size_t i) const { return clocks_.data() + i * stride_; }
  /// clock := clock joined with event i's clock (both rows of stride_ entries).
  void joinRow(uint32_t *clock, size_t i) const {
    const uint32_t *other = row(i);
    const ThreadId width = stride_; // read once: `clock` could alias it for the compiler
    for (ThreadId t = 0; t < width; ++t)
      clock[t] = std::max(clock[t], other[t]);
  }
  /// Whether event i happens before (or is) the event whose clock is `clock`.
  bool happensBefore(size_t i, const uint32_t *clock) const {
    return positions[i].indexInThread <= clock[positions[i].thread];
  }
  int releaserWasWriter(size_t release, const Event &later) const;
  int64_t acquisitionPartner(size_t release, const Event &later, AcquirePartner partner) const;
  int64_t lastOf(ThreadId t) const { return t < lastInThread.size() ? lastInThread[t] : -1; }

  /// The first `count` records are the execution; the ones after are popped records kept so
  /// that a push reuses their clocks' and race lists' storage.
  std::vector<EventRecord> records;
  size_t count = 0;
  std::vector<int64_t> lastInThread;
  std::vector<uint32_t> predecessors; // scratch for push
  /// Scratch for analyse: per chain and thread, the next of its events the backward scan
  /// looks at. `link` is the event's link in a location chain, or one of the two below.
  struct Cursor {
    int64_t index;
    int64_t link;
    ThreadId thread;
  };
  static constexpr int64_t ThreadChain = -1; // every event of the thread
  static constexpr int64_t SingleEvent = -2; // this event only
  std::vector<Cursor> cursors_;
  /// records[i]'s thread and indexInThread, packed: the backward scan of analyse reads these
  /// (8 bytes an event) and looks at a record only when its event is not hidden.
  struct Position {
    ThreadId thread;
    uint32_t indexInThread;
  };
  std::vector<Position> positions;

  /// An event's entry in a location chain (LocationChains holds each chain's latest link).
  struct Link {
    int64_t previous; // the link of the previous event of the same thread in the chain, or -1
    uint32_t event;
    uint32_t slot;
  };
  LocationChains chains_;
  EventChains eventChains_; // scratch for push
  std::vector<Link> links_;        // the first `count` records' links, in order
  std::vector<int64_t> forkOf_;    // per thread: the event that created it, or -1
  /// The clocks: row i (stride_ entries) is records[i]'s; rows past `count` are storage.
  std::vector<uint32_t> clocks_;
  ThreadId stride_ = 0;
  std::vector<uint32_t> scratchClock_, otherClocks_; // scratch rows (racesOfPending, analyse)
  /// Per thread, the least clock entry of the events from beginReanalysis's position on, and
  /// of the events popped since the last analysis (0 for a thread that had no column then:
  /// those events do not happen after any of its events).
  std::vector<uint32_t> tailMinimum_, poppedMinimum_;
  static constexpr uint32_t NoMinimum = ~uint32_t(0);
  bool fullScan_ = false;
};

} // namespace bpor::optimal
