#include "checker/Dependence.h"

namespace bpor {

static bool rangesOverlap(const Access &x, const Access &y) {
  // Zero-sized accesses touch nothing; ranges are half-open [address, address + size).
  return x.size && y.size && x.address < y.address + y.size && y.address < x.address + x.size;
}

bool accessesConflict(const Operation &a, const Operation &b) {
  for (unsigned i = 0; i < a.numAccesses; ++i)
    for (unsigned j = 0; j < b.numAccesses; ++j)
      if ((a.accesses[i].write || b.accesses[j].write) &&
          rangesOverlap(a.accesses[i], b.accesses[j]))
        return true;
  return false;
}

// The asymmetric cases: `a` is a fork, join or global operation.
static bool dependsAsCreatorOrGlobal(const Operation &a, const Operation &b) {
  if (a.kind == OpKind::Fork && a.otherThread == b.thread)
    return true;
  // A join is enabled by the event that ends its target: they must be dependent, or the
  // relation would not be valid (Definition 2.3, property 1).
  if (a.kind == OpKind::Join && a.otherThread == b.thread && b.endsThread)
    return true;
  if (a.global && (b.global || b.numAccesses > 0))
    return true;
  return false;
}

bool dependent(const Operation &a, const Operation &b) {
  if (a.thread == b.thread)
    return true;
  return dependsAsCreatorOrGlobal(a, b) || dependsAsCreatorOrGlobal(b, a) || accessesConflict(a, b);
}

bool isRelease(const Operation &op) {
  if (op.endsThread)
    return true;
  switch (op.kind) {
  case OpKind::Unlock:
  case OpKind::CondWait: // releases its mutex
  case OpKind::CondSignal:
  case OpKind::CondBroadcast:
  case OpKind::RwUnlock:
  case OpKind::BarrierWait:
  case OpKind::SemPost:
  case OpKind::OnceEnd: // enables the callers waiting for the routine (a once begin only disables)
  case OpKind::Fork: // a new enabled thread
  case OpKind::AtomicBlock:
  case OpKind::Other:
    return true;
  default:
    return false;
  }
}

bool mayBlock(const Operation &op) {
  if (op.blocking)
    return true;
  switch (op.kind) {
  case OpKind::Lock:
  case OpKind::CondWake:
  case OpKind::RwRdlock:
  case OpKind::RwWrlock:
  case OpKind::BarrierWait:
  case OpKind::SemWait:
  case OpKind::Once:
  case OpKind::Join:
  case OpKind::AtomicBlock:
  case OpKind::Other:
    return true;
  default:
    return false;
  }
}

} // namespace bpor
