// Execution graphs (docs/weak-memory.md): an execution as its events, per thread in program
// order, with reads-from (which write each read reads) and, per memory location, the coherence
// order of its writes. A graph, not an interleaving, is what a weak memory model judges: the
// axioms of SC, TSO, PSO, RA and RC11 (Axioms.h) are conditions on these relations.
//
// Threads are named by creation path (checker/ThreadNames.h). Every event has a stamp, the order
// in which the search added it. Stamps extend po, and rf except where a backward revisit made
// a read read a write added after it (GraphSearch.h).
#pragma once

#include "core/Operation.h"

#include <cstdint>
#include <string>
#include <vector>

namespace bpor::graph {

/// An event: the `index`-th of thread `thread` (a name). The initial write of a location is
/// {NoThread, location}.
struct EventId {
  ThreadId thread = NoThread;
  uint32_t index = 0;

  bool isInit() const { return thread == NoThread; }
  friend bool operator==(const EventId &, const EventId &) = default;
};

inline EventId initWrite(uint32_t location) { return EventId{NoThread, location}; }

enum class Kind : uint8_t {
  Read,   // a load, or a compare-and-swap that failed
  Write,  // a store
  Update, // a read-modify-write, or a compare-and-swap that wrote: it reads and writes atomically
  Fence,
  Fork,   // creates thread `other`
  Join,   // returns once thread `other` ended
  Other,  // no memory effect in the model (kept for the trace)
};

inline bool reads(Kind k) { return k == Kind::Read || k == Kind::Update; }
inline bool writes(Kind k) { return k == Kind::Write || k == Kind::Update; }

struct Event {
  Kind kind = Kind::Other;
  MemoryOrder order = MemoryOrder::NotAtomic;
  uint32_t location = 0;    // memory events: the index of their location in Graph::locations
  uint64_t value = 0;       // Write, Update: the value written; Read: the value read
  EventId rf;               // Read, Update: the write read from
  ThreadId other = NoThread; // Fork: the child; Join: the thread joined
  uint32_t choice = 0;      // the data choice the step took (a nondet value's index)
  /// No smaller choice of the step let the execution go on (the others were infeasible, or
  /// ended it at an error): the choice a graph grown from the events before is extended with
  /// first, which a backward revisit that deletes the event requires (GraphSearch::maximal).
  bool firstChoice = true;
  bool endsThread = false;  // the thread's last event
  /// A lock that read its mutex held (Mutexes.h), or the back edge of a spin loop whose
  /// iteration read values that keep it looping: the thread waits here, the last of its
  /// events, until a backward revisit makes it read other values. The model does not step it.
  bool blocked = false;
  uint32_t stamp = 0;
  /// The operation as the model executed it (its thread in the model's numbering), for traces.
  Operation op;
};

struct Location {
  uint64_t address = 0;
  uint32_t size = 0;
  uint64_t init = 0;       // the value before any write
  std::vector<EventId> co; // the writes in coherence order (the initial write before them all)
};

class Graph {
public:
  /// Per thread name, its events in program order.
  std::vector<std::vector<Event>> threads;
  /// Per thread name, the fork that created it (an initial-write id for the initial threads).
  std::vector<EventId> creators;
  std::vector<Location> locations;
  uint32_t nextStamp = 1;

  const Event &at(EventId e) const { return threads[e.thread][e.index]; }
  Event &at(EventId e) { return threads[e.thread][e.index]; }
  bool contains(EventId e) const {
    return e.isInit() ? e.index < locations.size()
                      : e.thread < threads.size() && e.index < threads[e.thread].size();
  }
  size_t size() const;

  /// The value a write wrote (the initial value for an initial write).
  uint64_t valueOf(EventId write) const {
    return write.isInit() ? locations[write.index].init : at(write).value;
  }
  /// The location of `address` with `size` bytes, added (with initial value `init`) if new;
  /// -1 if an existing location overlaps it with another address or size (mixed-size
  /// accesses are not supported).
  int64_t locationOf(uint64_t address, uint32_t size, uint64_t init);
  /// The location at exactly `address`, or -1.
  int64_t findLocation(uint64_t address) const;

  /// Appends `event` to thread `thread` (creating the thread's row if needed); returns its id.
  EventId add(ThreadId thread, Event event);
  /// Places write `w` in coherence right after `after` (an initial write: first).
  void placeCo(EventId w, EventId after);
  /// The position of write `w` in its location's coherence order (-1 for the initial write).
  int64_t coPosition(EventId w) const;
  /// The coherence-latest write of `location` (its initial write if none).
  EventId coMax(uint32_t location) const;
  /// The writes of `location` in coherence order, its initial write first.
  std::vector<EventId> writesOf(uint32_t location) const;

  /// Every event, thread by thread.
  std::vector<EventId> events() const;
  /// The events in stamp order (an order that extends po).
  std::vector<EventId> byStamp() const;
  /// The events in an order that extends po, rf, creation and join, by stamp where those
  /// leave a choice: the order in which the model re-steps them (a revisited read reads a
  /// write with a larger stamp).
  std::vector<EventId> replayOrder() const;

  /// Keeps the events for which `keep` holds (per thread a prefix, closed under rf and the
  /// threads' creation), dropping the rest from coherence too.
  template <typename Keep> void restrict(Keep keep);

  /// A text that is the same for two graphs iff they have the same events (kind, location,
  /// values, order, data choice), reads-from and coherence: what "one execution per consistent
  /// graph" counts.
  std::string canonical() const;
};

/// Per thread name, how many of its first events a set of events holds (a porf-prefix).
struct View {
  std::vector<uint32_t> upTo;
  bool contains(EventId e) const {
    return e.isInit() || (e.thread < upTo.size() && e.index < upTo[e.thread]);
  }
};

/// The events po ∪ rf ∪ creation ∪ join before or equal to `e` (its porf-prefix).
View porfPrefix(const Graph &g, EventId e);

template <typename Keep> void Graph::restrict(Keep keep) {
  for (ThreadId t = 0; t < threads.size(); ++t) {
    uint32_t n = 0;
    while (n < threads[t].size() && keep(EventId{t, n}))
      ++n;
    threads[t].resize(n);
  }
  for (Location &l : locations) {
    std::vector<EventId> kept;
    for (EventId w : l.co)
      if (contains(w))
        kept.push_back(w);
    l.co = std::move(kept);
  }
}

} // namespace bpor::graph
