#include "checker/bounds/ContextBound.h"

namespace bpor {

uint64_t ContextBound::computeValueAfter(const SearchStack &stack, size_t frameBefore,
                                         ThreadId u) const {
  ThreadId last = lastThreadBefore(stack, frameBefore);
  return values[frameBefore] + (last != NoThread && last != u ? 1 : 0);
}

void ContextBound::initialize(const SearchStack &stack, BacktrackSink &sink) const {
  size_t top = stack.frames.size() - 1;
  ThreadId last = stack.lastThread();
  if (last != NoThread && stack.top().awake(last)) {
    sink.add(top, last);
    return;
  }
  ThreadId first = preferredEnabledThread(stack);
  if (first == NoThread)
    return;
  sink.add(top, first);          // what DPOR needs
  sink.addAllEnabled(top, true); // what the context bound needs
}

void ContextBound::backtrack(const SearchStack &stack, size_t i, ThreadId u,
                             BacktrackSink &sink) const {
  addBacktrackPoint(stack, i, u, sink); // what DPOR needs
  sink.addAllEnabled(i, true);          // what the context bound needs
}

} // namespace bpor
