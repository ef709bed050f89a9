#include "checker/readsfrom/ScWitness.h"

#include <algorithm>

namespace bpor::readsfrom {

namespace {

uint64_t mix(uint64_t x) { // splitmix64's finaliser
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// Failed states by hash: open addressing over slots stamped with the search they belong to,
// so that starting the next search empties the table without touching it.
class FailedStates {
public:
  void clear() {
    ++generation_;
    used_ = 0;
  }
  // Calls match(offset) for each state stored with this hash until it returns true.
  template <typename Match> bool find(uint64_t hash, Match &&match) const {
    if (slots_.empty())
      return false;
    for (size_t i = hash & mask(); slots_[i].generation == generation_; i = (i + 1) & mask())
      if (slots_[i].hash == hash && match(slots_[i].offset))
        return true;
    return false;
  }
  void insert(uint64_t hash, uint32_t offset) {
    if ((used_ + 1) * 2 > slots_.size())
      grow();
    size_t i = hash & mask();
    while (slots_[i].generation == generation_)
      i = (i + 1) & mask();
    slots_[i] = Slot{hash, offset, generation_};
    ++used_;
  }

private:
  struct Slot {
    uint64_t hash = 0;
    uint32_t offset = 0;
    uint32_t generation = 0;
  };
  size_t mask() const { return slots_.size() - 1; }
  void grow() {
    std::vector<Slot> old;
    old.swap(slots_);
    slots_.assign(std::max<size_t>(64, old.size() * 2), Slot{});
    uint32_t live = generation_;
    ++generation_; // the fresh slots' generation 0 is never live (generations start at 1)
    used_ = 0;
    for (const Slot &slot : old)
      if (slot.generation == live)
        insert(slot.hash, slot.offset);
  }
  std::vector<Slot> slots_;
  size_t used_ = 0;
  uint32_t generation_ = 1;
};

// A state of the search: each thread's position and each location's latest write. States that
// failed are remembered exactly (a hash only finds the candidates: a collision must not make a
// realisable order look impossible); the hash is kept up to date move by move. One object
// serves every search of a thread (reset), so that its buffers are allocated once.
class WitnessSearch {
public:
  void reset(std::span<const WitnessEvent> events, uint32_t numThreads, uint32_t numLocs) {
    events_ = events;
    byThread_.resize(numThreads);
    for (std::vector<uint32_t> &own : byThread_)
      own.clear();
    position_.assign(numThreads, 0);
    poIndex_.assign(events.size(), 0);
    lastWriter_.assign(numLocs, Initial);
    readersLeft_.assign(events.size() * WitnessEvent::MaxWrites + numLocs, 0);
    hash_ = 0;
    order_.clear();
    failed_.clear();
    failedKeys_.clear();
    for (uint32_t e = 0; e < events.size(); ++e) {
      poIndex_[e] = uint32_t(byThread_[events[e].thread].size());
      byThread_[events[e].thread].push_back(e);
      if (events[e].readLoc >= 0)
        ++readersLeft_[readerSlot(events[e].readFrom, events[e].readLoc)];
    }
    for (uint32_t t = 0; t < numThreads; ++t)
      hash_ += threadTerm(t, 0);
    for (uint32_t l = 0; l < numLocs; ++l)
      hash_ += locationTerm(l, Initial);
    order_.reserve(events.size());
  }

  std::optional<std::vector<uint32_t>> run() {
    if (!search())
      return std::nullopt;
    return order_;
  }

private:
  static uint64_t threadTerm(uint32_t t, uint32_t position) {
    return mix((uint64_t(t) << 32) | position);
  }
  static uint64_t locationTerm(uint32_t loc, int32_t writer) {
    return mix(~((uint64_t(loc) << 32) | uint32_t(writer)));
  }

  // Where the reads of `writer`'s write of `loc` still to come are counted.
  size_t readerSlot(int32_t writer, int32_t loc) const {
    if (writer == Initial)
      return events_.size() * WitnessEvent::MaxWrites + size_t(loc);
    unsigned k = 0;
    while (k + 1 < WitnessEvent::MaxWrites && events_[size_t(writer)].writeLocs[k] != loc)
      ++k;
    return size_t(writer) * WitnessEvent::MaxWrites + k;
  }
  bool taken(int32_t e) const { return position_[events_[e].thread] > poIndex_[e]; }

  // Whether `e` can be taken now: what it follows is taken, its read finds the write it reads
  // from latest, and its writes hide no write that a read still to come reads.
  bool canTake(uint32_t e) const {
    const WitnessEvent &ev = events_[e];
    for (int32_t a : ev.after)
      if (!taken(a))
        return false;
    if (ev.readLoc >= 0 && lastWriter_[ev.readLoc] != ev.readFrom)
      return false;
    for (int32_t loc : ev.writeLocs) {
      if (loc < 0)
        continue;
      int32_t latest = lastWriter_[loc];
      uint32_t left = readersLeft_[readerSlot(latest, loc)];
      if (ev.readLoc == loc && ev.readFrom == latest)
        --left; // its own read comes first
      if (left > 0)
        return false;
    }
    return true;
  }

  void setWriter(int32_t loc, int32_t writer) {
    hash_ += locationTerm(uint32_t(loc), writer) - locationTerm(uint32_t(loc), lastWriter_[loc]);
    lastWriter_[loc] = writer;
  }
  void advance(uint32_t t, int step) {
    uint32_t p = position_[t];
    hash_ += threadTerm(t, p + step) - threadTerm(t, p);
    position_[t] = p + step;
  }

  bool failedBefore() const {
    return failed_.find(hash_, [&](uint32_t offset) {
      const uint32_t *key = &failedKeys_[offset];
      return std::equal(position_.begin(), position_.end(), key) &&
             std::equal(lastWriter_.begin(), lastWriter_.end(),
                        reinterpret_cast<const int32_t *>(key + position_.size()));
    });
  }
  void rememberFailure() {
    failed_.insert(hash_, uint32_t(failedKeys_.size()));
    failedKeys_.insert(failedKeys_.end(), position_.begin(), position_.end());
    for (int32_t w : lastWriter_)
      failedKeys_.push_back(uint32_t(w));
  }

  bool search() {
    if (order_.size() == events_.size())
      return true;
    if (failedBefore())
      return false;
    // The candidates, each thread's next event, in the order the events were given.
    uint32_t next[64];
    std::vector<uint32_t> more;
    uint32_t *candidates = next;
    size_t count = 0;
    if (byThread_.size() > 64) {
      more.resize(byThread_.size());
      candidates = more.data();
    }
    for (uint32_t t = 0; t < byThread_.size(); ++t)
      if (position_[t] < byThread_[t].size())
        candidates[count++] = byThread_[t][position_[t]];
    std::sort(candidates, candidates + count);
    for (size_t c = 0; c < count; ++c) {
      uint32_t e = candidates[c];
      if (!canTake(e))
        continue;
      const WitnessEvent &ev = events_[e];
      int32_t saved[WitnessEvent::MaxWrites] = {};
      if (ev.readLoc >= 0)
        --readersLeft_[readerSlot(ev.readFrom, ev.readLoc)];
      for (unsigned k = 0; k < WitnessEvent::MaxWrites; ++k)
        if (ev.writeLocs[k] >= 0) {
          saved[k] = lastWriter_[ev.writeLocs[k]];
          setWriter(ev.writeLocs[k], int32_t(e));
        }
      advance(ev.thread, 1);
      order_.push_back(e);
      if (search())
        return true;
      order_.pop_back();
      advance(ev.thread, -1);
      for (int k = int(WitnessEvent::MaxWrites) - 1; k >= 0; --k)
        if (ev.writeLocs[k] >= 0)
          setWriter(ev.writeLocs[k], saved[k]);
      if (ev.readLoc >= 0)
        ++readersLeft_[readerSlot(ev.readFrom, ev.readLoc)];
    }
    rememberFailure();
    return false;
  }

  std::span<const WitnessEvent> events_;
  std::vector<std::vector<uint32_t>> byThread_;
  std::vector<uint32_t> position_;
  std::vector<uint32_t> poIndex_;
  std::vector<int32_t> lastWriter_;
  std::vector<uint32_t> readersLeft_; // per write (then per location's initial value)
  uint64_t hash_ = 0;
  std::vector<uint32_t> order_;
  FailedStates failed_; // hash -> offset in failedKeys_
  std::vector<uint32_t> failedKeys_;
};

// A necessary condition, cheap to check (Nidhugg's SaturatedGraph): the events ordered by
// program order, `after` and reads-from, saturated with what each read forces (a write that
// must come before a read must come before the read's write; a write that must come after
// the read's write must come after the read) until nothing changes, must stay acyclic. Most
// alternatives without an order fail here, before any search.
// saturationAllows' buffers, kept from one call to the next (a search checks thousands of
// prefixes an execution): cleared, not freed.
struct SaturationBuffers {
  std::vector<uint32_t> index, count, clock, order, indegree;
  std::vector<int32_t> previous, last;
  std::vector<std::vector<uint32_t>> extra, writers, successors;
};

// Resizes `lists` to n empty vectors, keeping their storage.
void emptyLists(std::vector<std::vector<uint32_t>> &lists, size_t n) {
  if (lists.size() < n)
    lists.resize(n);
  for (size_t i = 0; i < n; ++i)
    lists[i].clear();
}

bool saturationAllows(std::span<const WitnessEvent> events, uint32_t numThreads,
                      SaturationBuffers &b) {
  size_t n = events.size();
  std::vector<uint32_t> &index = b.index, &clock = b.clock, &order = b.order,
                        &indegree = b.indegree;
  std::vector<int32_t> &previous = b.previous;
  index.assign(n, 0);
  b.count.assign(numThreads, 0);
  previous.assign(n, -1);
  b.last.assign(numThreads, -1);
  for (uint32_t e = 0; e < n; ++e) {
    index[e] = ++b.count[events[e].thread];
    previous[e] = b.last[events[e].thread];
    b.last[events[e].thread] = int32_t(e);
  }
  std::vector<std::vector<uint32_t>> &extra = b.extra; // extra[e]: events that must precede e
  emptyLists(extra, n);
  size_t locations = 0;
  for (const WitnessEvent &event : events)
    for (int32_t loc : event.writeLocs)
      locations = std::max(locations, size_t(loc + 1));
  std::vector<std::vector<uint32_t>> &writers = b.writers; // per location
  emptyLists(writers, locations);
  for (uint32_t e = 0; e < n; ++e)
    for (int32_t loc : events[e].writeLocs)
      if (loc >= 0)
        writers[size_t(loc)].push_back(e);
  clock.resize(n * numThreads);
  indegree.resize(n);
  std::vector<std::vector<uint32_t>> &successors = b.successors;
  emptyLists(successors, n);
  for (int round = 0;; ++round) {
    // Topological order of the edges (none: a cycle), then each event's clock.
    for (size_t e = 0; e < n; ++e)
      successors[e].clear();
    std::fill(indegree.begin(), indegree.end(), 0);
    auto edge = [&](uint32_t from, uint32_t to) {
      successors[from].push_back(to);
      ++indegree[to];
    };
    for (uint32_t e = 0; e < n; ++e) {
      if (previous[e] >= 0)
        edge(uint32_t(previous[e]), e);
      for (int32_t a : events[e].after)
        edge(uint32_t(a), e);
      if (events[e].readLoc >= 0 && events[e].readFrom >= 0)
        edge(uint32_t(events[e].readFrom), e);
      for (uint32_t x : extra[e])
        edge(x, e);
    }
    order.clear();
    for (uint32_t e = 0; e < n; ++e)
      if (indegree[e] == 0)
        order.push_back(e);
    for (size_t k = 0; k < order.size(); ++k)
      for (uint32_t s : successors[order[k]])
        if (--indegree[s] == 0)
          order.push_back(s);
    if (order.size() < n)
      return false;
    std::fill(clock.begin(), clock.end(), 0);
    for (uint32_t e : order) {
      uint32_t *c = &clock[e * numThreads];
      c[events[e].thread] = std::max(c[events[e].thread], index[e]);
      for (uint32_t s : successors[e]) {
        uint32_t *d = &clock[s * numThreads];
        for (uint32_t t = 0; t < numThreads; ++t)
          d[t] = std::max(d[t], c[t]);
      }
    }
    auto before = [&](uint32_t a, uint32_t b) { // a happens before b (or is b)
      return clock[b * numThreads + events[a].thread] >= index[a];
    };
    bool changed = false;
    for (uint32_t r = 0; r < n; ++r) {
      const WitnessEvent &ev = events[r];
      if (ev.readLoc < 0 || size_t(ev.readLoc) >= locations)
        continue;
      for (uint32_t w : writers[size_t(ev.readLoc)]) {
        if (int32_t(w) == ev.readFrom || w == r)
          continue;
        if (before(w, r)) {
          if (ev.readFrom == Initial)
            return false; // a write must precede a read of the initial value
          if (!before(w, uint32_t(ev.readFrom))) {
            extra[size_t(ev.readFrom)].push_back(w);
            changed = true;
          }
        } else if (ev.readFrom >= 0 && before(uint32_t(ev.readFrom), w) && !before(r, w)) {
          extra[w].push_back(r);
          changed = true;
        }
      }
    }
    if (!changed)
      return true;
  }
}

} // namespace

std::optional<std::vector<uint32_t>> findScOrder(std::span<const WitnessEvent> events,
                                                 uint32_t numThreads, uint32_t numLocations) {
  // One set of buffers per thread that searches (the reads-from search runs on one).
  thread_local SaturationBuffers buffers;
  thread_local WitnessSearch search;
  if (!saturationAllows(events, numThreads, buffers))
    return std::nullopt;
  search.reset(events, numThreads, numLocations);
  return search.run();
}

} // namespace bpor::readsfrom
