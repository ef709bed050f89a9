#include "checker/graph/SpinIterations.h"

#include <algorithm>

namespace bpor::graph {

namespace {
size_t firstOf(size_t end, size_t count) { return end - std::min(count, end); }
} // namespace

bool iterationChangesNothing(const Graph &g, ThreadId t, size_t end, size_t count) {
  for (size_t i = firstOf(end, count); i < end; ++i) {
    const Event &ev = g.threads[t][i];
    if (ev.kind == Kind::Write || (ev.kind == Kind::Update && ev.value != g.valueOf(ev.rf)))
      return false;
  }
  return true;
}

bool iterationReadsLatest(const Graph &g, ThreadId t, size_t end, size_t count) {
  for (size_t i = firstOf(end, count); i < end; ++i) {
    const Event &ev = g.threads[t][i];
    if (!reads(ev.kind))
      continue;
    EventId latest = g.coMax(ev.location);
    if (!(ev.rf == latest) && !(ev.kind == Kind::Update && latest == EventId{t, uint32_t(i)}))
      return false;
  }
  return true;
}

} // namespace bpor::graph
