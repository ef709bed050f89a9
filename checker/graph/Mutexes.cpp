#include "checker/graph/Mutexes.h"

namespace bpor::graph {

void setMutexEvent(const Operation &op, MemoryModel model, Event &event) {
  event.order = MemoryOrder::Acquire;
  switch (op.kind) {
  case OpKind::Lock:
  case OpKind::Trylock:
    if (op.value != 0 && op.kind == OpKind::Lock) {
      event.kind = Kind::Other; // an errorcheck mutex relocked by its owner: EDEADLK
      return;
    }
    event.kind = op.value == 0 ? Kind::Update : Kind::Read;
    event.value = 1;
    return;
  case OpKind::Unlock:
    if (op.value != 0) {
      event.kind = Kind::Other; // EPERM: not the owner
      return;
    }
    event.kind = Kind::Write;
    event.value = 0;
    event.order = model == MemoryModel::TSO || model == MemoryModel::PSO ? MemoryOrder::SeqCst
                                                                           : MemoryOrder::Release;
    return;
  default: event.kind = Kind::Other; return;
  }
}

int64_t mutexLocation(Graph &g, const Operation &op) {
  return g.locationOf(op.accesses[0].address, uint32_t(op.accesses[0].size), 0);
}

} // namespace bpor::graph
