#include "checker/Model.h"

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

bool stoppedByFailedAssume(const Model &model) {
  for (ThreadId u = 0; u < model.numThreads(); ++u)
    if (model.isAlive(u) && model.pending(u).kind == OpKind::FailedAssume)
      return true;
  return false;
}

const char *errorKindName(ErrorKind kind) {
  switch (kind) {
  case ErrorKind::None: return "none";
  case ErrorKind::AssertionFailure: return "assertion failure";
  case ErrorKind::Deadlock: return "deadlock";
  case ErrorKind::Livelock: return "livelock";
  case ErrorKind::DepthLimit: return "depth limit";
  case ErrorKind::MemoryError: return "memory error";
  case ErrorKind::ThreadsApiMisuse: return "threads API misuse";
  case ErrorKind::Unsupported: return "unsupported construct";
  case ErrorKind::ResourceLimit: return "resource limit";
  }
  return "?";
}

} // namespace bpor
