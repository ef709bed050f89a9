#include "checker/readsfrom/ScWitness.h"

#include <algorithm>
#include <unordered_map>

namespace bpor::readsfrom {

namespace {

uint64_t mix(uint64_t x) { // splitmix64's finaliser
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// A state of the search: each thread's position and each location's latest write. States that
// failed are remembered exactly (a hash only finds the candidates: a collision must not make a
// realisable order look impossible); the hash is kept up to date move by move.
class WitnessSearch {
public:
  WitnessSearch(const std::vector<WitnessEvent> &events, uint32_t numThreads, uint32_t numLocs)
      : events_(events), byThread_(numThreads), position_(numThreads, 0),
        poIndex_(events.size(), 0), lastWriter_(numLocs, Initial),
        readersLeft_(events.size() * WitnessEvent::MaxWrites + numLocs, 0) {
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
    auto [first, last] = failed_.equal_range(hash_);
    for (auto it = first; it != last; ++it) {
      const uint32_t *key = &failedKeys_[it->second];
      if (std::equal(position_.begin(), position_.end(), key) &&
          std::equal(lastWriter_.begin(), lastWriter_.end(),
                     reinterpret_cast<const int32_t *>(key + position_.size())))
        return true;
    }
    return false;
  }
  void rememberFailure() {
    failed_.emplace(hash_, uint32_t(failedKeys_.size()));
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
      int32_t saved[WitnessEvent::MaxWrites];
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

  const std::vector<WitnessEvent> &events_;
  std::vector<std::vector<uint32_t>> byThread_;
  std::vector<uint32_t> position_;
  std::vector<uint32_t> poIndex_;
  std::vector<int32_t> lastWriter_;
  std::vector<uint32_t> readersLeft_; // per write (then per location's initial value)
  uint64_t hash_ = 0;
  std::vector<uint32_t> order_;
  std::unordered_multimap<uint64_t, uint32_t> failed_; // hash -> offset in failedKeys_
  std::vector<uint32_t> failedKeys_;
};

// A necessary condition, cheap to check (Nidhugg's SaturatedGraph): the events ordered by
// program order, `after` and reads-from, saturated with what each read forces (a write that
// must come before a read must come before the read's write; a write that must come after
// the read's write must come after the read) until nothing changes, must stay acyclic. Most
// alternatives without an order fail here, before any search.
bool saturationAllows(const std::vector<WitnessEvent> &events, uint32_t numThreads) {
  size_t n = events.size();
  std::vector<uint32_t> index(n);
  std::vector<uint32_t> count(numThreads, 0);
  std::vector<int32_t> previous(n, -1), last(numThreads, -1);
  for (uint32_t e = 0; e < n; ++e) {
    index[e] = ++count[events[e].thread];
    previous[e] = last[events[e].thread];
    last[events[e].thread] = int32_t(e);
  }
  std::vector<std::vector<uint32_t>> extra(n); // extra[e]: events that must precede e
  std::vector<std::vector<uint32_t>> writers;  // per location
  for (uint32_t e = 0; e < n; ++e)
    for (int32_t loc : events[e].writeLocs)
      if (loc >= 0) {
        if (size_t(loc) >= writers.size())
          writers.resize(size_t(loc) + 1);
        writers[size_t(loc)].push_back(e);
      }
  std::vector<uint32_t> clock(n * numThreads);
  std::vector<uint32_t> order, indegree(n);
  std::vector<std::vector<uint32_t>> successors(n);
  for (int round = 0;; ++round) {
    // Topological order of the edges (none: a cycle), then each event's clock.
    for (auto &s : successors)
      s.clear();
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
      if (ev.readLoc < 0 || size_t(ev.readLoc) >= writers.size())
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

std::optional<std::vector<uint32_t>> findScOrder(const std::vector<WitnessEvent> &events,
                                                 uint32_t numThreads, uint32_t numLocations) {
  if (!saturationAllows(events, numThreads))
    return std::nullopt;
  return WitnessSearch(events, numThreads, numLocations).run();
}

} // namespace bpor::readsfrom
