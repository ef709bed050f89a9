#include "checker/estimate/Linearizations.h"

#include "checker/Dependence.h"

#include <algorithm>
#include <unordered_map>

namespace bpor {

double countLinearizations(const std::vector<Operation> &events, bool lastEndsAll,
                           uint64_t maxCuts) {
  size_t m = events.size();
  if (m == 0)
    return 1;
  ThreadId n = 0;
  for (const Operation &e : events)
    n = std::max<ThreadId>(n, e.thread + 1);
  // need[i][t]: how many of thread t's events happen before event i (its vector clock), from
  // the latest dependent event of each thread back; an event already covered needs no check.
  std::vector<std::vector<uint32_t>> need(m, std::vector<uint32_t>(n, 0));
  std::vector<uint32_t> position(m);
  std::vector<std::vector<uint32_t>> ofThread(n);
  for (size_t i = 0; i < m; ++i) {
    ThreadId t = events[i].thread;
    position[i] = uint32_t(ofThread[t].size());
    ofThread[t].push_back(uint32_t(i));
    std::vector<uint32_t> &clock = need[i];
    bool endsAll = lastEndsAll && i + 1 == m;
    for (size_t j = i; j-- > 0;) {
      ThreadId u = events[j].thread;
      if (position[j] < clock[u])
        continue;
      if (endsAll || u == t || dependent(events[j], events[i])) {
        for (ThreadId v = 0; v < n; ++v)
          clock[v] = std::max(clock[v], need[j][v]);
        clock[u] = std::max(clock[u], position[j] + 1);
      }
    }
  }
  // Paths through the lattice of consistent cuts, one level (events run) at a time.
  using Cut = std::vector<uint32_t>;
  struct CutHash {
    size_t operator()(const Cut &cut) const {
      uint64_t h = 0xcbf29ce484222325ull;
      for (uint32_t x : cut)
        h = (h ^ x) * 0x100000001b3ull;
      return size_t(h);
    }
  };
  std::unordered_map<Cut, double, CutHash> level{{Cut(n, 0), 1.0}}, next;
  for (size_t step = 0; step < m; ++step) {
    next.clear();
    for (const auto &[cut, paths] : level)
      for (ThreadId t = 0; t < n; ++t) {
        if (cut[t] == ofThread[t].size())
          continue;
        const std::vector<uint32_t> &clock = need[ofThread[t][cut[t]]];
        bool ready = true;
        for (ThreadId v = 0; v < n && ready; ++v)
          ready = v == t || clock[v] <= cut[v];
        if (!ready)
          continue;
        Cut after = cut;
        ++after[t];
        next[after] += paths;
      }
    if (next.size() > maxCuts)
      return 0;
    level.swap(next);
  }
  return level.empty() ? 0 : level.begin()->second;
}

} // namespace bpor
