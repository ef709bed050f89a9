// After an execution: its unfolding events and decisions, then for each read the writes it
// could read from instead, each tried once per decision (the sibling set), kept if a
// sequentially consistent order of the execution's prefix realises it (ScWitness.h). The
// steps follow Nidhugg's RFSCTraceBuilder (compute_unfolding, compute_prefixes, try_sat,
// order_to_leaf); docs/design.md, "The reads-from search", says where this differs.
#include "checker/readsfrom/RfExecution.h"

#include <algorithm>
#include <cstdlib>

namespace bpor::readsfrom {

int32_t ReadsFromSearch::poPredecessor(int32_t e) const {
  const RfEvent &ev = events_[size_t(e)];
  return ev.index > 1 ? byThread_[ev.name][ev.index - 2] : None;
}

bool ReadsFromSearch::happensBefore(int32_t a, std::span<const uint32_t> clock) const {
  const RfEvent &e = events_[size_t(a)];
  return e.name < clock.size() && clock[e.name] >= e.index;
}

void ReadsFromSearch::computeClocks() {
  size_t n = events_.size(), threads = byThread_.size();
  auto join = [threads](std::span<uint32_t> into, std::span<const uint32_t> other) {
    for (size_t t = 0; t < threads; ++t)
      into[t] = std::max(into[t], other[t]);
  };
  clock_.reset(n, threads, 0);
  above_.reset(n, threads, 0);
  for (size_t i = 0; i < n; ++i) {
    const RfEvent &e = events_[i];
    std::span<uint32_t> c = clock_[i];
    if (int32_t p = poPredecessor(int32_t(i)); p >= 0)
      std::ranges::copy(clock_[size_t(p)], c.begin());
    for (int32_t a : e.after)
      join(c, clock_[size_t(a)]);
    c[e.name] = e.index;
    std::ranges::copy(c, above_[i].begin());
    if (e.readFrom >= 0)
      join(c, clock_[size_t(e.readFrom)]);
  }
  // below: for each thread, the lowest index of its events that happen after (or are) i. The
  // direct successors of each event, in one block (successorStart_[i] to [i + 1]).
  successorStart_.assign(n + 1, 0);
  auto eachSuccessorEdge = [&](auto &&edge) {
    for (size_t i = 0; i < n; ++i) {
      if (int32_t p = poPredecessor(int32_t(i)); p >= 0)
        edge(size_t(p), int32_t(i));
      for (int32_t a : events_[i].after)
        edge(size_t(a), int32_t(i));
      if (events_[i].readFrom >= 0)
        edge(size_t(events_[i].readFrom), int32_t(i));
    }
  };
  eachSuccessorEdge([&](size_t from, int32_t) { ++successorStart_[from + 1]; });
  for (size_t i = 0; i < n; ++i)
    successorStart_[i + 1] += successorStart_[i];
  successorList_.resize(successorStart_[n]);
  std::vector<uint32_t> &fill = scratchFill_;
  fill.assign(successorStart_.begin(), successorStart_.end() - 1);
  eachSuccessorEdge([&](size_t from, int32_t to) { successorList_[fill[from]++] = to; });
  below_.reset(n, threads, 0);
  for (size_t i = n; i-- > 0;) {
    std::span<uint32_t> b = below_[i];
    for (size_t t = 0; t < threads; ++t)
      b[t] = uint32_t(byThread_[t].size()) + 1;
    b[events_[i].name] = events_[i].index;
    for (uint32_t k = successorStart_[i]; k < successorStart_[i + 1]; ++k) {
      std::span<const uint32_t> after = below_[size_t(successorList_[k])];
      for (size_t t = 0; t < threads; ++t)
        b[t] = std::min(b[t], after[t]);
    }
  }
  // Each thread's writes per location, the vectors kept from one execution to the next.
  writesBy_.resize(threads);
  for (std::vector<std::vector<int32_t>> &perLocation : writesBy_) {
    perLocation.resize(locations_.size());
    for (std::vector<int32_t> &writes : perLocation)
      writes.clear();
  }
  for (size_t i = 0; i < n; ++i)
    for (int32_t loc : events_[i].writeLocs)
      if (loc >= 0)
        writesBy_[events_[i].name][size_t(loc)].push_back(int32_t(i));
}

uint32_t ReadsFromSearch::unfoldingOf(ThreadId name, uint32_t parent, uint32_t readFrom) {
  auto [it, added] = unfolding_.try_emplace(UnfoldingKey{uint32_t(name), parent, readFrom},
                                            uint32_t(unfolding_.size() + 1));
  return it->second;
}

uint32_t ReadsFromSearch::unfoldingOfEvent(int32_t event) const {
  return event >= 0 ? events_[size_t(event)].unfolding : 0;
}

// What an event's name extends: its predecessor in the thread, or for a thread's first event
// the creation of the thread, so that a thread's events differ where the history of its
// creation does (Nidhugg names a thread's first event by the thread alone, and then takes a
// write of a thread created after another read as the same alternative: the validation found
// the class it missed, ReadsFrom.GeneratedPrograms seed 348).
uint32_t ReadsFromSearch::parentUnfolding(int32_t event) const {
  if (int32_t p = poPredecessor(event); p >= 0)
    return events_[size_t(p)].unfolding;
  const RfEvent &e = events_[size_t(event)];
  return e.after.empty() ? 0 : unfoldingOfEvent(e.after.front());
}

// The name `event` would have if it read from `write` (Nidhugg's unfold_alternative).
uint32_t ReadsFromSearch::unfoldingReading(int32_t event, int32_t write) {
  return unfoldingOf(events_[size_t(event)].name, parentUnfolding(event),
                     unfoldingOfEvent(write));
}

// compute_unfolding: an event is named by its thread, its predecessor's name and the name of
// the write it reads; each read of the new part of the execution is a new decision, below
// the last one.
void ReadsFromSearch::assignUnfoldingAndDecisions(const std::shared_ptr<DecisionNode> &work) {
  for (size_t i = 0; i < events_.size(); ++i) {
    RfEvent &e = events_[i];
    if (!e.reads() || !locations_.mutex[size_t(e.readLoc)])
      continue;
    const Operation &op = ops_[i];
    e.lock = op.kind == OpKind::Lock      ? LockOp::Lock
             : op.kind == OpKind::Unlock  ? LockOp::Unlock
             : op.kind == OpKind::Trylock ? (op.value == 0 ? LockOp::TrylockOk
                                                           : LockOp::TrylockFail)
                                          : LockOp::Other;
  }
  std::shared_ptr<DecisionNode> deepest = work;
  for (size_t i = 0; i < events_.size(); ++i) {
    RfEvent &e = events_[i];
    int32_t p = poPredecessor(int32_t(i));
    uint32_t parent = parentUnfolding(int32_t(i));
    if (!e.conflicts() && p >= 0) {
      e.unfolding = parent;
    } else {
      uint32_t source = e.readFrom >= 0 ? events_[size_t(e.readFrom)].unfolding : 0;
      e.unfolding = unfoldingOf(e.name, parent, source);
    }
    // A decision names the write its read reads; a mutex operation's, the event itself (its
    // place in the mutex's order).
    uint32_t source = e.lock != LockOp::None ? e.unfolding
                      : e.readFrom >= 0      ? events_[size_t(e.readFrom)].unfolding
                                             : 0;
    if (i < replayed_) {
      // The witness made this read read what its decision says.
      if (e.decision && e.reads() && e.decision->alternative != source) {
        internalError("a witness read another write than its decision says");
        return;
      }
      continue;
    }
    if (e.reads()) {
      deepest = newChild(deepest, source);
      e.decision = deepest;
      e.pinned = false;
    }
  }
}

uint64_t ReadsFromSearch::valueOf(int32_t write, int32_t loc, const Overlay *overlay) const {
  if (write < 0) // a mutex starts free, whatever its bytes
    return locations_.mutex[size_t(loc)] ? 0 : locations_.initial[size_t(loc)];
  const RfEvent &w = events_[size_t(write)];
  if (w.writeLocs[0] == loc || (overlay && w.writeLocs[0] < 0 && w.readLoc == loc))
    return overlay ? overlay->written[size_t(write)] : w.written[0];
  for (unsigned k = 1; k < WitnessEvent::MaxWrites; ++k)
    if (w.writeLocs[k] == loc)
      return w.written[k];
  return 0;
}

Overlay ReadsFromSearch::baseOverlay() const {
  Overlay o;
  size_t n = events_.size();
  o.readFrom.resize(n);
  o.writes.resize(n);
  o.written.resize(n);
  o.modified.assign(n, 0);
  o.depth.resize(n);
  o.deleted.assign(n, 0);
  for (size_t i = 0; i < n; ++i) {
    o.depth[i] = events_[i].depth();
    o.readFrom[i] = events_[i].readFrom;
    o.writes[i] = events_[i].writes();
    o.written[i] = events_[i].written[0];
  }
  return o;
}

// What a read-modify-write does when it reads what the overlay says (recompute_cmpxhg_success).
void ReadsFromSearch::recomputeOutcome(int32_t event, Overlay &overlay) const {
  const RfEvent &e = events_[size_t(event)];
  if (e.rmw.form == RmwArguments::Form::None || !e.reads())
    return;
  std::optional<uint64_t> w =
      rmwWrites(e.rmw, valueOf(overlay.readFrom[size_t(event)], e.readLoc, &overlay));
  overlay.writes[size_t(event)] = w.has_value();
  overlay.written[size_t(event)] = w.value_or(0);
}

bool ReadsFromSearch::writesReadingFrom(int32_t event, int32_t write) const {
  const RfEvent &e = events_[size_t(event)];
  if (e.rmw.form == RmwArguments::Form::None)
    return e.writes();
  return rmwWrites(e.rmw, valueOf(write, e.readLoc, nullptr)).has_value();
}

// compute_prefixes: every read not pinned tries every write it could read from instead.
// A free is no read or write here, so the classes do not tell apart the orders of a free and
// an access of its object by another thread. Sound where every access before the free happens
// before it: an access after it is a use after free, which the execution that makes it reports,
// and an access that happens before it comes before it in every execution of the class. A
// free that another thread's access before it races with is refused.
bool ReadsFromSearch::freesOrdered() {
  std::vector<uint8_t> inObject;
  for (const FreedObject &f : frees_) {
    inObject.assign(locations_.size(), 0);
    locations_.forEachOverlapping(f.address, f.size,
                                  [&](int32_t loc) { inObject[size_t(loc)] = 1; });
    for (int32_t a = 0; a < f.event; ++a) {
      const RfEvent &e = events_[size_t(a)];
      bool touches = e.readLoc >= 0 && inObject[size_t(e.readLoc)];
      for (int32_t loc : e.writeLocs)
        touches = touches || (loc >= 0 && inObject[size_t(loc)]);
      if (touches && !happensBefore(a, clock_[size_t(f.event)]))
        return refuse(schedule_[size_t(f.event)].thread, ops_[size_t(f.event)],
                      "a free of memory another thread accessed without synchronising with it");
    }
  }
  return true;
}

// A copy (memcpy, memset, a libc function over memory) reads nothing here, and writes only the
// locations of its destination that the execution accessed before it (step): it must be local
// to the class. Its destination is accessed before it only by its own thread, and by other
// threads only after it in happens-before: a read of a location it wrote reads it, one of a
// location first accessed after it reads its bytes as the location's value before any write
// (the initial value, taken at the first access), in every execution of the class. Its
// source's locations are written by no other thread, so what it copies is its own thread's.
// Otherwise, or where its ranges overlap, it is refused.
bool ReadsFromSearch::copiesLocal() {
  std::vector<uint8_t> role; // per location: 1 read by the copy, 2 written by it
  for (int32_t c : copies_) {
    const Operation &op = ops_[size_t(c)];
    const RfEvent &copy = events_[size_t(c)];
    ThreadId thread = schedule_[size_t(c)].thread;
    role.assign(locations_.size(), 0);
    bool overlapping = false;
    for (unsigned k = 0; k < op.numAccesses; ++k) {
      uint8_t mine = op.accesses[k].write ? 2 : 1;
      locations_.forEachOverlapping(op.accesses[k].address, op.accesses[k].size,
                                    [&](int32_t loc) {
                                      overlapping |= role[size_t(loc)] && role[size_t(loc)] != mine;
                                      role[size_t(loc)] |= mine;
                                    });
    }
    if (overlapping)
      return refuse(thread, op, "a copy between overlapping ranges");
    for (int32_t a = 0; a < int32_t(events_.size()); ++a) {
      if (a == c)
        continue;
      const RfEvent &e = events_[size_t(a)];
      bool other = e.name != copy.name;
      uint8_t touched = e.readLoc >= 0 ? role[size_t(e.readLoc)] : 0;
      bool writesSource = false;
      for (int32_t loc : e.writeLocs)
        if (loc >= 0) {
          touched |= role[size_t(loc)];
          writesSource = writesSource || (role[size_t(loc)] & 1);
        }
      if ((touched & 2) && other && a < c)
        return refuse(thread, op, "a copy into memory another thread accessed before it");
      if ((touched & 2) && other && !happensBefore(c, clock_[size_t(a)]))
        return refuse(thread, op, "a copy into memory another thread accesses unordered with it");
      if (writesSource && other)
        return refuse(thread, op, "a copy of memory another thread writes");
    }
  }
  return true;
}

void ReadsFromSearch::addAlternatives() {
  computeClocks();
  if (!freesOrdered() || !copiesLocal())
    return;
  events_.reserve(events_.size() + 1); // trySwapBlocked's waiting event moves nothing
  for (size_t i = 0; i < events_.size(); ++i) {
    const RfEvent &r = events_[i];
    if (!r.reads() || r.pinned || !r.decision)
      continue;
    if (r.lock != LockOp::None) {
      addLockAlternatives(int32_t(i));
      continue;
    }
    int32_t read = int32_t(i);
    size_t loc = size_t(r.readLoc);
    for (size_t t = 0; t < byThread_.size(); ++t) {
      const std::vector<int32_t> &writes = writesBy_[t][loc];
      // From the latest write of the thread that happens before the read (not counting what
      // the read itself reads), up to the first that happens after it.
      auto start = std::upper_bound(writes.begin(), writes.end(), above_[i][t],
                                    [&](uint32_t index, int32_t w) {
                                      return index < events_[size_t(w)].index;
                                    });
      // (Nidhugg starts at the read itself where it is a read-modify-write of this thread,
      // which leaves out the thread's write before it: that write is a candidate here.)
      while (start != writes.begin()) {
        --start;
        if (*start != read)
          break;
      }
      auto end = std::lower_bound(writes.begin(), writes.end(), below_[i][t],
                                  [&](int32_t w, uint32_t index) {
                                    return events_[size_t(w)].index < index;
                                  });
      // A read-modify-write after this one that reads it may swap places with it.
      if (r.writes() && end != writes.end() && events_[size_t(*end)].reads())
        ++end;
      for (auto it = start; it != end; ++it)
        tryReadFrom(read, *it);
    }
    tryReadFrom(read, Initial);
    // A compare-and-swap that failed reading this read-modify-write, and would succeed reading
    // what it reads, may swap places with it.
    if (r.writes())
      for (size_t j = i + 1; j < events_.size(); ++j)
        if (events_[j].readLoc == r.readLoc && !events_[j].writes() &&
            events_[j].rmw.form == RmwArguments::Form::CompareExchange &&
            writesReadingFrom(int32_t(j), r.readFrom))
          trySwapUpdates(read, int32_t(j));
  }
}

void ReadsFromSearch::tryReadFrom(int32_t read, int32_t write) {
  const RfEvent &r = events_[size_t(read)];
  int32_t original = r.readFrom;
  if (write == original || write == read)
    return;
  if (write >= 0 && write > read && r.writes() && events_[size_t(write)].reads()) {
    if (writesReadingFrom(write, original))
      trySwapUpdates(read, write);
    return;
  }
  // Decisions on a mutex name the event itself.
  uint32_t alternative =
      r.lock != LockOp::None ? unfoldingReading(read, write) : unfoldingOfEvent(write);
  if (!r.decision->tryAllocate(alternative))
    return;
  if (write >= 0 && happensBefore(read, clock_[size_t(write)]))
    return; // the write is in the read's future
  // The original write always comes before the read, and the new one before the original.
  if (original >= 0 && (write < 0 || happensBefore(write, clock_[size_t(original)])) &&
      happensBefore(original, above_[size_t(read)]))
    return;
  Overlay o = baseOverlay();
  o.readFrom[size_t(read)] = write;
  recomputeOutcome(read, o);
  o.modified[size_t(read)] = 1;
  trySat(*r.decision, o, alternative);
}

// Two read-modify-writes, `write` reading `read`: `read` reads `write` instead, which reads
// what `read` read.
void ReadsFromSearch::trySwapUpdates(int32_t read, int32_t write) {
  const RfEvent &r = events_[size_t(read)];
  const RfEvent &w = events_[size_t(write)];
  if (w.readFrom != read)
    return;
  uint32_t alternative = unfoldingReading(write, r.readFrom);
  if (!r.decision->tryAllocate(alternative))
    return;
  if (happensBefore(read, above_[size_t(write)]))
    return;
  Overlay o = baseOverlay();
  o.readFrom[size_t(write)] = r.readFrom;
  o.readFrom[size_t(read)] = write;
  recomputeOutcome(write, o);
  recomputeOutcome(read, o);
  o.modified[size_t(read)] = 1;
  o.modified[size_t(write)] = 1;
  trySat(*r.decision, o, alternative);
}

// prefix_keep: the events of decisions up to `depth` and what they causally need, and every
// other event whose own needs are kept, except those after a changed read and the reads of
// later decisions.
std::vector<uint8_t> ReadsFromSearch::keptEvents(int32_t depth, const Overlay &o) const {
  size_t n = events_.size();
  std::vector<uint8_t> kept(n, 0), dropped(n, 0);
  std::vector<int32_t> stack;
  auto needs = [&](int32_t e, auto &&visit) {
    if (int32_t p = poPredecessor(e); p >= 0)
      visit(p);
    if (o.readFrom[size_t(e)] >= 0)
      visit(o.readFrom[size_t(e)]);
    for (int32_t a : events_[size_t(e)].after)
      visit(a);
  };
  // The causal past of the decisions up to `depth`.
  for (size_t i = 0; i < n; ++i) {
    int32_t d = o.depth[i];
    if (d < 0 || d > depth || kept[i] || o.deleted[i])
      continue;
    stack.push_back(int32_t(i));
    kept[i] = 1;
    while (!stack.empty()) {
      int32_t e = stack.back();
      stack.pop_back();
      needs(e, [&](int32_t x) {
        if (!kept[size_t(x)]) {
          kept[size_t(x)] = 1;
          stack.push_back(x);
        }
      });
    }
  }
  // Every other event whose needs stay (recursive on needs; returns whether what follows the
  // event may stay, which a changed read forbids).
  auto stays = [&](int32_t e, auto &&self) -> bool {
    if (dropped[size_t(e)])
      return false;
    if (kept[size_t(e)])
      return !o.modified[size_t(e)];
    // A read outside that causal past stays only for a decision up to `depth`: one pinned
    // (no decision) would keep what it read though nothing needs it, and its alternatives
    // would never be explored below this sibling (Nidhugg keeps it).
    const RfEvent &ev = events_[size_t(e)];
    bool pinnedRead = ev.reads() && o.depth[size_t(e)] < 0;
    if (o.depth[size_t(e)] > depth || o.deleted[size_t(e)] || pinnedRead) {
      dropped[size_t(e)] = 1;
      return false;
    }
    bool ok = true;
    needs(e, [&](int32_t x) { ok = ok && self(x, self); });
    if (!ok) {
      dropped[size_t(e)] = 1;
      return false;
    }
    kept[size_t(e)] = 1;
    return !o.modified[size_t(e)];
  };
  for (size_t i = 0; i < n; ++i)
    stays(int32_t(i), stays);
  return kept;
}

// try_sat and order_to_leaf: a sequentially consistent order of the kept events with the
// overlay's reads-from, made into the prefix of a new sibling of the changed read's decision.
void ReadsFromSearch::trySat(const DecisionNode &decision, const Overlay &o,
                             uint32_t alternative) {
  int32_t depth = decision.depth;
  std::vector<uint8_t> kept = keptEvents(depth, o);
  // The kept events renumbered, and their witness events (buffers kept between calls).
  std::vector<int32_t> &number = witnessNumber_, &original = witnessOriginal_;
  number.assign(events_.size(), None);
  original.clear();
  for (size_t i = 0; i < events_.size(); ++i)
    if (kept[i]) {
      number[i] = int32_t(original.size());
      original.push_back(int32_t(i));
    }
  if (witnessEvents_.size() < original.size())
    witnessEvents_.resize(original.size());
  std::span<WitnessEvent> witness(witnessEvents_.data(), original.size());
  for (size_t k = 0; k < original.size(); ++k) {
    size_t i = size_t(original[k]);
    const RfEvent &e = events_[i];
    WitnessEvent &w = witness[k];
    w.after.clear(); // keeps its storage
    w.readFrom = None;
    std::fill(std::begin(w.writeLocs), std::end(w.writeLocs), -1);
    w.thread = e.name;
    w.readLoc = e.readLoc;
    if (e.reads())
      w.readFrom = o.readFrom[i] >= 0 ? number[size_t(o.readFrom[i])] : Initial;
    if (o.writes[i])
      for (unsigned m = 0; m < WitnessEvent::MaxWrites; ++m)
        w.writeLocs[m] = e.writeLocs[m] >= 0 ? e.writeLocs[m] : (m == 0 ? e.readLoc : -1);
    for (int32_t a : e.after)
      w.after.push_back(number[size_t(a)]);
  }
  uint32_t threads = uint32_t(byThread_.size());
  for (const WitnessEvent &w : witness)
    threads = std::max(threads, w.thread + 1);
  std::optional<std::vector<uint32_t>> order = findScOrder(witness, threads, locations_.size());
  if (!order)
    return;
  Leaf leaf;
  leaf.reserve(order->size());
  for (uint32_t k : *order) {
    const RfEvent &e = events_[size_t(original[k])];
    int32_t d = o.depth[size_t(original[k])];
    bool later = d > depth;
    leaf.push_back(Branch{e.name, later ? -1 : d, e.pinned || later});
  }
  queue_.push(newSibling(decision, alternative, std::move(leaf)));
}

} // namespace bpor::readsfrom
