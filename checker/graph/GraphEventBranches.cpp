#include "checker/graph/GraphSearchEngine.h"

#include "checker/graph/CondWords.h"
#include "checker/graph/SyncWords.h"

#include <algorithm>

namespace bpor::graph {

// The writes of `location` that a load by thread t reads in a consistent graph: those with
// which base plus the read is consistent, checked before the model is returned to base for the
// branch (which costs more than the check); the read the step then makes is that read, so its
// branch needs no other check. Where there is one write, nothing is checked (`probed` false).
// (For an update the check before the step would be the read half's only, and the write half's
// after it costs as much again: measured, it slowed the searches of compare-and-swap loops.)
std::vector<EventId> GraphSearch::readableWrites(Graph &base, ThreadId t, const Operation &load,
                                                 uint32_t location, bool &probed) {
  std::vector<EventId> writes = base.writesOf(location);
  probed = writes.size() >= 2;
  if (!probed)
    return writes;
  // The read is added to base and taken off again (a copy of the graph would cost more).
  size_t rows = base.threads.size();
  Event read;
  read.kind = Kind::Read;
  read.location = location;
  read.order = load.order;
  read.op = load;
  EventId id = base.add(t, read);
  std::vector<EventId> readable;
  for (EventId w : writes) {
    base.at(id).rf = w;
    if (consistentGraph(base))
      readable.push_back(w);
  }
  base.threads[t].pop_back();
  base.threads.resize(rows);
  base.creators.resize(rows);
  --base.nextStamp;
  return readable;
}

// A read (or the read of an update): one branch per write of its location, each consistent
// one visited; an update then revisits the reads its write may revisit.
void GraphSearch::addRead(const Graph &g, ThreadId t, const Operation &pending, bool update) {
  Graph base = g;
  int64_t location = locationFor(base, pending);
  if (location < 0)
    return;
  bool probed = false;
  std::vector<EventId> candidates =
      update ? base.writesOf(uint32_t(location))
             : readableWrites(base, t, pending, uint32_t(location), probed);
  BranchPoint branches(*this, candidates.size() > 1);
  bool first = true;
  for (EventId w : candidates) {
    if (stopped())
      return;
    Graph next = base;
    if (!first && !branches.back(next))
      return;
    first = false;
    Event event;
    event.rf = w;
    const Operation &op = stepThread(next, t, next.valueOf(w));
    ++ledger.result.stats.steps;
    if (!eventOf(next, op, t, event))
      return;
    event.rf = w;
    EventId id = next.add(t, event);
    if (next.at(id).kind != Kind::Update) {
      if (probed || consistentGraph(next))
        enter(next);
      continue;
    }
    std::optional<uint32_t> pending = pendingUpdateStamp(next, id);
    if (pending) {
      // Another update reads w too: this graph breaks atomicity, and only its revisits of
      // that update (or of reads before it) can repair it. It is kept if it is consistent
      // with the new update taken as a plain read, as the read half of a two-event update is
      // checked before its write half is added (TruSt, section 5; GenMC's pending RMW).
      Graph asRead = next;
      asRead.at(id).kind = Kind::Read;
      if (!consistentGraph(asRead))
        continue;
      next.placeCo(id, w);
      revisitBy(next, id, *pending);
      continue;
    }
    next.placeCo(id, w);
    if (!consistentGraph(next))
      continue;
    enter(next);
    if (!stopped())
      revisitBy(next, id);
  }
}

// The smallest stamp of another update that reads what update u reads, if there is one.
std::optional<uint32_t> GraphSearch::pendingUpdateStamp(const Graph &g, EventId u) const {
  const Event &ue = g.at(u);
  std::optional<uint32_t> stamp;
  for (EventId e : g.events()) {
    const Event &ev = g.at(e);
    if (e == u || ev.kind != Kind::Update || ev.location != ue.location || !(ev.rf == ue.rf))
      continue;
    if (!stamp || ev.stamp < *stamp)
      stamp = ev.stamp;
  }
  return stamp;
}

// A write: one branch per place in its location's coherence (the last first), each consistent
// one visited, then the reads it may revisit.
void GraphSearch::addWrite(const Graph &g, ThreadId t, const Operation &pending) {
  Graph base = g;
  // The location's initial value is memory's before the write.
  if (locationFor(base, pending) < 0)
    return;
  const Operation &op = stepThread(base, t, std::nullopt);
  ++ledger.result.stats.steps;
  Event event;
  if (!eventOf(base, op, t, event))
    return;
  EventId id = base.add(t, event);
  if (!writes(event.kind)) { // an unlock that failed (EPERM)
    enter(base);
    return;
  }
  uint32_t location = base.at(id).location;
  std::vector<EventId> places = base.writesOf(location);
  BranchPoint branches(*this, places.size() > 1);
  bool first = true;
  for (size_t k = places.size(); k-- > 0;) {
    if (stopped())
      return;
    Graph next = base;
    next.placeCo(id, places[k]);
    // (Consistency is the graph's alone: judged before the model returns to base.)
    if (!consistentGraph(next))
      continue;
    if (!first && !branches.back(next))
      return;
    first = false;
    enter(next);
    if (!stopped())
      revisitBy(next, id);
  }
}

// An operation on a synchronisation word that reads it (SyncWords.h: a lock, trylock,
// sem_wait, sem_post, a barrier's arrival or departure, ...): one branch per write of its word,
// as for the read of an update. Reading the latest write it takes the value (the model steps
// it) or, if it cannot take that value, it waits there (not stepped; a try fails). Reading an
// earlier write it could take, which another update took, it is a pending update whose revisit
// of that update makes the other wait (TruSt's treatment of two updates reading one write). A
// try may also fail reading an earlier write it cannot take. An operation never waits on an
// earlier write: a revisit would not find that wait maximal, so no graph grows from it.
void GraphSearch::addSyncWord(const Graph &g, ThreadId t, const Operation &pending) {
  Graph base = g;
  int64_t found = locationFor(base, pending);
  if (found < 0)
    return;
  uint32_t location = uint32_t(found);
  EventId latest = base.coMax(location);
  std::vector<EventId> candidates = base.writesOf(location);
  BranchPoint branches(*this, candidates.size() > 1);
  bool first = true;
  for (EventId w : candidates) {
    if (stopped())
      return;
    uint64_t value = base.valueOf(w);
    WordRead read = readWord(pending, t, value);
    if (read.outcome == WordRead::Unmodelled) {
      unsupported(base, pending, CondWord::Unmodelled);
      return;
    }
    if (read.outcome == WordRead::Never || (read.outcome == WordRead::Waits && !(w == latest)))
      continue;
    Graph next = base;
    if (!first && !branches.back(next))
      return;
    first = false;
    Event event;
    event.op = pending;
    event.location = location;
    event.rf = w;
    if (read.outcome == WordRead::Writes && !(w == latest)) {
      setWordEvent(pending, t, value, graphOptions.model, event);
      EventId id = next.add(t, event);
      std::optional<uint32_t> other = pendingUpdateStamp(next, id);
      Graph asRead = next;
      asRead.at(id).kind = Kind::Read;
      if (!consistentGraph(asRead))
        continue;
      // The write after w is no update of w but an initialisation: the object is used
      // concurrently with its initialisation.
      if (!other) {
        unsupported(next, pending, "a synchronisation object used concurrently with its "
                                   "initialisation");
        return;
      }
      next.placeCo(id, w);
      revisitBy(next, id, *other);
      continue;
    }
    if (read.outcome == WordRead::Waits && !model.isEnabled(names.threadOf(t))) {
      setWordEvent(pending, t, value, graphOptions.model, event);
      event.kind = Kind::Read;
      event.order = MemoryOrder::Acquire;
      event.value = value;
      event.blocked = true;
      next.add(t, event);
      if (consistentGraph(next))
        enter(next);
      continue;
    }
    const Operation &op = stepThread(next, t, value);
    ++ledger.result.stats.steps;
    if (!eventOf(next, op, t, event, value))
      return;
    event.rf = w;
    bool refused = read.outcome == WordRead::Waits || read.outcome == WordRead::Fails;
    if (op.mutex && refused && event.kind == Kind::Update) {
      unsupported(next, op, "a recursive mutex locked again by its owner");
      return;
    }
    if (!modelAgrees(op, t, value))
      continue;
    EventId id = next.add(t, event);
    if (event.kind == Kind::Update)
      next.placeCo(id, w);
    if (!consistentGraph(next))
      continue;
    enter(next);
    if (event.kind == Kind::Update && !stopped())
      revisitBy(next, id);
  }
}

// The back edge of a spin loop (an iteration that only read): the thread waits there, as if
// the loop were an await of its exit condition (GenMC's spin-assume): only a revisit of a read
// of the iteration, which deletes the wait, lets it go on, with the value that revisit gives.
// A graph that ends with the thread still waiting is a dead end if some read of the iteration
// read an older write than its location's latest (the revisit that gives it the latest is the
// graph that counts), and a thread that spins forever if they all read the latest.
void GraphSearch::addSpinWait(const Graph &g, ThreadId t, const Operation &pending) {
  Graph next = g;
  Event event;
  event.op = pending;
  event.kind = Kind::Other;
  event.blocked = true;
  next.add(t, event);
  enter(next);
}

// Fences, thread creation and join, and steps without a memory effect (one branch per data
// choice).
void GraphSearch::addOther(const Graph &g, ThreadId t, const Operation &pending) {
  uint32_t choices = std::max<uint32_t>(1, pending.numChoices);
  BranchPoint branches(*this, choices > 1);
  bool wentOn = false; // a smaller choice let the execution go on
  for (uint32_t choice = 0; choice < choices; ++choice) {
    if (stopped())
      return;
    Graph next = g;
    if (choice > 0 && !branches.back(next))
      return;
    const Operation &op = stepThread(next, t, std::nullopt, choice);
    ++ledger.result.stats.steps;
    Event event;
    event.choice = choice;
    event.firstChoice = !wentOn;
    wentOn = wentOn || model.status() == ExecStatus::Running;
    if (!eventOf(next, op, t, event))
      return;
    next.add(t, event);
    if (event.kind == Kind::Fence && !consistentGraph(next))
      continue;
    enter(next);
  }
}

// ---- The event an operation makes ----

int64_t GraphSearch::locationFor(Graph &g, const Operation &op) {
  if (wordAccessOf(op) != WordAccess::None) {
    int64_t location = wordLocation(g, op);
    if (location < 0)
      unsupported(g, op, "a synchronisation object whose bytes the program also accesses");
    return location;
  }
  if (!op.numAccesses || op.accesses[0].size > 8) {
    unsupported(g, op, "an access wider than 8 bytes");
    return -1;
  }
  uint64_t address = op.accesses[0].address;
  uint32_t size = uint32_t(op.accesses[0].size);
  int64_t location = g.locationOf(address, size, model.peekMemory(address, size));
  if (location < 0)
    unsupported(g, op, "accesses of different sizes to one location");
  return location;
}

bool GraphSearch::eventOf(Graph &g, const Operation &op, ThreadId t, Event &event,
                          std::optional<uint64_t> read) {
  event.op = op;
  event.order = op.order;
  event.endsThread = op.endsThread;
  if (wordAccessOf(op) != WordAccess::None) {
    int64_t location = locationFor(g, op);
    if (location < 0)
      return false;
    event.location = uint32_t(location);
    setWordEvent(op, t, read, graphOptions.model, event);
    return true;
  }
  switch (op.kind) {
  case OpKind::Load:
  case OpKind::Store:
  case OpKind::ReadModifyWrite: {
    int64_t location = locationFor(g, op);
    if (location < 0)
      return false;
    event.location = uint32_t(location);
    if (op.kind == OpKind::Load) {
      event.kind = Kind::Read;
      event.value = op.value;
    } else if (op.kind == OpKind::Store) {
      event.kind = Kind::Write;
      event.value = op.value;
    } else {
      event.kind = op.wrote ? Kind::Update : Kind::Read;
      event.value = op.wrote ? op.written : op.value;
      if (!op.wrote && op.failureOrder != MemoryOrder::NotAtomic)
        event.order = op.failureOrder;
    }
    return true;
  }
  case OpKind::Fence: event.kind = Kind::Fence; return true;
  case OpKind::Fork:
    event.kind = Kind::Fork;
    event.other = names.nameOf(op.otherThread);
    return true;
  case OpKind::Join:
    event.kind = Kind::Join;
    event.other = names.nameOf(op.otherThread);
    return true;
  default: event.kind = Kind::Other; return true;
  }
  (void)t;
}

} // namespace bpor::graph
