#include "checker/StateHash.h"

#include <algorithm>

#include "checker/VectorClock.h"

namespace bpor {

namespace {

// SplitMix64's finaliser: a good 64-bit mixing function.
uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

uint64_t combine(uint64_t seed, uint64_t value) { return mix(seed ^ mix(value)); }

bool onlyUpdates(const Operation &e) {
  if (e.numAccesses == 0)
    return false;
  for (unsigned k = 0; k < e.numAccesses; ++k)
    if (!e.accesses[k].update)
      return false;
  return true;
}

} // namespace

ExecutionHashes hashExecution(const std::vector<Operation> &events) {
  HappensBefore hb;
  std::vector<uint64_t> canonical{mix(0x6d61696e)}; // thread 0: "main"
  std::vector<uint32_t> children{0};
  std::vector<std::vector<uint64_t>> prefix; // prefix[t][k]: sum of t's first k event hashes
  ExecutionHashes out;
  for (size_t i = 0; i < events.size(); ++i) {
    const Operation &e = events[i];
    hb.push(e);
    ThreadId t = e.thread;
    if (t >= prefix.size())
      prefix.resize(t + 1, std::vector<uint64_t>{0});
    // A thread seen before (or without) its creation event, as hand-written test models have,
    // is named by its number.
    size_t known = canonical.size();
    if (t >= known || hb.clock(i).size() > known) {
      size_t size = std::max<size_t>(t + 1, hb.clock(i).size());
      canonical.resize(size, 0);
      children.resize(size, 0);
      for (size_t u = known; u < size; ++u)
        canonical[u] = mix(0x7468726561640000 + u); // "thread" + number
    }
    if (e.kind == OpKind::Fork && e.otherThread != NoThread) {
      ThreadId child = e.otherThread;
      if (child >= canonical.size()) {
        canonical.resize(child + 1, 0);
        children.resize(child + 1, 0);
      }
      canonical[child] = combine(canonical[t], ++children[t]);
    }
    const VectorClock &clock = hb.clock(i);
    uint64_t clockHash = 0;
    for (ThreadId u = 0; u < clock.size(); ++u)
      if (clock[u])
        clockHash += combine(canonical[u], clock[u]);
    uint64_t h = canonical[t];
    h = combine(h, hb.indexInThread(i));
    h = combine(h, uint64_t(e.kind));
    h = combine(h, e.location);
    h = combine(h, e.numAccesses ? e.accesses[0].address : ~uint64_t(0));
    // A fork's value and otherThread are the child's schedule-dependent number: use its
    // canonical name instead (a creation that failed, past the thread limit, has no child:
    // its value, the error code, is schedule-independent). A commuting update's value (the
    // old value, which its thread ignores) depends on the order of the updates that commute
    // with it: it is no part of a state. A value standing for a symbolic expression is the
    // path's current model's choice, not a fact of the trace (the events before it and the
    // decisions taken fix the expression): it is left out too.
    bool created = e.kind == OpKind::Fork && e.otherThread != NoThread;
    h = combine(h, created                              ? canonical[e.otherThread]
                   : onlyUpdates(e) || e.symbolicValue ? 0
                                                        : e.value);
    h = combine(h, e.endsThread);
    h = combine(h, clockHash);
    out.eventHash.push_back(h);
    prefix[t].push_back(prefix[t].back() + h);
    uint64_t local = 0;
    for (ThreadId u = 0; u < clock.size(); ++u)
      if (clock[u])
        local += prefix[u][clock[u]];
    out.localHash.push_back(local);
    out.globalHash += h;
  }
  return out;
}

std::vector<uint64_t> localStateHashes(const std::vector<Operation> &events) {
  return hashExecution(events).localHash;
}

uint64_t globalStateHash(const std::vector<Operation> &events) {
  return hashExecution(events).globalHash;
}

} // namespace bpor
