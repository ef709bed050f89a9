#include "checker/graph/GraphSearchEngine.h"

#include "checker/graph/CondWords.h"
#include "checker/graph/SyncWords.h"

#include <algorithm>

namespace bpor::graph {

// Backward revisits (TruSt, Algorithm 1, lines "for r ∈ ... Revisit"): each read of w's
// location that is not in w's porf-prefix may read w instead, in the graph that keeps the
// events added before it and w's porf-prefix; made only if that graph is maximal. The read
// keeps its stamp: it now reads a write added after it, which is what the maximality of a later
// revisit looks at.
void GraphSearch::revisitBy(const Graph &g, EventId w, uint32_t maxStamp) {
  const Event &we = g.at(w);
  View prefix = porfPrefix(g, w);
  for (EventId r : g.events()) {
    if (stopped())
      return;
    const Event &re = g.at(r);
    if (r == w || !reads(re.kind) || re.location != we.location || re.stamp > maxStamp ||
        prefix.contains(r))
      continue;
    if (!maximal(g, r, w, prefix))
      continue;
    uint32_t stamp = re.stamp;
    Graph next = g;
    next.restrict(
        [&](EventId e) { return e == r || g.at(e).stamp < stamp || prefix.contains(e); });
    Event &revisited = next.at(r);
    if (revisited.kind == Kind::Update) {
      // What it writes now is known once it is replayed, which places it again.
      std::vector<EventId> &co = next.locations[revisited.location].co;
      co.erase(std::find(co.begin(), co.end(), r));
      revisited.kind = Kind::Read;
    }
    revisited.rf = w;
    // A lock that now reads its mutex held waits there (the model does not step it); a
    // barrier's departure reads only its generation's last arrival (SyncWords.h).
    if (wordAccessOf(revisited.op) != WordAccess::None) {
      WordRead::Outcome outcome = readWord(revisited.op, r.thread, next.valueOf(w)).outcome;
      if (outcome == WordRead::Never)
        continue;
      if (outcome == WordRead::Unmodelled) {
        unsupported(next, revisited.op, CondWord::Unmodelled);
        return;
      }
      revisited.blocked = outcome == WordRead::Waits;
    }
    if (!replayTo(next))
      continue;
    if (!consistentGraph(next))
      continue;
    enter(next);
    if (next.at(r).kind == Kind::Update && !stopped())
      revisitBy(next, r);
  }
}

// The revisit of r by w is made from this graph only (TruSt, section 4, "maximal extensions"):
// every event it deletes, and r, was added maximally, judged against Previous(e), the events
// added up to e and the strict porf-prefix of w. A read reads a write in Previous(e) with no
// write of Previous(e) coherence-after it (its own write excepted, for an update); a write has
// no write of Previous(e) coherence-after it and no reader in Previous(e) (no read it revisited
// is kept); a data choice (a nondet value, a decision) is the first that let the execution go
// on (Event::firstChoice). And w's coherence successor (unless w is an update) stays, so that
// the graphs revisited from w's different coherence places differ (GenMC's
// coherenceSuccRemainInGraph).
bool GraphSearch::maximal(const Graph &g, EventId r, EventId w, const View &prefix) const {
  uint32_t readStamp = g.at(r).stamp;
  auto kept = [&](EventId e) { return g.at(e).stamp < readStamp || prefix.contains(e); };
  const Event &we = g.at(w);
  if (we.kind != Kind::Update) {
    const std::vector<EventId> &co = g.locations[we.location].co;
    int64_t position = g.coPosition(w);
    if (position + 1 < int64_t(co.size()) && !kept(co[size_t(position) + 1]))
      return false;
  }
  std::vector<EventId> all = g.events();
  for (EventId e : all) {
    if (e != r && kept(e))
      continue;
    const Event &ev = g.at(e);
    if (!ev.firstChoice)
      return false;
    if (!reads(ev.kind) && !writes(ev.kind))
      continue;
    uint32_t stamp = ev.stamp;
    auto previous = [&](EventId k) {
      return k.isInit() || g.at(k).stamp <= stamp || (k != w && prefix.contains(k));
    };
    const std::vector<EventId> &co = g.locations[ev.location].co;
    // An operation on a synchronisation word does not read every value: a barrier's
    // departure reads only its generation's last arrival (SyncWords.h), which is then its
    // maximal choice, later arrivals notwithstanding.
    auto readable = [&](EventId w) {
      return wordAccessOf(ev.op) == WordAccess::None ||
             readWord(ev.op, e.thread, g.valueOf(w)).outcome != WordRead::Never;
    };
    // No write of Previous(e) coherence-after `from` (after every write, from the initial
    // write), `self` excepted; for a read, none it could read.
    auto latestInPrevious = [&](EventId from, EventId self, bool read) {
      size_t start = from.isInit() ? 0 : size_t(g.coPosition(from)) + 1;
      for (size_t k = start; k < co.size(); ++k)
        if (!(co[k] == self) && previous(co[k]) && (!read || readable(co[k])))
          return false;
      return true;
    };
    if (reads(ev.kind) && (!previous(ev.rf) || !latestInPrevious(ev.rf, e, true)))
      return false;
    if (writes(ev.kind)) {
      if (!latestInPrevious(e, e, false))
        return false;
      for (EventId x : all)
        if (x != e && reads(g.at(x).kind) && g.at(x).rf == e && previous(x))
          return false;
    }
  }
  return true;
}

} // namespace bpor::graph
