#include "checker/graph/ClockConsistency.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace bpor::graph {

namespace {

constexpr uint32_t None = UINT32_MAX;

/// One check of one graph. The search checks a graph per event it adds: one ClockCheck per
/// thread is reset for each (its buffers keep their capacity).
class ClockCheck {
public:
  void reset(const Graph &graph, MemoryModel memoryModel) {
    gp = &graph;
    model = memoryModel;
    threads = uint32_t(graph.threads.size());
    offset.assign(threads + 1, 0);
    for (uint32_t t = 0; t < threads; ++t)
      offset[t + 1] = offset[t] + uint32_t(g().threads[t].size());
    n = offset[threads];
    ids.clear();
    for (uint32_t t = 0; t < threads; ++t)
      for (uint32_t i = 0; i < g().threads[t].size(); ++i)
        ids.push_back(EventId{t, i});
    orders.clear();
    for (EventId e : ids)
      orders.push_back(orderUnder(g().at(e), model));
  }

  bool run() {
    if (!positions() || !atomicity() || !topologicalOrder())
      return false;
    clocks();
    if (!coherence())
      return false;
    return model == MemoryModel::RA || sequentiallyConsistent();
  }

  /// Axioms.h's dataRace, the same pair found first (the same order of events), with hb from
  /// the clocks; nullopt in `computed` if sb ∪ rf has a cycle (no clocks).
  std::optional<std::pair<EventId, EventId>> race(bool &computed) {
    computed = topologicalOrder();
    if (!computed)
      return std::nullopt;
    positions();
    clocks();
    auto unordered = [&](uint32_t a, uint32_t b) { return !hb(a, b) && !hb(b, a); };
    for (uint32_t f = 0; f < n; ++f) {
      const Operation &op = event(f).op;
      if (op.kind != OpKind::Free || !op.numAccesses)
        continue;
      const Access &freed = op.accesses[0];
      for (uint32_t a = 0; a < n; ++a) {
        if (!isMemory(a) || ids[a].thread == ids[f].thread)
          continue;
        const Location &l = g().locations[event(a).location];
        bool inside = l.address < freed.address + freed.size && freed.address < l.address + l.size;
        if (inside && unordered(a, f))
          return std::make_pair(ids[a], ids[f]);
      }
    }
    for (uint32_t a = 0; a < n; ++a)
      for (uint32_t b = a + 1; b < n; ++b) {
        if (!sameLocation(a, b) || (!writes(event(a).kind) && !writes(event(b).kind)))
          continue;
        if (orders[a] != MemoryOrder::NotAtomic && orders[b] != MemoryOrder::NotAtomic)
          continue;
        if (unordered(a, b))
          return std::make_pair(ids[a], ids[b]);
      }
    return std::nullopt;
  }

private:
  // ---- Events ----

  uint32_t index(EventId e) const { return offset[e.thread] + e.index; }
  const Event &event(uint32_t k) const { return g().at(ids[k]); }
  bool isFence(uint32_t k) const { return event(k).kind == Kind::Fence; }
  bool isMemory(uint32_t k) const { return reads(event(k).kind) || writes(event(k).kind); }
  bool sameLocation(uint32_t a, uint32_t b) const {
    return isMemory(a) && isMemory(b) && event(a).location == event(b).location;
  }

  /// The immediate sb predecessors of event k: the previous event of its thread (or the fork
  /// that created the thread) and, for a join, the last event of the thread joined.
  template <typename Visit> void sbPredecessors(uint32_t k, Visit visit) const {
    EventId e = ids[k];
    if (e.index > 0)
      visit(k - 1);
    else if (e.thread < g().creators.size() && !g().creators[e.thread].isInit() &&
             g().contains(g().creators[e.thread]))
      visit(index(g().creators[e.thread]));
    const Event &ev = g().at(e);
    if (ev.kind == Kind::Join && ev.other < threads && !g().threads[ev.other].empty())
      visit(offset[ev.other + 1] - 1);
  }

  // ---- Coherence positions and atomicity ----

  /// A write's position in its location's coherence (-1: the initial write), and a read's
  /// write's.
  bool positions() {
    writePos.assign(n, -2);
    readPos.assign(n, -2);
    for (const Location &l : g().locations)
      for (size_t p = 0; p < l.co.size(); ++p)
        writePos[index(l.co[p])] = int64_t(p);
    for (uint32_t k = 0; k < n; ++k) {
      const Event &ev = event(k);
      if (writes(ev.kind) && writePos[k] == -2)
        return false; // a write not yet placed in coherence
      if (reads(ev.kind))
        readPos[k] = ev.rf.isInit() ? -1 : writePos[index(ev.rf)];
    }
    return true;
  }

  /// An update reads the write right before it in coherence.
  bool atomicity() const {
    for (uint32_t k = 0; k < n; ++k)
      if (event(k).kind == Kind::Update && readPos[k] + 1 != writePos[k])
        return false;
    return true;
  }

  /// No thin air: a topological order of sb ∪ rf, or false if it has a cycle. Stamp order
  /// (which extends sb) is one unless a revisited read reads a later write.
  bool topologicalOrder() {
    order.clear();
    for (EventId e : g().byStamp())
      order.push_back(index(e));
    position.assign(n, 0);
    for (uint32_t p = 0; p < n; ++p)
      position[order[p]] = p;
    bool ordered = true;
    for (uint32_t k = 0; k < n && ordered; ++k) {
      sbPredecessors(k, [&](uint32_t p) { ordered = ordered && position[p] < position[k]; });
      if (reads(event(k).kind) && !event(k).rf.isInit())
        ordered = ordered && position[index(event(k).rf)] < position[k];
    }
    if (ordered)
      return true;
    std::vector<uint32_t> waiting(n, 0);
    std::vector<std::vector<uint32_t>> successors(n);
    for (uint32_t k = 0; k < n; ++k) {
      auto edge = [&](uint32_t p) {
        ++waiting[k];
        successors[p].push_back(k);
      };
      sbPredecessors(k, edge);
      if (reads(event(k).kind) && !event(k).rf.isInit())
        edge(index(event(k).rf));
    }
    order.clear();
    for (uint32_t k = 0; k < n; ++k)
      if (waiting[k] == 0)
        order.push_back(k);
    for (size_t i = 0; i < order.size(); ++i)
      for (uint32_t s : successors[order[i]])
        if (--waiting[s] == 0)
          order.push_back(s);
    return order.size() == n;
  }

  // ---- Happens-before ----

  uint32_t *clock(std::vector<uint32_t> &c, uint32_t k) { return c.data() + size_t(k) * threads; }
  const uint32_t *clock(const std::vector<uint32_t> &c, uint32_t k) const {
    return c.data() + size_t(k) * threads;
  }
  void join(uint32_t *into, const uint32_t *from) const {
    for (uint32_t t = 0; t < threads; ++t)
      into[t] = std::max(into[t], from[t]);
  }
  /// hb(a, b) for two graph events.
  bool hb(uint32_t a, uint32_t b) const {
    return a != b && clock(hbClock, b)[ids[a].thread] > ids[a].index;
  }

  /// Walks the sb predecessors of k backwards, calling `take` on each; a path stops where
  /// `take` returns true (what it took covers everything before it in sb).
  template <typename Take> void walkBack(uint32_t k, Take take) {
    ++walk;
    std::vector<uint32_t> work;
    sbPredecessors(k, [&](uint32_t p) { work.push_back(p); });
    while (!work.empty()) {
      uint32_t p = work.back();
      work.pop_back();
      if (visited[p] == walk)
        continue;
      visited[p] = walk;
      if (!take(p))
        sbPredecessors(p, [&](uint32_t q) { work.push_back(q); });
    }
  }

  void clocks() {
    hbClock.assign(size_t(n) * threads, 0);
    releaseClock.assign(size_t(n) * threads, 0);
    visited.assign(n, 0);
    for (uint32_t k : order) {
      uint32_t *c = clock(hbClock, k);
      sbPredecessors(k, [&](uint32_t p) { join(c, clock(hbClock, p)); });
      const Event &ev = event(k);
      MemoryOrder o = orders[k];
      // sw into an acquire read: from the release sequence of the write it reads.
      if (reads(ev.kind) && o != MemoryOrder::NotAtomic && isAcquireOrder(o) && !ev.rf.isInit())
        join(c, clock(releaseClock, index(ev.rf)));
      // sw into an acquire fence: from those of the atomic reads before it in sb (an acquire
      // fence before them already took theirs).
      if (ev.kind == Kind::Fence && isAcquireOrder(o))
        walkBack(k, [&](uint32_t p) {
          const Event &pe = event(p);
          if (reads(pe.kind) && orders[p] != MemoryOrder::NotAtomic && !pe.rf.isInit())
            join(c, clock(releaseClock, index(pe.rf)));
          return pe.kind == Kind::Fence && isAcquireOrder(orders[p]);
        });
      c[ids[k].thread] = ids[k].index + 1;
      if (writes(ev.kind) && o != MemoryOrder::NotAtomic)
        releaseSequence(k);
    }
  }

  /// The join of the clocks of the heads of the release sequences atomic write k belongs to.
  void releaseSequence(uint32_t k) {
    uint32_t *r = clock(releaseClock, k);
    const Event &ev = event(k);
    if (isReleaseOrder(orders[k])) {
      join(r, clock(hbClock, k));
    } else {
      // A release fence before k in sb, or a release write to k's location: the nearest on
      // each path covers the ones before it.
      walkBack(k, [&](uint32_t p) {
        bool head = (isFence(p) && isReleaseOrder(orders[p])) ||
                    (writes(event(p).kind) && event(p).location == ev.location &&
                     isMemory(p) && isReleaseOrder(orders[p]));
        if (head)
          join(r, clock(hbClock, p));
        return head;
      });
    }
    if (ev.kind == Kind::Update && !ev.rf.isInit())
      join(r, clock(releaseClock, index(ev.rf)));
  }

  // ---- Coherence ----

  /// eco(b, a) for two accesses of one location, from their coherence positions (atomicity
  /// holds).
  bool eco(uint32_t b, uint32_t a) const {
    Kind kb = event(b).kind, ka = event(a).kind;
    if (writes(kb) && writes(ka) && writePos[b] < writePos[a])
      return true;
    if (writes(kb) && reads(ka) && writePos[b] <= readPos[a])
      return true;
    if (reads(kb) && writes(ka) && a != b && readPos[b] < writePos[a])
      return true;
    return reads(kb) && reads(ka) && readPos[b] < readPos[a];
  }

  /// irreflexive(hb ; eco?): no access eco-before one that happens before it.
  bool coherence() const {
    std::vector<std::vector<uint32_t>> byLocation(g().locations.size());
    for (uint32_t k = 0; k < n; ++k)
      if (isMemory(k))
        byLocation[event(k).location].push_back(k);
    for (const std::vector<uint32_t> &accesses : byLocation)
      for (uint32_t a : accesses)
        for (uint32_t b : accesses)
          if (hb(a, b) && eco(b, a))
            return false;
    return true;
  }

  // ---- SC (RC11) ----

  bool sb(uint32_t a, uint32_t b) const {
    return a != b && clock(sbClock, b)[ids[a].thread] > ids[a].index;
  }

  /// The sb clocks (sb ∪ creation ∪ join, without sw), for scb's sb.
  void sbClocks() {
    sbClock.assign(size_t(n) * threads, 0);
    for (uint32_t k : order) {
      uint32_t *c = clock(sbClock, k);
      sbPredecessors(k, [&](uint32_t p) { join(c, clock(sbClock, p)); });
      c[ids[k].thread] = ids[k].index + 1;
    }
  }

  /// co(x, y) ∪ fr(x, y) for two accesses.
  bool coOrFr(uint32_t x, uint32_t y) const {
    if (!sameLocation(x, y) || !writes(event(y).kind))
      return false;
    if (writes(event(x).kind) && writePos[x] < writePos[y])
      return true;
    return reads(event(x).kind) && x != y && readPos[x] < writePos[y];
  }

  /// scb = sb ∪ sb|≠loc ; hb ; sb|≠loc ∪ hb|loc ∪ co ∪ fr. The middle term holds iff hb
  /// orders the first event after x in sb at another location with the last before y at
  /// another location (hb is monotone along sb); those are found per event once.
  bool scb(uint32_t x, uint32_t y) const {
    if (sb(x, y) || coOrFr(x, y) || (sameLocation(x, y) && hb(x, y)))
      return true;
    for (uint32_t u : nextElsewhere[x])
      for (uint32_t v : previousElsewhere[y])
        if (u == v ? false : hb(u, v))
          return true;
    return false;
  }

  /// Per event: the sb-nearest events after it at another location (or not accesses), and
  /// before it.
  void elsewhere() {
    nextElsewhere.assign(n, {});
    previousElsewhere.assign(n, {});
    for (uint32_t x = 0; x < n; ++x) {
      EventId e = ids[x];
      uint32_t end = offset[e.thread + 1];
      uint32_t k = x + 1;
      while (k < end && sameLocation(x, k))
        ++k;
      if (k < end) {
        nextElsewhere[x].push_back(k);
      } else {
        // After the thread's last events, the joins of the thread come next in sb.
        for (uint32_t j = 0; j < n; ++j)
          if (event(j).kind == Kind::Join && event(j).other == e.thread)
            nextElsewhere[x].push_back(j);
      }
      uint32_t begin = offset[e.thread];
      int64_t p = int64_t(x) - 1;
      while (p >= int64_t(begin) && sameLocation(uint32_t(p), x))
        --p;
      if (p >= int64_t(begin)) {
        previousElsewhere[x].push_back(uint32_t(p));
      } else if (e.thread < g().creators.size() && !g().creators[e.thread].isInit() &&
                 g().contains(g().creators[e.thread])) {
        previousElsewhere[x].push_back(index(g().creators[e.thread]));
      }
    }
  }

  /// acyclic(psc_base ∪ psc_F) over the seq_cst events.
  bool sequentiallyConsistent() {
    std::vector<uint32_t> sc;
    for (uint32_t k = 0; k < n; ++k)
      if (orders[k] == MemoryOrder::SeqCst)
        sc.push_back(k);
    if (sc.empty())
      return true;
    sbClocks();
    elsewhere();
    size_t m = sc.size();
    std::vector<std::vector<bool>> psc(m, std::vector<bool>(m, false));
    // left(a) = {a} ∪ (a an SC fence: the events hb after it); right(b) likewise before.
    auto left = [&](uint32_t a, auto visit) {
      visit(a);
      if (isFence(a))
        for (uint32_t x = 0; x < n; ++x)
          if (hb(a, x))
            visit(x);
    };
    std::vector<bool> reach(n);
    for (size_t i = 0; i < m; ++i) {
      // reach[y]: some x in left(sc[i]) has scb(x, y).
      std::fill(reach.begin(), reach.end(), false);
      left(sc[i], [&](uint32_t x) {
        for (uint32_t y = 0; y < n; ++y)
          if (!reach[y] && scb(x, y))
            reach[y] = true;
      });
      for (size_t j = 0; j < m; ++j) {
        uint32_t b = sc[j];
        bool edge = reach[b];
        if (!edge && isFence(b))
          for (uint32_t y = 0; y < n && !edge; ++y)
            edge = reach[y] && hb(y, b);
        psc[i][j] = edge;
      }
    }
    // psc_F = [F_sc] ; (hb ∪ hb ; eco ; hb) ; [F_sc]
    for (size_t i = 0; i < m; ++i)
      for (size_t j = 0; j < m; ++j) {
        uint32_t a = sc[i], b = sc[j];
        if (psc[i][j] || !isFence(a) || !isFence(b))
          continue;
        bool edge = hb(a, b);
        for (uint32_t c = 0; c < n && !edge; ++c) {
          if (!isMemory(c) || !hb(a, c))
            continue;
          for (uint32_t d = 0; d < n && !edge; ++d)
            edge = isMemory(d) && sameLocation(c, d) && hb(d, b) && eco(c, d);
        }
        psc[i][j] = edge;
      }
    return acyclic(psc);
  }

  static bool acyclic(const std::vector<std::vector<bool>> &edges) {
    size_t m = edges.size();
    std::vector<uint32_t> incoming(m, 0);
    for (size_t i = 0; i < m; ++i)
      for (size_t j = 0; j < m; ++j)
        if (edges[i][j])
          ++incoming[j];
    std::vector<size_t> ready;
    for (size_t j = 0; j < m; ++j)
      if (incoming[j] == 0)
        ready.push_back(j);
    size_t done = 0;
    while (!ready.empty()) {
      size_t i = ready.back();
      ready.pop_back();
      ++done;
      for (size_t j = 0; j < m; ++j)
        if (edges[i][j] && --incoming[j] == 0)
          ready.push_back(j);
    }
    return done == m;
  }

  const Graph &g() const { return *gp; }

  const Graph *gp = nullptr;
  MemoryModel model = MemoryModel::RC11;
  uint32_t threads = 0;
  uint32_t n = 0;
  std::vector<uint32_t> offset;       // per thread, the index of its first event
  std::vector<EventId> ids;           // per index, the event
  std::vector<MemoryOrder> orders;    // per index, as the model reads it
  std::vector<int64_t> writePos, readPos;
  std::vector<uint32_t> order;        // a topological order of sb ∪ rf
  std::vector<uint32_t> position;     // per event, its place in `order`
  std::vector<uint32_t> hbClock;      // per event, per thread: how many events hb-before or it
  std::vector<uint32_t> releaseClock; // per atomic write: its release sequences' heads
  std::vector<uint32_t> sbClock;      // per event, the same for sb alone (SC only)
  std::vector<std::vector<uint32_t>> nextElsewhere, previousElsewhere;
  std::vector<uint32_t> visited;      // walkBack's marks
  uint32_t walk = 0;
};

thread_local ClockCheck check;

} // namespace

bool consistentByClocks(const Graph &g, MemoryModel model) {
  check.reset(g, model);
  return check.run();
}

std::optional<std::pair<EventId, EventId>> dataRaceByClocks(const Graph &g, MemoryModel model) {
  if (!racesAreUndefined(model))
    return std::nullopt;
  bool computed = false;
  check.reset(g, model);
  auto found = check.race(computed);
  return computed ? found : dataRace(g, model);
}

} // namespace bpor::graph
