// Data-race detection in an Execution (ExecutionOptions::detectDataRaces): after each operation
// is performed, its happens-before edges and memory accesses go to the RaceDetector, and a race
// fails the execution with ErrorKind::DataRace. See runtime/race/RaceDetector.h for the
// definition and why every search that covers every trace finds every race.
#include "runtime/Execution.h"

#include <fmt/format.h>

namespace bpor {

using runtime::Ext;

namespace {

// llvm::AtomicOrdering values (runtime/bpor_abi.h): 0 not atomic, 2 monotonic (relaxed),
// 4 acquire, 5 release, 6 acq_rel, 7 seq_cst.
bool acquires(uint64_t order) { return order == 4 || order == 6 || order == 7; }
bool releases(uint64_t order) { return order == 5 || order == 6 || order == 7; }

bool isDataAccess(OpKind kind) {
  switch (kind) {
  case OpKind::Load:
  case OpKind::Store:
  case OpKind::ReadModifyWrite:
  case OpKind::MemoryCopy:
  case OpKind::Free:
    return true;
  default:
    return false;
  }
}

} // namespace

void Execution::noteForRaces(ProgramThread &thread, const Operation &event, Performed performed,
                             Slot result) {
  if (!options_.detectDataRaces || status_ != ExecStatus::Running)
    return;
  ThreadId self = thread.state.threadId;
  const Slot *a = thread.request.args;
  auto object = [&](unsigned k) { return event.accesses[k].address; };
  auto unsupported = [&](const char *what) {
    fail(ErrorKind::Unsupported, thread, event.location,
         fmt::format("data-race detection does not model {}", what));
  };
  if (performed == Performed::Waiting) {
    if (event.kind == OpKind::CondWait && event.numAccesses > 1)
      races_.release(self, object(1)); // the mutex, released while waiting
    else if (event.kind == OpKind::BarrierWait)
      unsupported("pthread_barrier_wait");
    return;
  }
  if (performed != Performed::Complete)
    return;

  if (isDataAccess(event.kind)) {
    // The access's atomic ordering, and whether it is atomic at all: inside an atomic section
    // every access is.
    uint64_t order = 0;
    bool rmw = false;
    switch (thread.request.id) {
    case Ext::Load:
      order = a[2];
      break;
    case Ext::Store:
    case Ext::LoadBytes:
    case Ext::StoreBytes:
      order = a[3];
      break;
    case Ext::Rmw:
      order = a[4];
      rmw = true;
      break;
    case Ext::Cmpxchg: {
      uint64_t mask = a[3] >= 8 ? ~uint64_t(0) : (uint64_t(1) << (8 * a[3])) - 1;
      order = (event.value & mask) == (a[1] & mask) ? a[4] : a[5]; // success or failure order
      rmw = true;
      break;
    }
    default:
      break;
    }
    bool atomic = order != 0 || rmw || thread.atomicDepth > 0;
    if (order == 2)
      racesRelaxed_ = true;
    for (unsigned k = 0; k < event.numAccesses; ++k) {
      const Access &access = event.accesses[k];
      std::optional<runtime::Race> race = races_.access(self, access.address, access.size,
                                                        access.write, atomic, event.location);
      if (!race)
        continue;
      auto what = [](const runtime::RaceAccess &r) {
        return fmt::format("{}{}", r.atomic ? "atomic " : "", r.write ? "write" : "read");
      };
      std::string earlierAt = describeLocation(race->earlier.location);
      // The error's own location is the later access's: the message names the earlier one.
      fail(ErrorKind::DataRace, thread, event.location,
           fmt::format("data race on {} between the {} in thread {}{} and this {} in thread "
                       "{}, unordered by synchronisation",
                       memory_.describe(race->address), what(race->earlier),
                       race->earlier.thread, earlierAt.empty() ? "" : " at " + earlierAt,
                       what(race->later), self));
      return;
    }
    if (order != 0 && acquires(order))
      races_.acquire(self, object(0));
    if (order != 0 && releases(order)) {
      if (rmw)
        races_.acquire(self, object(0)), races_.release(self, object(0));
      else
        races_.release(self, object(0));
    } else if (order != 0 && !rmw && event.kind == OpKind::Store) {
      races_.endReleaseSequence(object(0)); // a relaxed store heads no release sequence
    }
    if (racesFenced_ && racesRelaxed_)
      unsupported("fences together with relaxed atomic accesses");
    return;
  }

  switch (event.kind) {
  case OpKind::Lock:
  case OpKind::RwRdlock:
  case OpKind::RwWrlock:
  case OpKind::SemWait:
  case OpKind::Once:
    races_.acquire(self, object(0));
    break;
  case OpKind::Trylock:
    if (result == 0) // taken (pthread_*_trylock and sem_trywait return 0 then)
      races_.acquire(self, object(0));
    break;
  case OpKind::CondWake:
    if (event.numAccesses > 1)
      races_.acquire(self, object(1)); // the mutex, taken again
    break;
  case OpKind::Unlock:
  case OpKind::RwUnlock:
  case OpKind::SemPost:
  case OpKind::OnceEnd:
    races_.release(self, object(0));
    break;
  case OpKind::Fork:
    if (event.otherThread != NoThread)
      races_.threadCreated(self, event.otherThread);
    break;
  case OpKind::Join:
    if (event.otherThread != NoThread)
      races_.joined(self, event.otherThread);
    break;
  case OpKind::AtomicBlock:
    races_.enterSection(self);
    break;
  case OpKind::BarrierWait:
    unsupported("pthread_barrier_wait");
    break;
  case OpKind::Fence:
    if (acquires(a[0]) || releases(a[0]))
      racesFenced_ = true;
    if (racesFenced_ && racesRelaxed_)
      unsupported("fences together with relaxed atomic accesses");
    break;
  default:
    break;
  }
}

void Execution::endStepForRaces(ProgramThread &thread) {
  if (!options_.detectDataRaces)
    return;
  ThreadId self = thread.state.threadId;
  if (thread.atomicDepth == 0)
    races_.leaveSection(self);
  if (thread.stage == runtime::Stage::Terminated)
    races_.threadEnded(self);
}

} // namespace bpor
