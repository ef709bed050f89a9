#include "checker/graph/Axioms.h"

#include <cstdint>
#include <vector>

namespace bpor::graph {

const char *memoryModelName(MemoryModel model) {
  switch (model) {
  case MemoryModel::SC: return "sc";
  case MemoryModel::TSO: return "tso";
  case MemoryModel::PSO: return "pso";
  case MemoryModel::RA: return "ra";
  case MemoryModel::RC11: return "rc11";
  }
  return "?";
}

const char *memoryModelTitle(MemoryModel model) {
  switch (model) {
  case MemoryModel::SC: return "SC";
  case MemoryModel::TSO: return "TSO";
  case MemoryModel::PSO: return "PSO";
  case MemoryModel::RA: return "RA";
  case MemoryModel::RC11: return "RC11";
  }
  return "?";
}

std::optional<MemoryModel> parseMemoryModel(std::string_view name) {
  for (MemoryModel m : {MemoryModel::SC, MemoryModel::TSO, MemoryModel::PSO, MemoryModel::RA,
                        MemoryModel::RC11})
    if (name == memoryModelName(m))
      return m;
  return std::nullopt;
}

namespace {

/// A binary relation over n elements as a bit matrix.
class Rel {
public:
  explicit Rel(size_t n = 0) : n_(n), words_((n + 63) / 64), bits_(n * words_, 0) {}
  size_t size() const { return n_; }
  bool get(size_t a, size_t b) const { return (bits_[a * words_ + b / 64] >> (b % 64)) & 1; }
  void set(size_t a, size_t b) { bits_[a * words_ + b / 64] |= uint64_t(1) << (b % 64); }
  Rel &operator|=(const Rel &o) {
    for (size_t k = 0; k < bits_.size(); ++k)
      bits_[k] |= o.bits_[k];
    return *this;
  }
  friend Rel operator|(Rel a, const Rel &b) { return a |= b; }
  /// this ; o
  Rel then(const Rel &o) const {
    Rel r(n_);
    for (size_t a = 0; a < n_; ++a)
      for (size_t m = 0; m < n_; ++m)
        if (get(a, m))
          for (size_t w = 0; w < words_; ++w)
            r.bits_[a * words_ + w] |= o.bits_[m * words_ + w];
    return r;
  }
  /// The transitive closure (Warshall).
  Rel plus() const {
    Rel r = *this;
    for (size_t m = 0; m < n_; ++m)
      for (size_t a = 0; a < n_; ++a)
        if (r.get(a, m))
          for (size_t w = 0; w < words_; ++w)
            r.bits_[a * words_ + w] |= r.bits_[m * words_ + w];
    return r;
  }
  bool irreflexive() const {
    for (size_t a = 0; a < n_; ++a)
      if (get(a, a))
        return false;
    return true;
  }
  bool acyclic() const { return plus().irreflexive(); }
  /// [S] ; this ; [T] for predicates on elements.
  template <typename S, typename T> Rel restricted(S s, T t) const {
    Rel r(n_);
    for (size_t a = 0; a < n_; ++a)
      if (s(a))
        for (size_t b = 0; b < n_; ++b)
          if (get(a, b) && t(b))
            r.set(a, b);
    return r;
  }
  /// this ∪ identity
  Rel reflexive() const {
    Rel r = *this;
    for (size_t a = 0; a < n_; ++a)
      r.set(a, a);
    return r;
  }

private:
  size_t n_, words_;
  std::vector<uint64_t> bits_;
};


/// The graph's events and initial writes as numbered elements, with the base relations.
struct Numbered {
  const Graph &g;
  MemoryModel model;
  std::vector<EventId> ids;        // element -> event (graph events, then initial writes)
  std::vector<MemoryOrder> orders; // per element, as the model reads it (RA strengthens)
  size_t n = 0;
  Rel po, rf, co, fr;

  Numbered(const Graph &graph, MemoryModel m) : g(graph), model(m) {
    ids = g.events();
    for (uint32_t l = 0; l < g.locations.size(); ++l)
      ids.push_back(initWrite(l));
    n = ids.size();
    for (EventId e : ids)
      orders.push_back(orderOf(e));
    po = rf = co = fr = Rel(n);
    build();
  }

  bool isInit(size_t a) const { return ids[a].isInit(); }
  Kind kind(size_t a) const { return isInit(a) ? Kind::Write : g.at(ids[a]).kind; }
  bool isRead(size_t a) const { return reads(kind(a)); }
  bool isWrite(size_t a) const { return writes(kind(a)); }
  bool isMemory(size_t a) const { return isRead(a) || isWrite(a); }
  bool isFence(size_t a) const { return kind(a) == Kind::Fence; }
  uint32_t location(size_t a) const { return isInit(a) ? ids[a].index : g.at(ids[a]).location; }
  bool sameLocation(size_t a, size_t b) const {
    return isMemory(a) && isMemory(b) && location(a) == location(b);
  }
  ThreadId thread(size_t a) const { return ids[a].thread; }

  MemoryOrder orderOf(EventId e) const {
    return e.isInit() ? MemoryOrder::NotAtomic : orderUnder(g.at(e), model);
  }

  size_t indexOf(EventId e) const {
    if (e.isInit())
      return n - g.locations.size() + e.index;
    size_t k = 0;
    for (ThreadId t = 0; t < e.thread; ++t)
      k += g.threads[t].size();
    return k + e.index;
  }

  void build() {
    Rel poImm(n);
    std::vector<size_t> first(g.threads.size(), SIZE_MAX);
    for (size_t a = 0; a < n; ++a) {
      if (isInit(a)) {
        for (size_t b = 0; b < n; ++b)
          if (!isInit(b))
            poImm.set(a, b); // the initial writes come before everything
        continue;
      }
      EventId e = ids[a];
      if (e.index == 0)
        first[e.thread] = a;
      if (e.index + 1 < g.threads[e.thread].size())
        poImm.set(a, a + 1);
    }
    for (size_t a = 0; a < n; ++a) {
      if (isInit(a))
        continue;
      const Event &ev = g.at(ids[a]);
      if (ev.kind == Kind::Fork && ev.other < first.size() && first[ev.other] != SIZE_MAX)
        poImm.set(a, first[ev.other]);
      if (ev.kind == Kind::Join && ev.other < g.threads.size() && !g.threads[ev.other].empty())
        poImm.set(indexOf(EventId{ev.other, uint32_t(g.threads[ev.other].size() - 1)}), a);
      if (reads(ev.kind))
        rf.set(indexOf(ev.rf), a);
    }
    po = poImm.plus();
    for (uint32_t l = 0; l < g.locations.size(); ++l) {
      std::vector<size_t> order{indexOf(initWrite(l))};
      for (EventId w : g.locations[l].co)
        order.push_back(indexOf(w));
      for (size_t i = 0; i < order.size(); ++i)
        for (size_t j = i + 1; j < order.size(); ++j)
          co.set(order[i], order[j]);
    }
    // fr = rf⁻¹ ; co, without the identity (an update is co-after the write it reads).
    for (size_t r = 0; r < n; ++r)
      if (isRead(r))
        for (size_t w = 0; w < n; ++w)
          if (rf.get(w, r))
            for (size_t x = 0; x < n; ++x)
              if (co.get(w, x) && x != r)
                fr.set(r, x);
  }

  /// An update reads the write right before it in coherence. (Taken as one event, an update
  /// loses the papers' sb edge from its read to its write, which is what makes an update
  /// coherence-before the write it reads inconsistent there: the rule says it here.)
  bool atomicity() const {
    for (size_t u = 0; u < n; ++u) {
      if (kind(u) != Kind::Update)
        continue;
      size_t source = indexOf(g.at(ids[u]).rf);
      if (!co.get(source, u))
        return false;
      for (size_t w = 0; w < n; ++w)
        if (co.get(source, w) && co.get(w, u))
          return false;
    }
    return true;
  }
};

bool scConsistent(const Numbered &x) { return (x.po | x.rf | x.co | x.fr).acyclic(); }

// A full barrier of TSO and PSO, as the standard mappings compile C11 (x86: mfence for a
// seq_cst fence, xchg for a seq_cst store, a locked instruction for a read-modify-write;
// SPARC: membar #StoreLoad for the same), and thread creation and join (system calls).
bool isBarrier(const Numbered &x, size_t a) {
  if (x.isInit(a))
    return false;
  Kind k = x.kind(a);
  MemoryOrder o = x.orders[a];
  return k == Kind::Update || k == Kind::Fork || k == Kind::Join ||
         ((k == Kind::Fence || k == Kind::Write) && o == MemoryOrder::SeqCst);
}

// A store-store barrier of PSO: SPARC's membar #StoreStore, which the mapping puts before a
// release store and for a release fence.
bool isStoreStoreBarrier(const Numbered &x, size_t a) {
  return isBarrier(x, a) || (!x.isInit(a) && x.isFence(a) && isReleaseOrder(x.orders[a]));
}

bool hardwareConsistent(const Numbered &x, bool pso) {
  Rel uni(x.n);
  for (size_t a = 0; a < x.n; ++a)
    for (size_t b = 0; b < x.n; ++b)
      if (x.po.get(a, b) && x.sameLocation(a, b))
        uni.set(a, b);
  if (!(uni | x.rf | x.co | x.fr).acyclic() || !x.atomicity())
    return false;
  auto barrierBetween = [&](size_t a, size_t b, bool storeStore) {
    for (size_t c = 0; c < x.n; ++c)
      if (x.po.get(a, c) && x.po.get(c, b) &&
          (storeStore ? isStoreStoreBarrier(x, c) : isBarrier(x, c)))
        return true;
    return false;
  };
  // A pair of one thread's accesses the hardware may reorder: a store and a later load (TSO,
  // PSO), a store and a later store to another location (PSO) that is not a release, with no
  // barrier between.
  auto relaxed = [&](size_t a, size_t b) {
    if (x.isInit(a) || x.isInit(b) || x.thread(a) != x.thread(b))
      return false;
    Kind ka = x.kind(a), kb = x.kind(b);
    if (ka != Kind::Write || isBarrier(x, a) || isBarrier(x, b))
      return false;
    if (kb == Kind::Read)
      return !barrierBetween(a, b, false);
    if (pso && kb == Kind::Write && x.location(a) != x.location(b))
      return !isReleaseOrder(x.orders[b]) && !barrierBetween(a, b, true);
    return false;
  };
  // ppo relates accesses only: a fence, creation or join orders through barrierBetween, not as
  // a step of a path.
  Rel ppo(x.n), rfe(x.n);
  for (size_t a = 0; a < x.n; ++a)
    for (size_t b = 0; b < x.n; ++b) {
      if (x.po.get(a, b) && x.isMemory(a) && x.isMemory(b) && !relaxed(a, b))
        ppo.set(a, b);
      if (x.rf.get(a, b) && (x.isInit(a) || x.thread(a) != x.thread(b)))
        rfe.set(a, b);
    }
  return (ppo | rfe | x.co | x.fr).acyclic();
}

/// RC11's happens-before (sb ∪ sw)+, with sb = po.
Rel happensBefore(const Numbered &x) {
  const size_t n = x.n;
  auto atomicWrite = [&](size_t a) {
    return x.isWrite(a) && x.orders[a] != MemoryOrder::NotAtomic;
  };
  // rs = [W] ; sb|loc? ; [W⊒rlx] ; (rf ; [Update])*
  Rel rs(n);
  for (size_t w = 0; w < n; ++w) {
    if (!x.isWrite(w))
      continue;
    for (size_t v = 0; v < n; ++v)
      if (atomicWrite(v) && (v == w || (x.po.get(w, v) && x.sameLocation(w, v))))
        rs.set(w, v);
  }
  Rel rfUpdate = x.rf.restricted([](size_t) { return true; },
                                 [&](size_t b) { return x.kind(b) == Kind::Update; });
  rs = rs | rs.then(rfUpdate.plus());
  // sw = [E⊒rel] ; ([F] ; sb)? ; rs ; rf ; [R⊒rlx] ; (sb ; [F])? ; [E⊒acq]
  Rel start(n); // [E⊒rel] ; ([F] ; sb)?
  for (size_t a = 0; a < n; ++a) {
    if (x.isInit(a) || !isReleaseOrder(x.orders[a]))
      continue;
    start.set(a, a);
    if (x.isFence(a))
      for (size_t b = 0; b < n; ++b)
        if (x.po.get(a, b))
          start.set(a, b);
  }
  Rel end(n); // [R⊒rlx] ; (sb ; [F])? ; [E⊒acq]
  for (size_t r = 0; r < n; ++r) {
    if (!x.isRead(r) || x.orders[r] == MemoryOrder::NotAtomic)
      continue;
    if (isAcquireOrder(x.orders[r]))
      end.set(r, r);
    for (size_t f = 0; f < n; ++f)
      if (x.isFence(f) && isAcquireOrder(x.orders[f]) && x.po.get(r, f))
        end.set(r, f);
  }
  Rel sw = start.then(rs).then(x.rf).then(end);
  return (x.po | sw).plus();
}

bool rc11Consistent(const Numbered &x) {
  const size_t n = x.n;
  Rel hb = happensBefore(x);
  Rel eco = (x.rf | x.co | x.fr).plus();
  // Coherence: irreflexive(hb ; eco?).
  if (!hb.irreflexive() || !hb.then(eco).irreflexive())
    return false;
  if (!x.atomicity())
    return false;
  // No thin air: acyclic(sb ∪ rf).
  if (!(x.po | x.rf).acyclic())
    return false;
  if (x.model == MemoryModel::RA)
    return true;
  // SC: acyclic(psc).
  auto sc = [&](size_t a) { return !x.isInit(a) && x.orders[a] == MemoryOrder::SeqCst; };
  auto scFence = [&](size_t a) { return sc(a) && x.isFence(a); };
  Rel sbLoc(n), sbOtherLoc(n), hbLoc(n);
  for (size_t a = 0; a < n; ++a)
    for (size_t b = 0; b < n; ++b) {
      if (x.po.get(a, b))
        (x.sameLocation(a, b) ? sbLoc : sbOtherLoc).set(a, b);
      if (hb.get(a, b) && x.sameLocation(a, b))
        hbLoc.set(a, b);
    }
  Rel scb = x.po | sbOtherLoc.then(hb).then(sbOtherLoc) | hbLoc | x.co | x.fr;
  Rel hbOpt = hb.reflexive();
  Rel left(n), right(n); // [E_sc] ∪ [F_sc] ; hb?   and   [E_sc] ∪ hb? ; [F_sc]
  for (size_t a = 0; a < n; ++a) {
    if (sc(a)) {
      left.set(a, a);
      right.set(a, a);
    }
    for (size_t b = 0; b < n; ++b) {
      if (scFence(a) && hbOpt.get(a, b))
        left.set(a, b);
      if (scFence(b) && hbOpt.get(a, b))
        right.set(a, b);
    }
  }
  Rel pscBase = left.then(scb).then(right);
  Rel pscF = (hb | hb.then(eco).then(hb)).restricted(scFence, scFence);
  return (pscBase | pscF).acyclic();
}

} // namespace

MemoryOrder orderUnder(const Event &ev, MemoryModel model) {
  MemoryOrder o = ev.order == MemoryOrder::Unordered ? MemoryOrder::Relaxed : ev.order;
  if (model != MemoryModel::RA || o == MemoryOrder::NotAtomic)
    return o;
  // RA: every atomic access is release/acquire.
  switch (ev.kind) {
  case Kind::Read: return MemoryOrder::Acquire;
  case Kind::Write: return MemoryOrder::Release;
  default: return MemoryOrder::AcqRel;
  }
}

bool consistent(const Graph &g, MemoryModel model) {
  Numbered x(g, model);
  switch (model) {
  case MemoryModel::SC: return scConsistent(x);
  case MemoryModel::TSO: return hardwareConsistent(x, false);
  case MemoryModel::PSO: return hardwareConsistent(x, true);
  case MemoryModel::RA:
  case MemoryModel::RC11: return rc11Consistent(x);
  }
  return false;
}

std::optional<std::pair<EventId, EventId>> dataRace(const Graph &g, MemoryModel model) {
  if (!racesAreUndefined(model))
    return std::nullopt;
  Numbered x(g, model);
  Rel hb = happensBefore(x);
  // A free of an object and an access to it (atomic or not) by another thread, unordered.
  for (size_t f = 0; f < x.n; ++f) {
    if (x.isInit(f) || g.at(x.ids[f]).op.kind != OpKind::Free || !g.at(x.ids[f]).op.numAccesses)
      continue;
    const Access &freed = g.at(x.ids[f]).op.accesses[0];
    for (size_t a = 0; a < x.n; ++a) {
      if (x.isInit(a) || !x.isMemory(a) || x.thread(a) == x.thread(f))
        continue;
      const Location &l = g.locations[x.location(a)];
      bool inside = l.address < freed.address + freed.size && freed.address < l.address + l.size;
      if (inside && !hb.get(a, f) && !hb.get(f, a))
        return std::make_pair(x.ids[a], x.ids[f]);
    }
  }
  for (size_t a = 0; a < x.n; ++a)
    for (size_t b = a + 1; b < x.n; ++b) {
      if (x.isInit(a) || x.isInit(b) || !x.sameLocation(a, b))
        continue;
      if (!x.isWrite(a) && !x.isWrite(b))
        continue;
      if (x.orders[a] != MemoryOrder::NotAtomic && x.orders[b] != MemoryOrder::NotAtomic)
        continue;
      if (!hb.get(a, b) && !hb.get(b, a))
        return std::make_pair(x.ids[a], x.ids[b]);
    }
  return std::nullopt;
}

} // namespace bpor::graph
