#include "checker/VectorClock.h"

#include "checker/Dependence.h"

namespace bpor {

VectorClock HappensBefore::clockIfPushed(const Operation &event) const {
  ThreadId t = event.thread;
  bool known = t < threadEvents.size();
  VectorClock clock;
  if (known && !threadEvents[t].empty())
    clock = clocks[threadEvents[t].back()];
  // Every earlier dependent event happens before this one; their clocks already include
  // their own pasts, so joining them gives the transitive closure. Per thread, the latest
  // dependent event's clock includes the earlier ones' (program order).
  index.latestDependent(event, latest);
  for (uint32_t j : latest)
    if (j != DependenceIndex::None)
      clock.join(clocks[j]);
  clock.set(t, uint32_t((known ? threadEvents[t].size() : 0) + 1));
  return clock;
}

void HappensBefore::push(const Operation &event) {
  ThreadId t = event.thread;
  VectorClock clock = clockIfPushed(event);
  if (t >= threadEvents.size())
    threadEvents.resize(t + 1);
  threadEvents[t].push_back(events.size());
  events.push_back(event);
  index.push(event);
  clocks.push_back(std::move(clock));
}

void HappensBefore::pop() {
  threadEvents[events.back().thread].pop_back();
  events.pop_back();
  index.pop();
  clocks.pop_back();
}

void HappensBefore::clear() {
  events.clear();
  clocks.clear();
  index.clear();
  threadEvents.clear();
}

bool HappensBefore::happensBeforeThread(size_t i, ThreadId u) const {
  if (events[i].thread == u)
    return true;
  if (u >= threadEvents.size() || threadEvents[u].empty())
    return false;
  return happensBefore(i, threadEvents[u].back());
}

} // namespace bpor
