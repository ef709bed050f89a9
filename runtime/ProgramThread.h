// The runtime's record of one program thread: its interpreter state plus everything the
// synchronisation semantics need (where it waits, what it returned). Whether it was joined or
// detached is not here (runtime/ThreadEnds.h): a join changes that of another thread, and
// changing a record shared with a checkpoint copies it (ThreadTable.h).
#pragma once

#include "core/CopyVector.h"
#include "core/Operation.h"
#include "interp/Interpreter.h"
#include "runtime/Externals.h"

#include <utility>
#include <vector>

namespace bpor::runtime {

/// Where a live thread stands with respect to its pending operation.
enum class Stage : uint8_t {
  AtCall,        // paused at a visible call; `request` is that call
  CondWake,      // executed the CondWait half of a cond wait; the pending op is the CondWake
  // Under ExecutionOptions::weakMemorySteps a cond wait is four steps, each on one object:
  // CondWait (becomes a waiter), then these two, around CondWake (takes its wakeup).
  CondUnlock, // the pending op is the Unlock of the wait's mutex
  CondRelock, // the pending op is the Lock of the wait's mutex
  BarrierDepart, // arrived at a barrier (not last); waits for the generation to complete
  MainReturned,  // main returned: the pending op is the program's Exit
  FailedAssume,  // stopped for good at a failed assumption (OpKind::FailedAssume): never enabled
  Terminated,
};

/// The visible call a paused thread stands at, decoded from its ExternalCall (whose storage
/// does not outlive the handler).
struct Request {
  /// The most arguments a modelled function takes (__bpor_cmpxchg: 7, its location the last).
  static constexpr unsigned MaxArgs = 7;
  Ext id = Ext::Fence;
  /// externalOp(id).enabled, kept here because enabledness is asked of every thread at every
  /// step and the request is already in cache.
  Enabling enabled = Enabling::Always;
  uint8_t numResultSlots = 0;
  /// The program never uses the call's result (ExternalCall::resultIgnored).
  bool resultIgnored = false;
  /// The width of an integer result (strtol's long is 32 bits in a 32-bit program).
  uint16_t resultBits = 0;
  Slot args[MaxArgs] = {};
};

/// A function to call at exit (atexit, __cxa_atexit, at_quick_exit) or at thread exit
/// (__cxa_thread_atexit), with the argument __cxa_atexit passes.
struct ExitHandler {
  Address function = 0;
  Slot argument = 0;
  bool withArgument = false; // __cxa_atexit and __cxa_thread_atexit pass `argument`
};

enum class NamedBlock : uint8_t { No, Reached, ReachedByOwn };

struct ProgramThread {
  ThreadState state;
  Operation pending;
  Request request;
  Stage stage = Stage::AtCall;
  /// Inside __bpor_atomic_begin/end: visible calls are performed without pausing.
  uint32_t atomicDepth = 0;
  /// Whether the pending operation is an atomic block whose footprint the pass named, and
  /// whether a symbolic value reaches it from the thread's own slots or stack objects. Its
  /// `global` says whether the block may stop inside itself (Execution::mayDecideInsideBlock);
  /// if not from the thread's own values, a write of a symbolic value into the footprint can
  /// change that, so it is reconsidered after each step.
  NamedBlock namedBlock = NamedBlock::No;
  /// pthread_create inside an atomic block: the child's prefix runs once the handler returned.
  bool needsInitialRun = false;
  Slot exitValue = 0;
  ExprId exitShadow = ConcreteValue; // symbolic mode: exitValue's expression
  /// Returned from its start routine or called pthread_exit: now running key destructors.
  bool exiting = false;
  // Stage::CondWake (and CondUnlock, CondRelock)
  Address waitCond = 0;
  /// The condition variable's and the mutex's accesses of the wait, for its steps on one of
  /// them (weakMemorySteps).
  Access waitAccesses[2] = {};
  /// Spurious wakeups this thread has had in this execution (ExecutionOptions).
  uint32_t spuriousWakeups = 0;
  Address waitMutex = 0;
  uint32_t waitDepth = 0;
  // Stage::BarrierDepart: the generation waited for, and whether this thread's arrival
  // completed it (it returns PTHREAD_BARRIER_SERIAL_THREAD).
  Address barrier = 0;
  uint64_t barrierGeneration = 0;
  bool barrierSerial = false;
  /// Per barrier, sorted by address: the arrivals this thread made there since the barrier was
  /// initialised, which number its next arrival's generation (runtime/sync/Barrier.h).
  CopyVector<std::pair<Address, uint64_t>> barrierPasses;
  uint64_t passesAt(Address at) const {
    for (const auto &[address, passes] : barrierPasses)
      if (address == at)
        return passes;
    return 0;
  }
  void countBarrierPass(Address at) {
    auto it = barrierPasses.begin();
    while (it != barrierPasses.end() && it->first < at)
      ++it;
    if (it != barrierPasses.end() && it->first == at)
      ++it->second;
    else
      barrierPasses.insert(it, {at, 1});
  }
  /// Thread-specific data (pthread_setspecific): key -> value.
  CopyVector<std::pair<uint32_t, Slot>> specific;
  /// This thread's copies of thread-local globals: (global's address, copy). Thread 0 uses the
  /// globals themselves.
  CopyVector<std::pair<Address, Address>> threadLocals;
  /// The function the thread runs for the user (Model::threadName): its start routine, or for
  /// std::thread the callable (Execution::shownStartFunction); 0 for thread 0 (main).
  Address startFunction = 0;
  /// This thread's errno (a 4-byte object made on first use), 0 before.
  Address errnoObject = 0;
  /// __cxa_thread_atexit handlers (C++ thread_local destructors), run last-registered first.
  CopyVector<ExitHandler> threadExitHandlers;
  /// The buffers of the pthread_cleanup_push handlers in force, innermost last: pthread_exit
  /// jumps to the last (its __sigsetjmp returns 1, and the handler runs).
  CopyVector<Address> cleanupBuffers;
  /// Nondet calls made so far (symbolic mode names the n-th call's symbol by it).
  uint32_t nondetCalls = 0;
  /// Visible steps taken in this execution, and per spin loop (the pass's number) that count
  /// when its iteration began: __bpor_spin_end sets spinIteration, the steps of the iteration
  /// ending, which the loop's yield then carries (Operation::value). Not part of the state.
  uint32_t steps = 0;
  CopyVector<std::pair<uint32_t, uint32_t>> spinStarts;
  uint32_t spinIteration = 0;
  /// Performer::AtCall: the visible step of the call the thread stands at was just taken, so the
  /// call, run again within that step, goes on at once. Always false between steps.
  bool callGranted = false;

  /// Ready for reuse as thread `id` (keeps allocated capacity: restart() must be cheap).
  void reset(ThreadId id) {
    state.threadId = id;
    state.status = RunResult::Ready;
    state.frames.clear();
    state.slots.clear();
    state.allocas.clear();
    state.returnValue.clear();
    state.returnShadows.clear();
    state.shadows.clear();
    state.decision = PendingDecision{};
    state.fault = Fault{};
    pending = Operation{};
    request = Request{};
    stage = Stage::AtCall;
    needsInitialRun = false;
    atomicDepth = 0;
    exitValue = 0;
    exitShadow = ConcreteValue;
    exiting = false;
    waitCond = waitMutex = 0;
    spuriousWakeups = 0;
    waitDepth = 0;
    barrier = 0;
    barrierGeneration = 0;
    barrierSerial = false;
    barrierPasses.clear();
    specific.clear();
    threadLocals.clear();
    errnoObject = 0;
    threadExitHandlers.clear();
    cleanupBuffers.clear();
    nondetCalls = 0;
    steps = 0;
    spinStarts.clear();
    spinIteration = 0;
  }
};

} // namespace bpor::runtime
