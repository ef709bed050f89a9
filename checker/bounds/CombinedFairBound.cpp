#include "checker/bounds/CombinedFairBound.h"

#include "checker/Dependence.h"

namespace bpor {

CombinedFairBound::CombinedFairBound(std::unique_ptr<BoundFunction> main, uint64_t fairLimit)
    : main(std::move(main)) {
  fair.setLimit(fairLimit);
  // Initialize procedures that choose within the bound read `limit`.
  setLimit(this->main->limitValue());
}

void CombinedFairBound::push(const SearchStack &stack) {
  main->push(stack);
  fair.push(stack);
}

void CombinedFairBound::pop(const SearchStack &stack) {
  main->pop(stack);
  fair.pop(stack);
}

void CombinedFairBound::initialize(const SearchStack &stack, BacktrackSink &sink) const {
  main->initialize(stack, sink);
  fair.initialize(stack, sink);
  size_t top = stack.frames.size() - 1;
  const Frame &f = stack.top();
  bool cut = false;
  f.enabled.forEach([&](ThreadId u) { cut = cut || (f.awake(u) && !allows(stack, u)); });
  if (cut) {
    sink.transitionExceedsBound();
    sink.addAllEnabled(top, true);
  }
}

void CombinedFairBound::backtrack(const SearchStack &stack, size_t i, ThreadId u,
                                  BacktrackSink &sink) const {
  main->backtrack(stack, i, u, sink);
  fair.backtrack(stack, i, u, sink);
  const Operation &event = stack.events[i];
  const Operation &pending = stack.frames[i].next[u];
  if (isRelease(event) || mayBlock(event) || isRelease(pending) || mayBlock(pending))
    sink.addAllEnabled(i, true);
}

void CombinedFairBound::releaseDiscovered(const SearchStack &stack, size_t frameIndex, ThreadId u,
                                          BacktrackSink &sink) const {
  main->releaseDiscovered(stack, frameIndex, u, sink);
  fair.releaseDiscovered(stack, frameIndex, u, sink);
}

void CombinedFairBound::stepped(const SearchStack &stack, BacktrackSink &sink) const {
  size_t from = stack.frames.size() - 2;
  const Frame &before = stack.frames[from];
  const Frame &after = stack.top();
  ThreadId stepper = stack.events.back().thread;
  bool changed = false;
  after.alive.forEach([&](ThreadId w) {
    if (w != stepper && before.enabled.contains(w) != after.enabled.contains(w))
      changed = true;
  });
  if (changed)
    sink.addAllEnabled(from, true);
}

bool CombinedFairBound::allowedFrom(const SearchStack &stack, size_t frame, ThreadId v) const {
  return main->costFrom(stack, frame, v) <= main->limitValue() &&
         fair.costFrom(stack, frame, v) <= fair.limitValue();
}

void CombinedFairBound::allCut(const SearchStack &stack, BacktrackSink &sink) const {
  const Frame &f = stack.top();
  f.enabled.forEach([&](ThreadId v) {
    if (!f.awake(v))
      return;
    for (size_t k = stack.events.size(); k-- > 0;) {
      if (stack.frames[k].awake(v) && stack.events[k].thread != v && allowedFrom(stack, k, v)) {
        sink.add(k, v, true);
        return;
      }
    }
  });
}

} // namespace bpor
