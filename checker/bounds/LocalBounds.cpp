#include "checker/bounds/LocalBounds.h"

#include <algorithm>

namespace bpor {

void PartialOrderBound::initialize(const SearchStack &stack, BacktrackSink &sink) const {
  size_t top = stack.frames.size() - 1;
  const SearchFrame &f = stack.top();
  ThreadId last = stack.lastThread();
  if (last != NoThread && f.awake(last) && valueAfter(stack, last) <= limit) {
    sink.add(top, last);
    return;
  }
  ThreadId chosen = NoThread;
  f.enabled.forEach([&](ThreadId u) {
    if (chosen != NoThread || !f.awake(u))
      return;
    if (valueAfter(stack, u) <= limit)
      chosen = u;
    else
      sink.transitionExceedsBound();
  });
  if (chosen != NoThread)
    sink.add(top, chosen);
}

// ---- Local depth ----------------------------------------------------------------------------

uint64_t LocalDepthBound::valueAfter(const SearchStack &stack, ThreadId u) const {
  return std::max(values.back(), hb.clockIfPushed(stack.top().next[u]).sum());
}

void LocalDepthBound::push(const SearchStack &stack) {
  hb.push(stack.events.back());
  values.push_back(std::max(values.back(), hb.clock(hb.size() - 1).sum()));
}

void LocalDepthBound::pop(const SearchStack &) {
  hb.pop();
  values.pop_back();
}

// ---- Local context --------------------------------------------------------------------------

namespace {
constexpr uint64_t ForkVariable = uint64_t(1) << 63;
constexpr uint64_t EndVariable = uint64_t(3) << 62;
constexpr uint64_t GlobalVariable = ~uint64_t(0);

// csjoin(C, R, v) of Definition 7.8: the pointwise maximum except v's entry, kept from C.
VectorClock csjoin(VectorClock c, const VectorClock &r, ThreadId v) {
  uint32_t own = c[v];
  c.join(r);
  c.set(v, own);
  return c;
}

VectorClock incremented(VectorClock c, ThreadId u) {
  c.set(u, c[u] + 1);
  return c;
}
} // namespace

std::vector<LocalContextBound::Access> LocalContextBound::accessesOf(const Operation &op) const {
  std::vector<Access> out;
  ThreadId u = op.thread;
  if (u >= eventCounts.size() || eventCounts[u] == 0)
    out.push_back({ForkVariable + u, false}); // the child's first transition sees its fork
  if (op.global)
    out.push_back({GlobalVariable, true});
  else if (op.numAccesses)
    out.push_back({GlobalVariable, false});
  for (unsigned k = 0; k < op.numAccesses; ++k)
    out.push_back({op.accesses[k].address, bool(op.accesses[k].write)});
  if (op.kind == OpKind::Fork && op.otherThread != NoThread)
    out.push_back({ForkVariable + op.otherThread, true});
  if (op.kind == OpKind::Join && op.otherThread != NoThread)
    out.push_back({EndVariable + op.otherThread, false});
  if (op.endsThread)
    out.push_back({EndVariable + u, true});
  return out;
}

VectorClock LocalContextBound::apply(const Operation &op, Undo *undo) {
  ThreadId u = op.thread;
  VectorClock c = u < clocks.size() ? clocks[u] : VectorClock();
  for (const Access &a : accessesOf(op)) {
    auto it = variables.find(a.variable);
    Variable var = it == variables.end() ? Variable() : it->second;
    if (undo) {
      if (it == variables.end())
        undo->created.push_back(a.variable);
      else
        undo->variables.emplace_back(a.variable, it->second);
    }
    if (!a.write) {
      // read(u, x). Owned when u wrote x last, whoever read it since: a read commutes with
      // other reads, so they must not change its cost (item 12 of docs/algorithms-notes.md).
      if (var.lastWriter != u)
        c.join(var.written);
      var.read.set(u, c[u] + 1);
      if (var.lastWriter != u)
        var.readByOthers = true;
    } else {
      // write(u, x). Owned (O_x = u of Definition 7.9) when u wrote x last and no other thread
      // has read it since; those reads happen before this write, which is dependent with them.
      if (var.lastWriter != u || var.readByOthers)
        c = csjoin(
            [&] {
              VectorClock j = c;
              j.join(var.written);
              return j;
            }(),
            var.read, u);
      var.written = incremented(c, u);
      var.lastWriter = u;
      var.readByOthers = false;
    }
    if (undo)
      variables[a.variable] = var;
  }
  return c;
}

uint64_t LocalContextBound::valueAfter(const SearchStack &stack, ThreadId u) const {
  // apply() without an undo log does not touch the variables.
  VectorClock c = const_cast<LocalContextBound *>(this)->apply(stack.top().next[u], nullptr);
  return std::max({values.back(), c.sum(), uint64_t(1)});
}

void LocalContextBound::push(const SearchStack &stack) {
  const Operation &event = stack.events.back();
  ThreadId u = event.thread;
  Undo undo;
  undo.thread = u;
  if (u >= clocks.size()) {
    clocks.resize(u + 1);
    eventCounts.resize(u + 1, 0);
  }
  undo.clock = clocks[u];
  VectorClock c = apply(event, &undo);
  clocks[u] = c;
  ++eventCounts[u];
  undoLog.push_back(std::move(undo));
  // Lc(t) = 1; Lc(S.t) = max(Lc(S), sum(C_t.tid)).
  values.push_back(std::max({values.back(), c.sum(), uint64_t(1)}));
}

void LocalContextBound::pop(const SearchStack &) {
  Undo &undo = undoLog.back();
  clocks[undo.thread] = undo.clock;
  --eventCounts[undo.thread];
  // Restore in reverse order: a variable accessed twice by one event is restored to its
  // state before the first access.
  for (auto it = undo.variables.rbegin(); it != undo.variables.rend(); ++it)
    variables[it->first] = it->second;
  for (uint64_t v : undo.created)
    variables.erase(v);
  undoLog.pop_back();
  values.pop_back();
}

} // namespace bpor
