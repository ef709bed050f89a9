#include "runtime/race/RaceCheck.h"

#include <fmt/format.h>

namespace bpor::runtime {

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

bool overlap(const Access &a, const Access &b) {
  return a.address < b.address + b.size && b.address < a.address + a.size;
}

RaceFinding unsupported(uint32_t location, const std::string &what) {
  return {ErrorKind::Unsupported, location,
          fmt::format("data-race detection does not model {}", what)};
}

} // namespace

void RaceCheck::reset(RaceDetection mode) {
  if (mode == RaceDetection::HappensBefore)
    clocks_.reset();
  fenced_ = relaxed_ = false;
  stepAccesses_.clear();
  sectionWatch_.clear();
}

bool RaceCheck::accessIsAtomic(const ProgramThread &thread, const Operation &op,
                               uint64_t &order) {
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

std::optional<RaceFinding> RaceCheck::noteOperation(RaceDetection mode,
                                                    const ProgramThread &thread,
                                                    const Operation &event, RaceStepPart part,
                                                    Slot result, const RaceContext &context) {
  ThreadId self = thread.state.threadId;
  auto object = [&](unsigned k) { return event.accesses[k].address; };

  if (mode == RaceDetection::CoEnabled) {
    std::optional<RaceFinding> finding;
    if (part == RaceStepPart::Done && event.kind == OpKind::Fork && thread.atomicDepth > 0)
      finding = unsupported(event.location, "thread creation inside an atomic section");
    if (part != RaceStepPart::Done || !isDataAccess(event.kind))
      return finding;
    uint64_t order = 0;
    bool atomic = accessIsAtomic(thread, event, order);
    if (order != 0 && order != SeqCst)
      return unsupported(event.location,
                         "atomic accesses weaker than seq_cst in the stateful search (it "
                         "checks races as sequentially consistent interleavings)");
    for (unsigned k = 0; k < event.numAccesses; ++k)
      stepAccesses_.push_back(StepAccess{event.accesses[k], atomic});
    return finding;
  }

  const Slot *a = thread.request.args;
  if (part == RaceStepPart::Waiting) {
    if (event.kind == OpKind::CondWait && event.numAccesses > 1)
      clocks_.release(self, object(1)); // the mutex, released while waiting
    else if (event.kind == OpKind::BarrierWait) // an arrival: into its generation's clock
      clocks_.release(self, object(0));
    return std::nullopt;
  }
  if (part != RaceStepPart::Done)
    return std::nullopt;

  if (isDataAccess(event.kind)) {
    uint64_t order = 0;
    bool atomic = accessIsAtomic(thread, event, order);
    bool rmw = thread.request.id == Ext::Rmw || thread.request.id == Ext::Cmpxchg;
    if (order == 2)
      relaxed_ = true;
    for (unsigned k = 0; k < event.numAccesses; ++k) {
      const Access &access = event.accesses[k];
      std::optional<Race> race = clocks_.access(self, access.address, access.size, access.write,
                                                atomic, event.location);
      if (!race)
        continue;
      std::string earlierAt = context.model.describeLocation(race->earlier.location);
      // The error's own location is the later access's: the message names the earlier one.
      return RaceFinding{
          ErrorKind::DataRace, event.location,
          fmt::format("data race on {} between the {} in {}{} and this {} in {}, unordered "
                      "by synchronisation",
                      context.memory.describe(race->address),
                      accessName(race->earlier.write, race->earlier.atomic),
                      threadLabel(context.model, race->earlier.thread),
                      earlierAt.empty() ? "" : " at " + earlierAt,
                      accessName(race->later.write, race->later.atomic),
                      threadLabel(context.model, self))};
    }
    if (order != 0 && acquires(order))
      clocks_.acquire(self, object(0));
    if (order != 0 && releases(order)) {
      if (rmw)
        clocks_.acquire(self, object(0)), clocks_.release(self, object(0));
      else
        clocks_.release(self, object(0));
    } else if (order != 0 && !rmw && event.kind == OpKind::Store) {
      clocks_.endReleaseSequence(object(0)); // a relaxed store heads no release sequence
    }
    if (fenced_ && relaxed_)
      return unsupported(event.location, "fences together with relaxed atomic accesses");
    return std::nullopt;
  }

  switch (event.kind) {
  case OpKind::Lock:
  case OpKind::RwRdlock:
  case OpKind::RwWrlock:
  case OpKind::SemWait:
  case OpKind::Once:
    clocks_.acquire(self, object(0));
    break;
  case OpKind::Trylock:
    if (result == 0) // taken (pthread_*_trylock and sem_trywait return 0 then)
      clocks_.acquire(self, object(0));
    break;
  case OpKind::CondWake:
    if (event.numAccesses > 1)
      clocks_.acquire(self, object(1)); // the mutex, taken again
    break;
  case OpKind::Unlock:
  case OpKind::RwUnlock:
  case OpKind::SemPost:
  case OpKind::OnceEnd:
    clocks_.release(self, object(0));
    break;
  case OpKind::Fork:
    if (event.otherThread != NoThread)
      clocks_.threadCreated(self, event.otherThread);
    break;
  case OpKind::Join:
    if (event.otherThread != NoThread)
      clocks_.joined(self, event.otherThread);
    break;
  case OpKind::AtomicBlock:
    clocks_.enterSection(self);
    break;
  case OpKind::BarrierWait:
    // A departure: after every arrival of its generation (runtime/sync/Barrier.h; the byte of
    // the generation's parity, which the arrivals released into).
    clocks_.acquire(self, object(0));
    break;
  case OpKind::Fence:
    if (acquires(a[0]) || releases(a[0]))
      fenced_ = true;
    if (fenced_ && relaxed_)
      return unsupported(event.location, "fences together with relaxed atomic accesses");
    break;
  default:
    break;
  }
  return std::nullopt;
}

std::optional<RaceFinding> RaceCheck::endStep(RaceDetection mode, const ProgramThread &thread,
                                              uint32_t location, bool running,
                                              const RaceContext &context) {
  ThreadId self = thread.state.threadId;
  if (mode == RaceDetection::HappensBefore) {
    if (thread.atomicDepth == 0)
      clocks_.leaveSection(self);
    if (thread.stage == Stage::Terminated)
      clocks_.threadEnded(self);
    return std::nullopt;
  }
  if (mode != RaceDetection::CoEnabled)
    return std::nullopt;
  // This thread's atomic section ran (or ran on): its accesses against the plain ones other
  // threads made while it was pending. Nothing synchronised the two: this thread did not move.
  std::optional<RaceFinding> finding;
  if (running)
    finding = againstWatched(thread, location, context);
  if (thread.atomicDepth == 0)
    std::erase_if(sectionWatch_, [&](const WatchedAccess &w) { return w.section == self; });
  if (running && !finding && !stepAccesses_.empty())
    finding = againstPending(thread, location, context);
  if (running && !finding) {
    // Plain accesses made while another thread's section is pending: compared when it runs.
    for (ThreadId t = 0; t < context.numThreads; ++t) {
      const ProgramThread &other = context.threads[t];
      if (t == self || other.stage == Stage::Terminated ||
          other.pending.kind != OpKind::AtomicBlock)
        continue;
      for (const StepAccess &done : stepAccesses_)
        if (!done.atomic)
          sectionWatch_.push_back(WatchedAccess{t, self, done.access, location});
    }
  }
  stepAccesses_.clear();
  return finding;
}

std::optional<RaceFinding> RaceCheck::againstWatched(const ProgramThread &thread,
                                                     uint32_t location,
                                                     const RaceContext &context) const {
  ThreadId self = thread.state.threadId;
  for (const WatchedAccess &watched : sectionWatch_) {
    if (watched.section != self)
      continue;
    for (const StepAccess &done : stepAccesses_) {
      const Access &earlier = watched.access;
      if (!overlap(done.access, earlier) || !(done.access.write || earlier.write))
        continue;
      std::string earlierAt = context.model.describeLocation(watched.location);
      return RaceFinding{
          ErrorKind::DataRace, location,
          fmt::format("data race on {} between the {} in {}{} and this {} in {}, unordered "
                      "by synchronisation",
                      context.memory.describe(std::max(done.access.address, earlier.address)),
                      accessName(earlier.write, false), threadLabel(context.model, watched.by),
                      earlierAt.empty() ? "" : " at " + earlierAt,
                      accessName(done.access.write, done.atomic),
                      threadLabel(context.model, self))};
    }
  }
  return std::nullopt;
}

std::optional<RaceFinding> RaceCheck::againstPending(const ProgramThread &thread,
                                                     uint32_t location,
                                                     const RaceContext &context) const {
  ThreadId self = thread.state.threadId;
  for (ThreadId t = 0; t < context.numThreads; ++t) {
    const ProgramThread &other = context.threads[t];
    if (t == self || other.stage == Stage::Terminated || !isDataAccess(other.pending.kind))
      continue;
    uint64_t order = 0;
    bool otherAtomic = accessIsAtomic(other, other.pending, order);
    for (const StepAccess &done : stepAccesses_)
      for (unsigned k = 0; k < other.pending.numAccesses; ++k) {
        const Access &next = other.pending.accesses[k];
        if (!overlap(done.access, next) || !(done.access.write || next.write) ||
            (done.atomic && otherAtomic))
          continue;
        std::string nextAt = context.model.describeLocation(other.pending.location);
        return RaceFinding{
            ErrorKind::DataRace, location,
            fmt::format("data race on {} between this {} in {} and the {} {} is about to "
                        "make{}, unordered by synchronisation",
                        context.memory.describe(std::max(done.access.address, next.address)),
                        accessName(done.access.write, done.atomic),
                        threadLabel(context.model, self), accessName(next.write, otherAtomic),
                        threadLabel(context.model, t), nextAt.empty() ? "" : " at " + nextAt)};
      }
  }
  return std::nullopt;
}

void RaceCheck::writeState(StateWriter &out) const {
  out.tag('W');
  out.u64(sectionWatch_.size());
  for (const WatchedAccess &w : sectionWatch_) {
    out.u32(w.section);
    out.u32(w.by);
    out.u64(w.access.address);
    out.u64(w.access.size);
    out.u8(w.access.write);
    out.u32(w.location);
  }
}

} // namespace bpor::runtime
