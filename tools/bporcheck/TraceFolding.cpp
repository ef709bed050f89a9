#include "tools/bporcheck/TraceFolding.h"

namespace bpor::tool {

static bool sameOperation(const Operation &a, const Operation &b) {
  if (a.thread != b.thread || a.kind != b.kind || a.location != b.location ||
      a.numAccesses != b.numAccesses || a.otherThread != b.otherThread)
    return false;
  for (unsigned i = 0; i < a.numAccesses; ++i)
    if (a.accesses[i].address != b.accesses[i].address ||
        a.accesses[i].size != b.accesses[i].size || a.accesses[i].write != b.accesses[i].write)
      return false;
  return true;
}

RepeatingTail findRepeatingTail(const std::vector<Operation> &trace, size_t minFolded) {
  constexpr size_t MaxPeriod = 256;
  const size_t n = trace.size();
  RepeatingTail best;
  size_t bestLength = 0;
  for (size_t period = 1; period <= MaxPeriod && 2 * period <= n; ++period) {
    // How far back step i equals step i - period, from the end.
    size_t matching = 0;
    while (matching + period < n &&
           sameOperation(trace[n - 1 - matching], trace[n - 1 - matching - period]))
      ++matching;
    size_t length = matching + period; // the periodic tail
    if (length > bestLength) {
      bestLength = length;
      best.period = period;
      best.start = n - length;
      best.rounds = length / period;
    }
  }
  // Folding keeps the first round and the last one.
  if (best.rounds < 4 || bestLength - 2 * best.period < minFolded)
    return RepeatingTail{};
  return best;
}

} // namespace bpor::tool
