// Performing visible operations: whether a step can happen now, and routing it to the part that
// performs it (the family its row's Performer names); threads are created, joined and detached
// here, memory accesses in PerformMemory.cpp.
#include "core/NondetKind.h"
#include "runtime/Execution.h"

#include <bit>
#include <cerrno>
#include <fmt/format.h>
#include <llvm/IR/Instructions.h>

namespace bpor {

using runtime::Enabling;
using runtime::Ext;
using runtime::Performer;
using runtime::Stage;

bool Execution::isEnabledThread(const ProgramThread &thread) const {
  ThreadId self = thread.state.threadId;
  if (atomicOwner_ != NoThread && atomicOwner_ != self)
    return false;
  switch (thread.stage) {
  case Stage::Terminated:
  case Stage::FailedAssume:
    return false;
  case Stage::MainReturned:
    return true;
  case Stage::CondWake: {
    auto cond = sync_.conds.find(thread.waitCond);
    const runtime::Mutex *mutex = sync_.findMutex(thread.waitMutex);
    // In four steps the wakeup does not take the mutex: the step after it does.
    bool lockable = options_.weakMemorySteps || !mutex || !mutex->isHeld();
    return cond != sync_.conds.end() && cond->second.canWake(self) && lockable;
  }
  case Stage::CondUnlock:
    return true;
  case Stage::CondRelock: {
    const runtime::Mutex *mutex = sync_.findMutex(thread.waitMutex);
    return !mutex || !mutex->isHeld();
  }
  case Stage::BarrierDepart: {
    auto barrier = sync_.barriers.find(thread.barrier);
    // A destroyed barrier releases nobody: the waiter stays blocked (a deadlock is reported).
    return barrier != sync_.barriers.end() && barrier->second.isComplete(thread.barrierGeneration);
  }
  case Stage::AtCall:
    break;
  }
  if (thread.pending.kind == OpKind::Exit || thread.pending.kind == OpKind::Decision)
    return true;
  if (thread.request.enabled == Enabling::Always)
    return true;
  const Slot *a = thread.request.args;
  switch (thread.request.enabled) {
  case Enabling::MutexAvailable: {
    const runtime::Mutex *mutex = sync_.findMutex(a[0]);
    return !mutex || mutex->canLock(self);
  }
  case Enabling::RwlockReadable: {
    auto it = sync_.rwlocks.find(a[0]);
    return it == sync_.rwlocks.end() || it->second.canRdlock(self);
  }
  case Enabling::RwlockWritable: {
    auto it = sync_.rwlocks.find(a[0]);
    return it == sync_.rwlocks.end() || it->second.canWrlock(self);
  }
  case Enabling::SemaphorePositive: {
    auto it = sync_.semaphores.find(a[0]);
    return it != sync_.semaphores.end() && it->second.canWait();
  }
  case Enabling::JoinTargetEnded: {
    // Misuse (an invalid, detached or joined thread, or the thread itself) is enabled so that
    // the step reports it.
    if (a[0] == 0 || a[0] > numThreads_ || a[0] - 1 == self)
      return true;
    ThreadId target = ThreadId(a[0] - 1);
    return threads_[target].stage == Stage::Terminated || threadEnds_.detachedOrJoined(target);
  }
  case Enabling::FutexWordChanged: {
    // An untimed wait returns once the word differs from the expected value (a futex may also
    // wake spuriously, but its callers then find the same value and wait again). A timed one
    // may always return: woken if the word changed, timed out if not.
    uint64_t value = 0;
    if (a[2] != 0 || memory_.read(a[0], 4, value) != MemoryFault::None)
      return true; // the step reports an invalid address
    return uint32_t(value) != uint32_t(a[1]);
  }
  case Enabling::OnceNotRunning: {
    // Waits while another thread runs the routine. A thread calling it again from its own
    // routine is enabled: the step reports the deadlock.
    auto it = sync_.onces.find(a[0]);
    return it == sync_.onces.end() || it->second.done || it->second.runner == NoThread ||
           it->second.runner == self;
  }
  case Enabling::Always:
    return true;
  }
  return true;
}

Execution::Performed Execution::perform(ProgramThread &thread, uint32_t choice, Slot &result,
                                        Operation &event) {
  if (atomicOwner_ == thread.state.threadId)
    atomicOwner_ = NoThread;
  if (thread.pending.kind == OpKind::Exit)
    return processCalls_.perform(thread, result, event);
  if (thread.pending.kind == OpKind::Decision)
    return performDecision(thread, choice, event);
  if (uint32_t id = uint32_t(thread.request.id);
      memory_.hasShadows() && !touchesMemorySymbolically(id))
    symbolic_.concretise(thread.pending, readsPointees(id),
                         keepsMemoryPlainForWeakSearch(id) ? Concretisation::WeakMemoryAccess
                                                           : Concretisation::ExternalCall);
  switch (runtime::externalOp(thread.request.id).performer) {
  case Performer::Memory: {
    if (symbolic_.on())
      symbolic_.beforeMemoryOperation(thread, !options_.readsGivenValues);
    Performed performed = performMemory(thread, result, event);
    if (performed == Performed::Complete && symbolic_.on()) {
      symbolic_.afterMemoryOperation(thread);
      event.symbolicValue = symbolic_.valueWasSymbolic(thread);
    }
    return performed;
  }
  case Performer::Yield:
    result = 0;
    return Performed::Complete;
  case Performer::AtCall:
    thread.callGranted = true;
    return Performed::Retry;
  case Performer::FutexWait: {
    uint64_t value = 0;
    if (MemoryFault f = memory_.read(thread.request.args[0], 4, value); f != MemoryFault::None) {
      context_.memoryError(thread, f, thread.request.args[0], 4, "futex wait");
      return Performed::Stopped;
    }
    result = event.value = uint32_t(value) != uint32_t(thread.request.args[1]); // 1: woken
    return Performed::Complete;
  }
  case Performer::Nondet: {
    uint32_t bits = uint32_t(thread.request.args[0]);
    bool wholeType = bits == 1 || (options_.enumerateSmallNondet && bits <= 8);
    uint64_t value = 0;
    if (uint32_t(thread.request.args[4]) != 0) { // __bpor_nondet_among: the choice-th class
      Address at = thread.request.args[3] + uint64_t(choice) * sizeof(uint64_t);
      if (MemoryFault f = memory_.read(at, sizeof(uint64_t), value); f != MemoryFault::None) {
        context_.memoryError(thread, f, at, sizeof(uint64_t), "nondet value table");
        return Performed::Stopped;
      }
    } else if (NondetKind(thread.request.args[1]) == NondetKind::FloatBits) {
      // The domain's integers as floats, or the float domain's numbers (wholeType never holds:
      // 32 or 64 bits).
      if (!options_.nondetFloatDomain.empty()) {
        double number = options_.nondetFloatDomain[choice];
        value = bits == 32 ? std::bit_cast<uint32_t>(float(number))
                           : std::bit_cast<uint64_t>(number);
      } else {
        int64_t integer = options_.nondetDomain[choice];
        value = bits == 32 ? std::bit_cast<uint32_t>(float(integer))
                           : std::bit_cast<uint64_t>(double(integer));
      }
    } else {
      value = wholeType ? choice : uint64_t(options_.nondetDomain[choice]);
    }
    if (bits < 64)
      value &= (uint64_t(1) << bits) - 1;
    result = value;
    event.value = value;
    return Performed::Complete;
  }
  case Performer::AtomicBegin:
    thread.atomicDepth = 1;
    return Performed::Complete;
  case Performer::Process:
    return processCalls_.perform(thread, result, event);
  case Performer::Threads:
    return performThreads(thread, result, event);
  case Performer::Heap:
    return heap_.perform(thread, result);
  case Performer::Libc:
    return libc_.perform(thread, result);
  case Performer::Sync:
    return syncCalls_.perform(thread, result, event);
  case Performer::None:
    break;
  }
  context_.fail(ErrorKind::Unsupported, thread, thread.pending.location,
                "internal: a pending operation the table answers at the call");
  return Performed::Stopped;
}

Execution::Performed Execution::performThreads(ProgramThread &thread, Slot &result,
                                               Operation &event) {
  const Slot *a = thread.request.args;
  switch (thread.request.id) {
  case Ext::ThreadCreate: {
    Address handleAddress = a[0], attr = a[1], start = a[2];
    uint32_t handleBytes = program_.pointerBytes(); // pthread_t is an unsigned long
    if (MemoryFault f = memory_.check(handleAddress, handleBytes, true); f != MemoryFault::None) {
      context_.memoryError(thread, f, handleAddress, handleBytes, "pthread_create's thread store");
      return Performed::Stopped;
    }
    bool detached = false;
    if (attr != 0) {
      uint64_t state = 0;
      if (MemoryFault f = memory_.read(attr, 4, state); f != MemoryFault::None) {
        context_.memoryError(thread, f, attr, 4, "pthread_create's attribute read");
        return Performed::Stopped;
      }
      detached = state == PTHREAD_CREATE_DETACHED;
    }
    if (!program_.isDefined(start)) {
      context_.fail(ErrorKind::Unsupported, thread, thread.pending.location,
                    fmt::format("pthread_create with a start routine that is not a defined "
                                "function ({})",
                                memory_.describe(start)));
      return Performed::Stopped;
    }
    if (numThreads_ >= memory_.maxAllocatingThreads()) {
      context_.fail(ErrorKind::ResourceLimit, thread, thread.pending.location,
                    fmt::format("more than {} threads", memory_.maxAllocatingThreads()));
      return Performed::Stopped;
    }
    ProgramThread &child = newThread();
    ThreadId childId = child.state.threadId;
    if (detached)
      threadEnds_.detach(childId);
    memory_.write(handleAddress, handleBytes, threadHandle(childId));
    Slot arg = a[3];
    memory_.publish(arg, thread.state.threadId);
    interp_->start(child.state, start, std::span<const Slot>(&arg, 1));
    event.otherThread = childId;
    event.value = threadHandle(childId);
    child.startFunction = shownStartFunction(start, arg);
    event.written = child.startFunction; // for the trace (Operation::written)
    result = 0;
    if (insideRun_)
      child.needsInitialRun = childAwaitsInitialRun_ = true;
    else
      runThread(child);
    return status_ == ExecStatus::Running ? Performed::Complete : Performed::Stopped;
  }
  case Ext::ThreadJoin: {
    ThreadId targetId = threadOfHandle(a[0], numThreads_);
    if (targetId == NoThread) {
      result = ESRCH;
      return Performed::Complete;
    }
    if (targetId == thread.state.threadId) {
      result = EDEADLK;
      return Performed::Complete;
    }
    if (threadEnds_.detachedOrJoined(targetId)) {
      context_.fail(ErrorKind::ThreadsApiMisuse, thread, thread.pending.location,
                    fmt::format("pthread_join of thread {}, which is {}", targetId,
                                threadEnds_.detached(targetId) ? "detached" : "already joined"));
      return Performed::Stopped;
    }
    threadEnds_.join(targetId);
    const ProgramThread &target = threads_[targetId];
    if (a[1] != 0) {
      uint32_t resultBytes = program_.pointerBytes();
      if (MemoryFault f = memory_.write(a[1], resultBytes, target.exitValue);
          f != MemoryFault::None) {
        context_.memoryError(thread, f, a[1], resultBytes, "pthread_join's result store");
        return Performed::Stopped;
      }
      symbolic_.setValueShadow(a[1], resultBytes, target.exitShadow);
    }
    event.value = target.exitValue;
    event.symbolicValue = target.exitShadow != ConcreteValue;
    result = 0;
    return Performed::Complete;
  }
  case Ext::ThreadDetach: {
    ThreadId targetId = threadOfHandle(a[0], numThreads_);
    if (targetId == NoThread) {
      result = ESRCH;
      return Performed::Complete;
    }
    if (threadEnds_.detachedOrJoined(targetId)) {
      result = EINVAL;
      return Performed::Complete;
    }
    threadEnds_.detach(targetId);
    result = 0;
    return Performed::Complete;
  }
  default:
    return Performed::Complete;
  }
}

} // namespace bpor
