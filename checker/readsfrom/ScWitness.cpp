#include "checker/readsfrom/ScWitness.h"

#include <algorithm>
#include <string>
#include <unordered_set>

namespace bpor::readsfrom {

namespace {

class WitnessSearch {
public:
  WitnessSearch(const std::vector<WitnessEvent> &events, uint32_t numThreads, uint32_t numLocs)
      : events_(events), byThread_(numThreads), position_(numThreads, 0),
        poIndex_(events.size(), 0), lastWriter_(numLocs, Initial),
        readersLeft_(events.size() * WitnessEvent::MaxWrites + numLocs, 0), numLocs_(numLocs) {
    for (uint32_t e = 0; e < events.size(); ++e) {
      poIndex_[e] = uint32_t(byThread_[events[e].thread].size());
      byThread_[events[e].thread].push_back(e);
      if (events[e].readLoc >= 0)
        ++readersLeft_[readerSlot(events[e].readFrom, events[e].readLoc)];
    }
  }

  std::optional<std::vector<uint32_t>> run() {
    if (!search())
      return std::nullopt;
    return order_;
  }

private:
  // Where the reads of `writer`'s write of `loc` still to come are counted.
  size_t readerSlot(int32_t writer, int32_t loc) const {
    if (writer == Initial)
      return events_.size() * WitnessEvent::MaxWrites + size_t(loc);
    unsigned k = 0;
    while (k + 1 < WitnessEvent::MaxWrites && events_[size_t(writer)].writeLocs[k] != loc)
      ++k;
    return size_t(writer) * WitnessEvent::MaxWrites + k;
  }
  bool taken(int32_t e) const {
    return position_[events_[e].thread] > poIndex_[e];
  }
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

  std::string key() const {
    std::string k;
    k.reserve((position_.size() + numLocs_) * 4);
    auto put = [&](uint32_t v) { k.append(reinterpret_cast<const char *>(&v), sizeof v); };
    for (uint32_t p : position_)
      put(p);
    for (int32_t w : lastWriter_)
      put(uint32_t(w));
    return k;
  }

  bool search() {
    if (order_.size() == events_.size())
      return true;
    std::string k = key();
    if (failed_.count(k))
      return false;
    // The candidates, each thread's next event, in the order the events were given.
    std::vector<uint32_t> next;
    for (uint32_t t = 0; t < byThread_.size(); ++t)
      if (position_[t] < byThread_[t].size())
        next.push_back(byThread_[t][position_[t]]);
    std::sort(next.begin(), next.end());
    for (uint32_t e : next) {
      if (!canTake(e))
        continue;
      const WitnessEvent &ev = events_[e];
      std::vector<int32_t> saved;
      if (ev.readLoc >= 0)
        --readersLeft_[readerSlot(ev.readFrom, ev.readLoc)];
      for (int32_t loc : ev.writeLocs)
        if (loc >= 0) {
          saved.push_back(lastWriter_[loc]);
          lastWriter_[loc] = int32_t(e);
        }
      ++position_[ev.thread];
      order_.push_back(e);
      if (search())
        return true;
      order_.pop_back();
      --position_[ev.thread];
      size_t s = saved.size();
      for (int k = int(WitnessEvent::MaxWrites) - 1; k >= 0; --k)
        if (ev.writeLocs[k] >= 0)
          lastWriter_[ev.writeLocs[k]] = saved[--s];
      if (ev.readLoc >= 0)
        ++readersLeft_[readerSlot(ev.readFrom, ev.readLoc)];
    }
    failed_.insert(std::move(k));
    return false;
  }

  const std::vector<WitnessEvent> &events_;
  std::vector<std::vector<uint32_t>> byThread_;
  std::vector<uint32_t> position_;
  std::vector<uint32_t> poIndex_;
  std::vector<int32_t> lastWriter_;
  std::vector<uint32_t> readersLeft_; // per write (then per location's initial value)
  uint32_t numLocs_;
  std::vector<uint32_t> order_;
  std::unordered_set<std::string> failed_;
};

} // namespace

std::optional<std::vector<uint32_t>> findScOrder(const std::vector<WitnessEvent> &events,
                                                 uint32_t numThreads, uint32_t numLocations) {
  return WitnessSearch(events, numThreads, numLocations).run();
}

} // namespace bpor::readsfrom
