// Data-race detection in an Execution (ExecutionOptions::raceDetection). After each operation is
// performed:
// - HappensBefore: its happens-before edges and memory accesses go to the RaceDetector (vector
//   clocks, runtime/race/RaceDetector.h), and a race fails the execution with
//   ErrorKind::DataRace. Every search that covers every trace finds every race.
// - CoEnabled: the step's accesses are kept, and at the end of the step each is compared with
//   the access every other thread is about to make. Two conflicting accesses, not both atomic,
//   that are pending at once can run one right after the other, unordered: a race. Conversely
//   every race of a sequentially consistent program has such a state (race-reversal: a search
//   that explores every trace reverses the race and runs the second access while the first is
//   pending). The validation compares the two (PipelineValidation.DataRaces).
#include "runtime/Execution.h"

#include <fmt/format.h>

namespace bpor {

using runtime::Ext;
using runtime::Stage;

namespace {

// llvm::AtomicOrdering values (runtime/bpor_abi.h): 0 not atomic, 2 monotonic (relaxed),
// 4 acquire, 5 release, 6 acq_rel, 7 seq_cst.
constexpr uint64_t SeqCst = 7;
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

std::string accessName(bool write, bool atomic) {
  return fmt::format("{}{}", atomic ? "atomic " : "", write ? "write" : "read");
}

} // namespace

bool Execution::accessIsAtomic(const ProgramThread &thread, const Operation &op,
                               uint64_t &order) const {
  const Slot *a = thread.request.args;
  order = 0;
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
    order = (op.value & mask) == (a[1] & mask) ? a[4] : a[5]; // success or failure order
    rmw = true;
    break;
  }
  default:
    break;
  }
  return order != 0 || rmw || thread.atomicDepth > 0;
}

void Execution::noteForRaces(ProgramThread &thread, const Operation &event, Performed performed,
                             Slot result) {
  RaceDetection mode = options_.raceDetection;
  if (mode == RaceDetection::Off || status_ != ExecStatus::Running)
    return;
  ThreadId self = thread.state.threadId;
  auto object = [&](unsigned k) { return event.accesses[k].address; };
  auto unsupported = [&](const std::string &what) {
    fail(ErrorKind::Unsupported, thread, event.location,
         fmt::format("data-race detection does not model {}", what));
  };

  if (mode == RaceDetection::CoEnabled) {
    if (performed == Performed::Complete && event.kind == OpKind::Fork && thread.atomicDepth > 0)
      unsupported("thread creation inside an atomic section");
    if ((performed != Performed::Complete &&
         !(performed == Performed::Retry && thread.callGranted)) ||
        !isDataAccess(event.kind))
      return;
    uint64_t order = 0;
    bool atomic = accessIsAtomic(thread, event, order);
    if (order != 0 && order != SeqCst)
      return unsupported("atomic accesses weaker than seq_cst in the stateful search (it "
                         "checks races as sequentially consistent interleavings)");
    for (unsigned k = 0; k < event.numAccesses; ++k)
      stepAccesses_.push_back(StepAccess{event.accesses[k], atomic});
    return;
  }

  const Slot *a = thread.request.args;
  if (performed == Performed::Waiting) {
    if (event.kind == OpKind::CondWait && event.numAccesses > 1)
      races_.release(self, object(1)); // the mutex, released while waiting
    else if (event.kind == OpKind::BarrierWait) // an arrival: into its generation's clock
      races_.release(self, object(0));
    return;
  }
  // A granted output call (Performer::AtCall) makes its accesses as it runs again in this step.
  if (performed != Performed::Complete && !(performed == Performed::Retry && thread.callGranted))
    return;

  if (isDataAccess(event.kind)) {
    uint64_t order = 0;
    bool atomic = accessIsAtomic(thread, event, order);
    bool rmw = thread.request.id == Ext::Rmw || thread.request.id == Ext::Cmpxchg;
    if (order == 2)
      racesRelaxed_ = true;
    for (unsigned k = 0; k < event.numAccesses; ++k) {
      const Access &access = event.accesses[k];
      std::optional<runtime::Race> race = races_.access(self, access.address, access.size,
                                                        access.write, atomic, event.location);
      if (!race)
        continue;
      std::string earlierAt = describeLocation(race->earlier.location);
      // The error's own location is the later access's: the message names the earlier one.
      fail(ErrorKind::DataRace, thread, event.location,
           fmt::format("data race on {} between the {} in {}{} and this {} in {}, unordered "
                       "by synchronisation",
                       memory_.describe(race->address),
                       accessName(race->earlier.write, race->earlier.atomic),
                       threadLabel(*this, race->earlier.thread),
                       earlierAt.empty() ? "" : " at " + earlierAt,
                       accessName(race->later.write, race->later.atomic),
                       threadLabel(*this, self)));
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
    // A departure: after every arrival of its generation (runtime/sync/Barrier.h; the byte of
    // the generation's parity, which the arrivals released into).
    races_.acquire(self, object(0));
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
  RaceDetection mode = options_.raceDetection;
  if (mode == RaceDetection::HappensBefore) {
    ThreadId self = thread.state.threadId;
    if (thread.atomicDepth == 0)
      races_.leaveSection(self);
    if (thread.stage == Stage::Terminated)
      races_.threadEnded(self);
    return;
  }
  if (mode != RaceDetection::CoEnabled)
    return;
  ThreadId self = thread.state.threadId;
  // This thread's atomic section ran (or ran on): its accesses against the plain ones other
  // threads made while it was pending. Nothing synchronised the two: this thread did not move.
  for (const WatchedAccess &watched : sectionWatch_) {
    if (watched.section != self || status_ != ExecStatus::Running)
      continue;
    for (const StepAccess &done : stepAccesses_) {
      const Access &earlier = watched.access;
      bool overlap = done.access.address < earlier.address + earlier.size &&
                     earlier.address < done.access.address + done.access.size;
      if (!overlap || !(done.access.write || earlier.write))
        continue;
      std::string earlierAt = describeLocation(watched.location);
      fail(ErrorKind::DataRace, thread, event_.location,
           fmt::format("data race on {} between the {} in {}{} and this {} in {}, unordered "
                       "by synchronisation",
                       memory_.describe(std::max(done.access.address, earlier.address)),
                       accessName(earlier.write, false), threadLabel(*this, watched.by),
                       earlierAt.empty() ? "" : " at " + earlierAt,
                       accessName(done.access.write, done.atomic), threadLabel(*this, self)));
      break;
    }
  }
  if (thread.atomicDepth == 0)
    std::erase_if(sectionWatch_, [&](const WatchedAccess &w) { return w.section == self; });
  if (stepAccesses_.empty() || status_ != ExecStatus::Running) {
    stepAccesses_.clear();
    return;
  }
  for (ThreadId t = 0; t < numThreads_ && status_ == ExecStatus::Running; ++t) {
    const ProgramThread &other = threads_[t];
    if (t == self || other.stage == Stage::Terminated || !isDataAccess(other.pending.kind))
      continue;
    uint64_t order = 0;
    bool otherAtomic = accessIsAtomic(other, other.pending, order);
    for (const StepAccess &done : stepAccesses_)
      for (unsigned k = 0; k < other.pending.numAccesses; ++k) {
        const Access &next = other.pending.accesses[k];
        bool overlap = done.access.address < next.address + next.size &&
                       next.address < done.access.address + done.access.size;
        if (!overlap || !(done.access.write || next.write) || (done.atomic && otherAtomic))
          continue;
        std::string nextAt = describeLocation(other.pending.location);
        fail(ErrorKind::DataRace, thread, event_.location,
             fmt::format("data race on {} between this {} in {} and the {} {} is about to "
                         "make{}, unordered by synchronisation",
                         memory_.describe(std::max(done.access.address, next.address)),
                         accessName(done.access.write, done.atomic), threadLabel(*this, self),
                         accessName(next.write, otherAtomic), threadLabel(*this, t),
                         nextAt.empty() ? "" : " at " + nextAt));
        stepAccesses_.clear();
        return;
      }
  }
  // Plain accesses made while another thread's section is pending: compared when it runs.
  for (ThreadId t = 0; t < numThreads_; ++t) {
    const ProgramThread &other = threads_[t];
    if (t == self || other.stage == Stage::Terminated || other.pending.kind != OpKind::AtomicBlock)
      continue;
    for (const StepAccess &done : stepAccesses_)
      if (!done.atomic)
        sectionWatch_.push_back(WatchedAccess{t, self, done.access, event_.location});
  }
  stepAccesses_.clear();
}

} // namespace bpor
