#include "checker/optimal/Event.h"

#include "checker/Dependence.h"

namespace bpor::optimal {

namespace {

bool touches(const Operation &op, uint64_t address) {
  for (unsigned k = 0; k < op.numAccesses; ++k)
    if (op.accesses[k].address == address)
      return true;
  return false;
}

uint64_t objectOf(const Operation &op) { return op.numAccesses ? op.accesses[0].address : 0; }

// A barrier wait's second step, which reads what its arrival wrote.
bool isDeparture(const Operation &op) {
  return op.kind == OpKind::BarrierWait && op.numAccesses == 1 && !op.accesses[0].write;
}

// A trylock event's value is the call's result: 0 when it acquired the object.
bool succeededTrylock(const Operation &op) { return op.kind == OpKind::Trylock && op.value == 0; }

enum class Family : uint8_t { None, Mutex, RwLock, Semaphore, Once };

// The blocking acquisitions whose races the explorers reorder as acquisitions (Nidhugg's
// treatment of a lock as a read-modify-write of the mutex): for each, the release kind that
// enables it.
Family acquireFamily(OpKind kind) {
  switch (kind) {
  case OpKind::Lock: return Family::Mutex;
  case OpKind::RwRdlock:
  case OpKind::RwWrlock: return Family::RwLock;
  case OpKind::SemWait: return Family::Semaphore;
  // pthread_once's begin waits while another thread runs the routine; its end releases it.
  case OpKind::Once: return Family::Once;
  default: return Family::None;
  }
}

bool isRelease(Family family, OpKind kind) {
  switch (family) {
  case Family::Mutex: return kind == OpKind::Unlock || kind == OpKind::CondWait;
  case Family::RwLock: return kind == OpKind::RwUnlock;
  case Family::Semaphore: return kind == OpKind::SemPost;
  case Family::Once: return kind == OpKind::OnceEnd;
  case Family::None: return false;
  }
  return false;
}

} // namespace

RaceClass classifyRace(const Event &e, const Event &later, int releaserWasWriter) {
  const Operation &a = e.op, &b = later.op;
  if (a.kind == OpKind::Fork && a.otherThread == b.thread)
    return {RaceVerdict::NotARace, AcquirePartner::None};
  // A join is enabled only by its target's end: never before it.
  if (b.kind == OpKind::Join && a.thread == b.otherThread && a.endsThread)
    return {RaceVerdict::Irreversible, AcquirePartner::None};
  // A failed trylock found the object held, and nothing released it before `later`: a lock or
  // sem_wait placed before the trylock would wait there too. What enabled neither is the
  // holder's acquisition, the race to reverse instead.
  if (a.kind == OpKind::Trylock && !succeededTrylock(a) && touches(a, objectOf(b)) &&
      (b.kind == OpKind::Lock || b.kind == OpKind::SemWait))
    return {RaceVerdict::Irreversible, AcquirePartner::LatestAcquisition};
  // A barrier's departure (a read of its generation's byte, runtime/sync/Barrier.h) is enabled
  // only once every arrival of its generation has happened: none can be moved after it.
  if (a.kind == OpKind::BarrierWait && b.kind == OpKind::BarrierWait && isDeparture(b) &&
      !isDeparture(a))
    return {RaceVerdict::Irreversible, AcquirePartner::None};
  if (!isReleaseFor(a, b))
    return {};
  switch (b.kind) {
  case OpKind::Lock:
    // The mutex was held just before its unlock: the unlock enabled the lock.
    return {RaceVerdict::Irreversible, AcquirePartner::ReleasersAcquisition};
  case OpKind::RwWrlock:
    // Someone held the rwlock before any unlock: a writer waited for it.
    return {RaceVerdict::Irreversible, AcquirePartner::HoldingSpanStart};
  case OpKind::RwRdlock:
    // A reader waits only for a writer.
    if (releaserWasWriter == 1)
      return {RaceVerdict::Irreversible, AcquirePartner::ReleasersAcquisition};
    if (releaserWasWriter == 0)
      return {};
    return {RaceVerdict::Reversible, AcquirePartner::ReleasersAcquisition};
  case OpKind::Once:
    // After the routine's end the begin only finds it done; before the end it waits: it can
    // run first only before the runner's own begin.
    return {RaceVerdict::Irreversible, AcquirePartner::ReleasersAcquisition};
  case OpKind::SemWait:
    if (e.objectAvailableBefore == 0)
      return {RaceVerdict::Irreversible, AcquirePartner::LatestAcquisition};
    if (e.objectAvailableBefore == 1)
      return {};
    // Unknown: try the reversal (dropped if the waiter turns out blocked) and the acquisition.
    return {RaceVerdict::Reversible, AcquirePartner::LatestAcquisition};
  default:
    return {};
  }
}

bool isAcquisitionFor(const Operation &op, const Operation &later) {
  if (!touches(op, objectOf(later)))
    return false;
  switch (acquireFamily(later.kind)) {
  case Family::Mutex:
    return op.kind == OpKind::Lock || op.kind == OpKind::CondWake || succeededTrylock(op);
  case Family::RwLock:
    return op.kind == OpKind::RwRdlock || op.kind == OpKind::RwWrlock || succeededTrylock(op);
  case Family::Semaphore:
    return op.kind == OpKind::SemWait || succeededTrylock(op);
  case Family::Once:
    return op.kind == OpKind::Once;
  case Family::None:
    return false;
  }
  return false;
}

bool isReleaseFor(const Operation &op, const Operation &later) {
  return isRelease(acquireFamily(later.kind), op.kind) && touches(op, objectOf(later));
}

} // namespace bpor::optimal
