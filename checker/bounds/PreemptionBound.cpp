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

void PreemptionBound::backtrack(const SearchStack &stack, size_t i, ThreadId u,
                                BacktrackSink &sink) const {
  addBacktrackPoint(stack, i, u, sink);
  size_t j = lastContextSwitchBefore(stack, i);
  if (j != SIZE_MAX)
    addBacktrackPoint(stack, j, u, sink, true); // Algorithm 19: the conservative one
}

} // namespace bpor
