#include "bench/distributed/RankModel.h"

#include <algorithm>
#include <functional>
#include <queue>

namespace bpor::bench {

Prediction simulateRanks(const TreeProfile &tree, unsigned ranks, const Network &network) {
  size_t units = tree.unit.size();
  std::vector<double> clock(ranks, 0), walking(ranks, 0), asking(ranks, 0), exploring(ranks, 0);
  std::vector<size_t> next(ranks, 0);
  std::vector<bool> claimed(units, false);
  double serverFree = 0;
  uint64_t requests = 0;
  // The rank whose next request comes first is the next served: claims go by arrival.
  using Entry = std::pair<double, unsigned>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> ready;
  for (unsigned r = 0; r < ranks; ++r)
    ready.push({tree.walk.empty() ? 0 : tree.walk[0], r});
  for (unsigned r = 0; r < ranks; ++r)
    if (!tree.walk.empty()) {
      clock[r] = tree.walk[0];
      walking[r] = tree.walk[0];
    }
  while (!ready.empty()) {
    auto [arrival, r] = ready.top();
    ready.pop();
    size_t k = next[r];
    if (k == units) {
      clock[r] += tree.walkTail;
      walking[r] += tree.walkTail;
      continue;
    }
    // The request reaches rank 0 half a round trip after it leaves.
    double atServer = arrival + network.latency / 2;
    double answered = std::max(atServer, serverFree) + network.service;
    serverFree = answered;
    ++requests;
    double replied = answered + network.latency / 2;
    asking[r] += replied - arrival;
    clock[r] = replied;
    // The unit the rank explores now, if any, and the one it asks for next.
    size_t take = k;
    bool grant = network.protocol == Network::Protocol::Grant;
    while (grant && take < units && claimed[take])
      ++take;
    size_t ask = k + 1;
    if (take < units && !claimed[take]) {
      // Walking to the unit granted (the one asked for, or a later one).
      for (size_t u = k + 1; u <= take; ++u) {
        clock[r] += tree.walk[u];
        walking[r] += tree.walk[u];
      }
      k = take;
      ask = k + 1;
      claimed[k] = true;
      clock[r] += tree.unit[k];
      exploring[r] += tree.unit[k];
    } else if (grant) {
      ask = units; // every unit is taken
    }
    // Walking to it (past the units it does not ask for).
    for (size_t u = k + 1; u <= ask && u < units; ++u) {
      clock[r] += tree.walk[u];
      walking[r] += tree.walk[u];
    }
    next[r] = std::min(ask, units);
    ready.push({clock[r], r});
  }
  Prediction p;
  p.makespan = *std::max_element(clock.begin(), clock.end());
  p.speedup = p.makespan > 0 ? tree.sequential / p.makespan : 0;
  p.efficiency = p.speedup / ranks;
  double total = p.makespan * ranks;
  for (unsigned r = 0; r < ranks; ++r) {
    p.walking += walking[r] / total;
    p.asking += asking[r] / total;
    p.exploring += exploring[r] / total;
    p.idle += (p.makespan - clock[r]) / total;
  }
  p.requests = requests;
  return p;
}

} // namespace bpor::bench
