#include "checker/DependenceIndex.h"

#include <algorithm>

namespace bpor {

uint32_t &DependenceIndex::slot(std::vector<uint32_t> &perThread, ThreadId t) {
  if (t >= perThread.size())
    perThread.resize(t + 1, None);
  return perThread[t];
}

void DependenceIndex::raise(std::vector<uint32_t> &latest, ThreadId v, uint32_t index) {
  if (index == None)
    return;
  if (v >= latest.size())
    latest.resize(v + 1, None);
  if (latest[v] == None || latest[v] < index)
    latest[v] = index;
}

void DependenceIndex::push(const Operation &e) {
  uint32_t index = uint32_t(events.size());
  events.push_back(e);
  std::vector<Undo> &log = undo.emplace_back();
  ThreadId t = e.thread;
  for (unsigned k = 0; k < e.numAccesses; ++k) {
    const Access &a = e.accesses[k];
    if (!a.size)
      continue;
    maxAccessSize = std::max(maxAccessSize, a.size);
    Key key{a.address, a.size};
    auto [it, created] = accesses.try_emplace(key);
    if (created)
      log.push_back({Undo::Created, key});
    std::vector<ThreadAccess> &list = it->second;
    auto entry = std::find_if(list.begin(), list.end(),
                              [&](const ThreadAccess &x) { return x.thread == t; });
    if (entry == list.end()) {
      list.push_back({t});
      entry = list.end() - 1;
    }
    unsigned slot = slotOf(a);
    log.push_back({Undo::Access, key, t, entry->latest[slot], uint8_t(slot)});
    entry->latest[slot] = index;
  }
  if (e.global) {
    uint32_t &g = slot(latestGlobal, t);
    log.push_back({Undo::Global, {}, t, g});
    g = index;
  }
  if (e.global || e.numAccesses) {
    uint32_t &f = slot(latestFootprint, t);
    log.push_back({Undo::Footprint, {}, t, f});
    f = index;
  }
  if (e.kind == OpKind::Fork && e.otherThread != NoThread) {
    uint32_t &f = slot(forkOf, e.otherThread);
    log.push_back({Undo::Fork, {}, e.otherThread, f});
    f = index;
  }
  if (e.endsThread) {
    uint32_t &f = slot(endOf, t);
    log.push_back({Undo::End, {}, t, f});
    f = index;
  }
}

void DependenceIndex::pop() {
  std::vector<Undo> &log = undo.back();
  for (auto it = log.rbegin(); it != log.rend(); ++it) {
    switch (it->kind) {
    case Undo::Access: {
      std::vector<ThreadAccess> &list = accesses[it->key];
      for (ThreadAccess &x : list)
        if (x.thread == it->thread)
          x.latest[it->accessSlot] = it->oldWrite;
      break;
    }
    case Undo::Created:
      accesses.erase(it->key);
      break;
    case Undo::Global:
      latestGlobal[it->thread] = it->oldWrite;
      break;
    case Undo::Footprint:
      latestFootprint[it->thread] = it->oldWrite;
      break;
    case Undo::Fork:
      forkOf[it->thread] = it->oldWrite;
      break;
    case Undo::End:
      endOf[it->thread] = it->oldWrite;
      break;
    }
  }
  undo.pop_back();
  events.pop_back();
}

void DependenceIndex::clear() {
  events.clear();
  accesses.clear();
  maxAccessSize = 0;
  latestGlobal.clear();
  latestFootprint.clear();
  forkOf.clear();
  endOf.clear();
  undo.clear();
}

void DependenceIndex::latestDependent(const Operation &n, std::vector<uint32_t> &latest) const {
  latest.assign(latest.size(), None);
  ThreadId u = n.thread;
  // Overlapping accesses with at least one write.
  for (unsigned k = 0; k < n.numAccesses; ++k) {
    const Access &a = n.accesses[k];
    if (!a.size)
      continue;
    uint64_t low = a.address >= maxAccessSize ? a.address - maxAccessSize + 1 : 0;
    for (auto it = accesses.lower_bound(Key{low, 0});
         it != accesses.end() && it->first.first < a.address + a.size; ++it) {
      uint64_t start = it->first.first, size = it->first.second;
      if (start + size <= a.address)
        continue;
      // Every slot conflicts with a write but a read, and with a read but the reads; an
      // update's own kind on its very range commutes with it (commutingUpdates).
      unsigned commuting = a.update && start == a.address && size == a.size ? slotOf(a) : ~0u;
      for (const ThreadAccess &x : it->second) {
        if (x.thread == u)
          continue;
        for (unsigned k = 0; k < NumSlots; ++k)
          if (k != commuting && (a.write || k != Reads))
            raise(latest, x.thread, x.latest[k]);
      }
    }
  }
  // Global operations conflict with every footprint, and every global operation.
  if (n.global) {
    for (ThreadId v = 0; v < latestFootprint.size(); ++v)
      if (v != u)
        raise(latest, v, latestFootprint[v]);
  } else if (n.numAccesses) {
    for (ThreadId v = 0; v < latestGlobal.size(); ++v)
      if (v != u)
        raise(latest, v, latestGlobal[v]);
  }
  // The fork that created n's thread; the end of the thread a join waits for.
  if (u < forkOf.size() && forkOf[u] != None)
    raise(latest, events[forkOf[u]].thread, forkOf[u]);
  if (n.kind == OpKind::Join && n.otherThread != NoThread && n.otherThread != u &&
      n.otherThread < endOf.size())
    raise(latest, n.otherThread, endOf[n.otherThread]);
}

} // namespace bpor
