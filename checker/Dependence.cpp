#include "checker/Dependence.h"

namespace bpor {

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
