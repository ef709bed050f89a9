#include "checker/bounds/BoundFunction.h"

#include "checker/bounds/CombinedFairBound.h"
#include "checker/bounds/ContextBound.h"
#include "checker/bounds/DeltaBound.h"
#include "checker/bounds/DepthBound.h"
#include "checker/bounds/FairBound.h"
#include "checker/bounds/LocalBounds.h"
#include "checker/bounds/NoBound.h"
#include "checker/bounds/PreemptionBound.h"

namespace bpor {

ThreadId backtrackThread(const SearchStack &stack, size_t i, ThreadId u, const BacktrackSink &sink,
                         const BoundFunction *costs) {
  const SearchFrame &pre = stack.frames[i];
  if (pre.awake(u))
    return u;
  if (!costs)
    return NoThread;
  ThreadId best = NoThread;
  uint64_t bestCost = 0;
  sink.alternatives(i, u).forEach([&](ThreadId v) {
    uint64_t cost = costs->costFrom(stack, i, v);
    if (best == NoThread || cost < bestCost) {
      best = v;
      bestCost = cost;
    }
  });
  return best;
}

void addBacktrackPoint(const SearchStack &stack, size_t i, ThreadId u, BacktrackSink &sink,
                       bool conservative, const BoundFunction *costs) {
  ThreadId v = backtrackThread(stack, i, u, sink, costs);
  if (v != NoThread)
    sink.add(i, v, conservative);
  else
    sink.addAllEnabled(i, conservative);
}

ThreadId preferredEnabledThread(const SearchStack &stack) {
  const SearchFrame &f = stack.top();
  ThreadId last = stack.lastThread();
  if (last != NoThread && f.awake(last))
    return last;
  return f.enabled.firstNotIn(f.sleep);
}

void StackedBound::push(const SearchStack &stack) {
  size_t before = stack.frames.size() - 2;
  values.push_back(computeValueAfter(stack, before, stack.events.back().thread));
}

static std::unique_ptr<BoundFunction> makeUnlimited(BoundKind kind) {
  switch (kind) {
  case BoundKind::None:
    return std::make_unique<NoBound>();
  case BoundKind::Depth:
    return std::make_unique<DepthBound>();
  case BoundKind::Context:
    return std::make_unique<ContextBound>();
  case BoundKind::Preemption:
    return std::make_unique<PreemptionBound>();
  case BoundKind::Delta:
    return std::make_unique<DeltaBound>();
  case BoundKind::Fair:
    return std::make_unique<FairBound>();
  case BoundKind::LocalDepth:
    return std::make_unique<LocalDepthBound>();
  case BoundKind::LocalContext:
    return std::make_unique<LocalContextBound>();
  }
  return nullptr;
}

std::unique_ptr<BoundFunction> makeBoundFunction(BoundKind kind, uint64_t limit,
                                                 std::optional<uint64_t> fairLimit) {
  std::unique_ptr<BoundFunction> bound = makeUnlimited(kind);
  if (bound)
    bound->setLimit(limit);
  if (bound && fairLimit)
    return std::make_unique<CombinedFairBound>(std::move(bound), *fairLimit);
  return bound;
}

} // namespace bpor
