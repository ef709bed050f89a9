#include "core/Operation.h"

#include <algorithm>

namespace bpor {

const char *opKindName(OpKind kind) {
  switch (kind) {
  case OpKind::Load: return "load";
  case OpKind::Store: return "store";
  case OpKind::ReadModifyWrite: return "rmw";
  case OpKind::Fence: return "fence";
  case OpKind::MemoryCopy: return "memcopy";
  case OpKind::Free: return "free";
  case OpKind::Lock: return "lock";
  case OpKind::Trylock: return "trylock";
  case OpKind::Unlock: return "unlock";
  case OpKind::CondWait: return "cond-wait";
  case OpKind::CondWake: return "cond-wake";
  case OpKind::CondSignal: return "cond-signal";
  case OpKind::CondBroadcast: return "cond-broadcast";
  case OpKind::RwRdlock: return "rdlock";
  case OpKind::RwWrlock: return "wrlock";
  case OpKind::RwUnlock: return "rw-unlock";
  case OpKind::BarrierWait: return "barrier-wait";
  case OpKind::SemWait: return "sem-wait";
  case OpKind::SemPost: return "sem-post";
  case OpKind::Once: return "once";
  case OpKind::OnceEnd: return "once-end";
  case OpKind::Fork: return "fork";
  case OpKind::Join: return "join";
  case OpKind::Yield: return "yield";
  case OpKind::AtomicBlock: return "atomic-block";
  case OpKind::Nondet: return "nondet";
  case OpKind::Decision: return "decision";
  case OpKind::Exit: return "exit";
  case OpKind::Other: return "other";
  case OpKind::FailedAssume: return "failed-assume";
  }
  return "?";
}

bool Operation::mergeAccess(const Access &access) {
  if (access.size == 0)
    return true;
  uint64_t first = access.address, end = access.address + access.size;
  bool write = access.write;
  // Absorb every range the new one overlaps, or touches with the same kind of access (a union
  // is written if a part of it is: a superset of the footprint, which keeps dependence sound).
  for (bool grew = true; grew;) {
    grew = false;
    for (unsigned k = 0; k < numAccesses; ++k) {
      const Access &a = accesses[k];
      bool overlaps = a.address < end && first < a.address + a.size;
      bool touches = (a.address == end || a.address + a.size == first) && bool(a.write) == write;
      if (!overlaps && !touches)
        continue;
      first = std::min<uint64_t>(first, a.address);
      end = std::max<uint64_t>(end, a.address + a.size);
      write = write || a.write;
      accesses[k] = accesses[--numAccesses];
      grew = true;
      break;
    }
  }
  if (numAccesses == MaxAccesses)
    return false;
  accesses[numAccesses++] = Access{first, end - first, write};
  return true;
}

} // namespace bpor
