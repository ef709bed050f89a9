// The runtime's record of one program thread: its interpreter state plus everything the
// synchronisation semantics need (where it waits, what it returned, whether it was joined).
#pragma once

#include "checker/Model.h"
#include "interp/Interpreter.h"
#include "runtime/Externals.h"

#include <utility>
#include <vector>

namespace bpor::runtime {

/// Where a live thread stands with respect to its pending operation.
enum class Stage : uint8_t {
  AtCall,        // paused at a visible call; `request` is that call
  CondWake,      // executed the CondWait half of a cond wait; the pending op is the CondWake
  BarrierDepart, // arrived at a barrier (not last); waits for the generation to complete
  MainReturned,  // main returned: the pending op is the program's Exit
  Terminated,
};

/// The visible call a paused thread stands at, decoded from its ExternalCall (whose storage
/// does not outlive the handler).
struct Request {
  static constexpr unsigned MaxArgs = 6;
  Ext id = Ext::Fence;
  uint8_t numResultSlots = 0;
  Slot args[MaxArgs] = {};
};

struct ProgramThread {
  ThreadState state;
  Operation pending;
  Request request;
  Stage stage = Stage::AtCall;
  bool detached = false;
  bool joined = false;
  /// Inside __bpor_atomic_begin/end: visible calls are performed without pausing.
  uint32_t atomicDepth = 0;
  /// pthread_create inside an atomic block: the child's prefix runs once the handler returned.
  bool needsInitialRun = false;
  Slot exitValue = 0;
  /// Returned from its start routine or called pthread_exit: now running key destructors.
  bool exiting = false;
  /// The init routine of the pthread_once this thread was just made the runner of.
  Address onceRoutine = 0;
  // Stage::CondWake
  Address waitCond = 0;
  /// Spurious wakeups this thread has had in this execution (ExecutionOptions).
  uint32_t spuriousWakeups = 0;
  Address waitMutex = 0;
  uint32_t waitDepth = 0;
  // Stage::BarrierDepart
  Address barrier = 0;
  uint64_t barrierGeneration = 0;
  /// Thread-specific data (pthread_setspecific): key -> value.
  std::vector<std::pair<uint32_t, Slot>> specific;

  /// Ready for reuse as thread `id` (keeps allocated capacity: restart() must be cheap).
  void reset(ThreadId id) {
    state.threadId = id;
    state.status = RunResult::Ready;
    state.frames.clear();
    state.slots.clear();
    state.allocas.clear();
    state.returnValue.clear();
    state.fault = Fault{};
    pending = Operation{};
    request = Request{};
    stage = Stage::AtCall;
    detached = joined = needsInitialRun = false;
    atomicDepth = 0;
    exitValue = 0;
    exiting = false;
    onceRoutine = 0;
    waitCond = waitMutex = 0;
    spuriousWakeups = 0;
    waitDepth = 0;
    barrier = 0;
    barrierGeneration = 0;
    specific.clear();
  }
};

} // namespace bpor::runtime
