#include "checker/bounds/PreemptionBound.h"

#include <cstdint>

namespace bpor {

uint64_t PreemptionBound::computeValueAfter(const SearchStack &stack, size_t frameBefore,
                                            ThreadId u) const {
  ThreadId last = lastThreadBefore(stack, frameBefore);
  bool preempts = last != NoThread && last != u && stack.frames[frameBefore].enabled.contains(last);
  return values[frameBefore] + (preempts ? 1 : 0);
}

void PreemptionBound::initialize(const SearchStack &stack, BacktrackSink &sink) const {
  ThreadId u = preferredEnabledThread(stack);
  if (u != NoThread)
    sink.add(stack.frames.size() - 1, u);
}

size_t PreemptionBound::lastContextSwitchBefore(const SearchStack &stack, size_t i) {
  for (size_t j = i; j-- > 0;)
    if (j == 0 || stack.events[j - 1].thread != stack.events[j].thread)
      return j;
  return SIZE_MAX;
}

// Algorithm 16 (Algorithm 11 with the alternative thread): the thread chosen at i, u or the
// cheapest of E(S, i, u), is the one backtracked at j too.
void PreemptionBound::backtrack(const SearchStack &stack, size_t i, ThreadId u,
                                BacktrackSink &sink) const {
  ThreadId v = backtrackThread(stack, i, u, sink, this);
  if (v != NoThread)
    sink.add(i, v);
  else
    sink.addAllEnabled(i);
  size_t j = lastContextSwitchBefore(stack, i);
  if (j != SIZE_MAX)
    addBacktrackPoint(stack, j, v != NoThread ? v : u, sink, true); // Algorithm 19: conservative
}

} // namespace bpor
