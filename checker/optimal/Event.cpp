#include "checker/optimal/Event.h"

#include "checker/Dependence.h"

namespace bpor::optimal {

bool conflicts(const Event &a, const Event &b) {
  if (a.thread() == b.thread())
    return true;
  if (a.endsExecution || b.endsExecution)
    return true;
  return dependent(a.op, b.op);
}

namespace {

bool touches(const Operation &op, uint64_t address) {
  for (unsigned k = 0; k < op.numAccesses; ++k)
    if (op.accesses[k].address == address)
      return true;
  return false;
}

uint64_t objectOf(const Operation &op) { return op.numAccesses ? op.accesses[0].address : 0; }

// A trylock event's value is the call's result: 0 when it acquired the object.
bool succeededTrylock(const Operation &op) { return op.kind == OpKind::Trylock && op.value == 0; }

enum class Family : uint8_t { None, Mutex, RwLock, Semaphore };

// The blocking acquisitions whose races the explorers reorder as acquisitions (Nidhugg's
// treatment of a lock as a read-modify-write of the mutex): for each, the release kind that
// enables it.
Family acquireFamily(OpKind kind) {
  switch (kind) {
  case OpKind::Lock: return Family::Mutex;
  case OpKind::RwRdlock:
  case OpKind::RwWrlock: return Family::RwLock;
  case OpKind::SemWait: return Family::Semaphore;
  default: return Family::None;
  }
}

bool isRelease(Family family, OpKind kind) {
  switch (family) {
  case Family::Mutex: return kind == OpKind::Unlock || kind == OpKind::CondWait;
  case Family::RwLock: return kind == OpKind::RwUnlock;
  case Family::Semaphore: return kind == OpKind::SemPost;
  case Family::None: return false;
  }
  return false;
}

} // namespace

RaceVerdict classifyRace(const Event &e, const Event &later, bool &acquireRace) {
  acquireRace = false;
  const Operation &a = e.op, &b = later.op;
  if (a.kind == OpKind::Fork && a.otherThread == b.thread)
    return RaceVerdict::NotARace;
  // A join is enabled only by its target's end: never before it.
  if (b.kind == OpKind::Join && a.thread == b.otherThread && a.endsThread)
    return RaceVerdict::Irreversible;
  Family family = acquireFamily(b.kind);
  if (family != Family::None && isRelease(family, a.kind) && touches(a, objectOf(b))) {
    acquireRace = true;
    // An unlock always enables a lock that waits on the same mutex: the mutex was held before
    // it. A reader-writer unlock or a semaphore post may not have been needed (other readers,
    // a positive count): those reversals are tried and dropped if the thread is blocked.
    return family == Family::Mutex ? RaceVerdict::Irreversible : RaceVerdict::Reversible;
  }
  return RaceVerdict::Reversible;
}

bool isMatchingAcquire(const Event &acquire, const Event &release, const Event &later) {
  const Operation &a = acquire.op, &b = later.op;
  if (a.thread == b.thread || !touches(a, objectOf(b)))
    return false;
  switch (acquireFamily(b.kind)) {
  case Family::Mutex:
    // The acquisition the release ended: the releasing thread's own.
    return a.thread == release.op.thread &&
           (a.kind == OpKind::Lock || a.kind == OpKind::CondWake || succeededTrylock(a));
  case Family::RwLock:
    return a.kind == OpKind::RwRdlock || a.kind == OpKind::RwWrlock || succeededTrylock(a);
  case Family::Semaphore:
    return a.kind == OpKind::SemWait || succeededTrylock(a);
  case Family::None:
    return false;
  }
  return false;
}

} // namespace bpor::optimal
