// The Execution as the interpreter's ExternalHandler: each external call is either answered at
// once (calls without concurrency semantics) or becomes the thread's pending visible operation.
#include "runtime/CommutingUpdates.h"
#include "runtime/Execution.h"
#include "runtime/libc/Format.h"

#include <bit>
#include <cerrno>
#include <fmt/format.h>
#include <optional>
#include <pthread.h>
#include <semaphore.h>

namespace bpor {

using runtime::Ext;
using runtime::Stage;

void Execution::setPending(ProgramThread &thread, OpKind kind, uint32_t location) {
  Operation &op = thread.pending;
  op = Operation{};
  op.thread = thread.state.threadId;
  op.kind = kind;
  op.location = location != 0 ? location : currentLocation(thread);
}

uint64_t Execution::syncFootprint(Address address, uint64_t typeSize) const {
  // The whole pthread object where it fits in its memory object (plain accesses to its bytes
  // then conflict with operations on it), at least one byte.
  uint64_t offset = 0;
  const MemoryObject *object = memory_.object(address, offset);
  if (!object || offset >= object->size)
    return 1;
  return std::max<uint64_t>(1, std::min<uint64_t>(typeSize, object->size - offset));
}

// A failed assumption outside an atomic block stops its thread for good and lets the others go
// on (Model.h, stoppedByFailedAssume). Inside an atomic block it ends the execution: no other
// thread may see the block's effects without the whole block having run, so there is nothing
// left to explore after it.
CallOutcome Execution::stopAtFailedAssume(ProgramThread &thread) {
  if (thread.atomicDepth > 0) {
    status_ = ExecStatus::Infeasible;
    return CallOutcome::Stop;
  }
  setPending(thread, OpKind::FailedAssume, 0);
  thread.stage = Stage::FailedAssume;
  return CallOutcome::Pause;
}

CallOutcome Execution::call(ThreadState &state, const ExternalCall &call, Slot *result) {
  ProgramThread &thread = threads_.modify(state.threadId);
  CallOutcome outcome = prepare(thread, call, result);
  if (outcome != CallOutcome::Pause || thread.atomicDepth == 0)
    return outcome;
  // Inside an atomic block: every visible operation is performed at once while it can be.
  if (isDataChoice(thread.pending.kind)) {
    // A data choice must be made by the checker: pause, but keep every other thread out.
    thread.pending.global = true;
    atomicOwner_ = state.threadId;
    return CallOutcome::Pause;
  }
  while (status_ == ExecStatus::Running && isEnabledThread(thread)) {
    Slot value = 0;
    Operation event = thread.pending;
    Performed performed = perform(thread, 0, value, event);
    noteForRaces(thread, event, performed, value);
    if (blockFootprint_.gathering())
      blockFootprint_.gather(event);
    switch (performed) {
    case Performed::Complete: {
      ExprId shadow = symbolic_.takeResultShadow();
      if (call.resultType.numSlots != 0) {
        result[0] = value;
        if (call.resultShadows)
          call.resultShadows[0] = shadow;
      }
      return CallOutcome::Return;
    }
    case Performed::Waiting:
      continue;
    case Performed::Retry:
      return CallOutcome::Retry;
    case Performed::Stopped:
      return CallOutcome::Stop;
    }
  }
  if (status_ != ExecStatus::Running)
    return CallOutcome::Stop;
  // Blocked inside the atomic block (a lock held elsewhere): the block is interrupted here.
  return CallOutcome::Pause;
}

CallOutcome Execution::prepareAttribute(ProgramThread &thread, const ExternalCall &call,
                                        Slot *result) {
  // Attribute objects hold our own format: the detach state (or mutex type) as an int at offset
  // 0, a thread's stack size as 8 bytes at offset 8 (0: the default). Like the setters above,
  // these calls are not visible: attribute objects are the caller's private data in practice.
  constexpr uint64_t DefaultStackSize = 8 << 20, MinStackSize = 16384;
  const Slot *a = thread.request.args;
  auto access = [&](Address address, uint64_t size, bool write, uint64_t &value) {
    MemoryFault fault =
        write ? memory_.write(address, size, value) : memory_.read(address, size, value);
    if (fault != MemoryFault::None)
      fail(ErrorKind::MemoryError, thread, currentLocation(thread),
           fmt::format("{}: {} of {} bytes at {} by {}", memoryFaultName(fault),
                       write ? "store" : "load", size, memory_.describe(address), call.name));
    return fault == MemoryFault::None;
  };
  uint64_t value = 0;
  result[0] = 0;
  switch (Ext(call.id)) {
  case Ext::AttrSetIgnored:
  case Ext::MutexattrSetIgnored:
    return CallOutcome::Return;
  case Ext::AttrGetdetachstate:
  case Ext::MutexattrGettype:
    if (!access(a[0], 4, false, value) || !access(a[1], 4, true, value))
      return CallOutcome::Stop;
    return CallOutcome::Return;
  case Ext::AttrSetstacksize:
    if (a[1] < MinStackSize) {
      result[0] = EINVAL;
      return CallOutcome::Return;
    }
    value = a[1];
    // The size (a size_t) is kept in the attribute object's bytes 8 onwards.
    return access(a[0] + 8, program_.pointerBytes(), true, value) ? CallOutcome::Return
                                                                  : CallOutcome::Stop;
  case Ext::AttrGetstacksize:
    if (!access(a[0] + 8, program_.pointerBytes(), false, value))
      return CallOutcome::Stop;
    if (value == 0)
      value = DefaultStackSize;
    return access(a[1], program_.pointerBytes(), true, value) ? CallOutcome::Return
                                                              : CallOutcome::Stop;
  default:
    return CallOutcome::Return;
  }
}

// The pending operation a row describes: its kind, its location and its accesses. An access at
// an argument that may be symbolic first waits for the decision whether it lies within its
// object, and covers the whole object (SymbolicData::addAccess).
CallOutcome Execution::prepareFromRow(ProgramThread &thread, const ExternalCall &call,
                                      const runtime::ExternalOp &row) {
  using runtime::AccessAt;
  using runtime::AccessSize;
  const Slot *a = thread.request.args;
  auto sizeOf = [&](const runtime::AccessRule &rule, Address address) -> uint64_t {
    switch (rule.size) {
    case AccessSize::Bytes: return rule.amount;
    case AccessSize::Arg: return a[rule.amount];
    case AccessSize::Words: return uint64_t(rule.amount) * program_.pointerBytes();
    case AccessSize::SyncObject: return syncFootprint(address, rule.amount);
    }
    return 1;
  };
  // Only in symbolic mode may argument 0 hold a symbolic address.
  bool symbolicArg0 = symbolicMode() && (row.symbolicArgs & 1) != 0;
  auto symbolicAt = [&](const runtime::AccessRule &rule) {
    return symbolicArg0 && rule.at == AccessAt::Arg && rule.arg == 0;
  };
  if (symbolicArg0)
    for (const runtime::AccessRule &rule : row.accesses)
      if (symbolicAt(rule) &&
          symbolic_.addressDecision(call, sizeOf(rule, a[0]), thread.state.decision)) {
        setDecisionPending(thread);
        return CallOutcome::Pause;
      }
  setPending(thread, row.kind, row.locationArg < 0 ? 0 : uint32_t(a[row.locationArg]));
  Operation &op = thread.pending;
  op.blocking = row.enabled != runtime::Enabling::Always && row.kind == OpKind::Load;
  op.mutex = runtime::isPlainMutexOperation(row.id);
  op.detail = uint8_t(runtime::syncWordOf(row.id));
  // A wait that may wake without a signal is not modelled by the weak-memory search.
  if (row.id == Ext::CondWait && options_.spuriousWakeups)
    op.detail = uint8_t(SyncWord::CondOther);
  if (row.id == runtime::Ext::SpinYield) {
    op.spinLoop = true;
    op.value = thread.spinIteration;
  }
  for (const runtime::AccessRule &rule : row.accesses) {
    Address address = 0;
    switch (rule.at) {
    case AccessAt::None: continue;
    case AccessAt::Arg: address = a[rule.arg]; break;
    case AccessAt::ArgIfNotNull:
      address = a[rule.arg];
      if (address == 0)
        continue;
      break;
    case AccessAt::ThreadNumbering: address = ThreadNumberingAddress; break;
    case AccessAt::KeyTable: address = KeyTableAddress; break;
    case AccessAt::ExitTable: address = ExitTableAddress; break;
    case AccessAt::Clock: address = ClockAddress; break;
    case AccessAt::RandomState: address = RandomStateAddress; break;
    }
    if (symbolicAt(rule))
      symbolic_.addAccess(call, sizeOf(rule, address), rule.write, op);
    else
      op.addAccess(address, sizeOf(rule, address), rule.write);
  }
  // An update whose result the program ignores commutes with the others of its kind; so do
  // barrier arrivals (runtime/sync/Barrier.h).
  if (row.id == Ext::Rmw && thread.request.resultIgnored && op.numAccesses == 1 &&
      updatesCommute())
    op.accesses[0].update = uint64_t(runtime::commutingUpdate(uint32_t(a[3])));
  if (row.id == Ext::BarrierWait && op.numAccesses == 1)
    op.accesses[0] = runtime::barrierAccess(a[0], thread.passesAt(a[0]), /*arrival=*/true,
                                            thread.request.resultIgnored);
  return CallOutcome::Pause;
}

// longjmp to the setjmp whose token the buffer at `buffer` keeps, which then returns `value`
// (longjmp itself, and pthread_exit running a pthread_cleanup_push handler).
CallOutcome Execution::longjmpTo(ProgramThread &thread, Address buffer, Slot value,
                                 const char *what) {
  uint64_t token = 0;
  if (MemoryFault f = memory_.read(buffer, 8, token); f != MemoryFault::None) {
    memoryError(thread, f, buffer, 8, what);
    return CallOutcome::Stop;
  }
  if (!interp_->jumpTo(thread.state, token, value)) {
    fail(ErrorKind::AssertionFailure, thread, currentLocation(thread),
         "undefined behaviour: longjmp to a jmp_buf this thread did not set, or whose "
         "function has returned");
    return CallOutcome::Stop;
  }
  return CallOutcome::Jumped;
}

// A libc function of the bytes it reaches (Libc.cpp): visible when they may be shared, else
// performed at once.
CallOutcome Execution::prepareStringFunction(ProgramThread &thread, const ExternalCall &call,
                                             Slot *result) {
  Operation &op = thread.pending;
  setPending(thread, runtime::externalOp(thread.request.id).kind, 0);
  if (!libcFootprint(thread, op))
    return CallOutcome::Pause;
  Slot value = 0;
  if (performLibc(thread, value) == Performed::Stopped)
    return CallOutcome::Stop;
  if (call.resultType.numSlots != 0)
    result[0] = value;
  return CallOutcome::Return;
}

CallOutcome Execution::unsupportedCall(ProgramThread &thread, const ExternalCall &call) {
  fail(ErrorKind::Unsupported, thread, currentLocation(thread),
       fmt::format("call to the unsupported external function '{}'", call.name));
  return CallOutcome::Stop;
}

CallOutcome Execution::prepare(ProgramThread &thread, const ExternalCall &call, Slot *result) {
  if (call.id == ExternalRegistry::UnknownExternal) {
    return unsupportedCall(thread, call);
  }
  Ext id = Ext(call.id);
  identityUse_.note(call.id);
  auto arg = [&](unsigned i) -> Slot { return i < call.numArgs() ? call.arg(i) : 0; };
  // Decode the call: every visible operation is performed later from these.
  Request &request = thread.request;
  request.id = id;
  request.numResultSlots = uint8_t(std::min<unsigned>(call.resultType.numSlots, 1));
  request.resultIgnored = call.resultIgnored;
  request.resultBits = call.resultType.bits;
  for (unsigned i = 0; i < Request::MaxArgs; ++i)
    request.args[i] = arg(i);
  Slot *a = request.args;
  const runtime::ExternalOp &row = runtime::externalOp(id);
  request.enabled = row.enabled;
  switch (row.preparation) {
  case runtime::Preparation::Pending:
    return prepareFromRow(thread, call, row);
  case runtime::Preparation::Process:
    return prepareProcess(thread, call, result);
  case runtime::Preparation::Attribute:
    return prepareAttribute(thread, call, result);
  case runtime::Preparation::StringFunction:
    return prepareStringFunction(thread, call, result);
  case runtime::Preparation::FormattedOutput:
    return prepareFormattedOutput(thread, call, result);
  case runtime::Preparation::Output:
    return prepareOutput(thread, call, result);
  case runtime::Preparation::Heap:
    return prepareHeap(thread, call, result);
  case runtime::Preparation::Own:
    break;
  }
  // Code of its own: answered at once, or a footprint that depends on the state.
  Operation &op = thread.pending;
  auto loc32 = [](Slot s) { return uint32_t(s); };

  switch (id) {
  // ---- Scheduling, errors, exit ----
  case Ext::SpinStart:
  case Ext::SpinEnd: {
    auto it = std::find_if(thread.spinStarts.begin(), thread.spinStarts.end(),
                           [&](const auto &start) { return start.first == uint32_t(a[0]); });
    if (id == Ext::SpinStart && it == thread.spinStarts.end())
      thread.spinStarts.push_back({uint32_t(a[0]), thread.steps});
    else if (id == Ext::SpinStart)
      it->second = thread.steps;
    else
      thread.spinIteration = it == thread.spinStarts.end() ? 0 : thread.steps - it->second;
    return CallOutcome::Return;
  }
  case Ext::UpdateLoopYield:
    if (!options_.weakMemorySteps)
      return CallOutcome::Return;
    setPending(thread, OpKind::Yield, loc32(a[0]));
    op.spinLoop = true;
    op.value = thread.spinIteration;
    return CallOutcome::Pause;
  case Ext::AssertFail: {
    std::string assertion, file, function;
    memory_.readString(a[0], assertion);
    memory_.readString(a[1], file);
    memory_.readString(a[3], function);
    uint32_t location = locations_.intern(SourceLocation{file, uint32_t(a[2]), 0});
    if (failedForLeaks(thread, runtime::ProcessEnd::Abnormal))
      return CallOutcome::Stop;
    fail(ErrorKind::AssertionFailure, thread, location,
         function.empty() ? fmt::format("assertion '{}' failed", assertion)
                          : fmt::format("assertion '{}' failed in {}", assertion, function));
    return CallOutcome::Stop;
  }
  case Ext::ReachError:
    fail(ErrorKind::AssertionFailure, thread, currentLocation(thread), "reach_error() was called");
    error_.reachError = true;
    return CallOutcome::Stop;
  case Ext::CxxThrow: // (object, type info)
    interp_->setThrown(thread.state, a[0], a[1]);
    return CallOutcome::Throw;
  case Ext::Setjmp: { // (jmp_buf, ...): the buffer keeps the interpreter's token
    uint64_t token = interp_->saveJumpTarget(thread.state);
    if (MemoryFault f = memory_.write(a[0], 8, token);
        f != MemoryFault::None) {
      memoryError(thread, f, a[0], 8, "setjmp's jmp_buf");
      return CallOutcome::Stop;
    }
    result[0] = 0;
    return CallOutcome::Return;
  }
  case Ext::Longjmp: // (jmp_buf, value)
    return longjmpTo(thread, a[0], uint32_t(a[1]) == 0 ? 1 : uint32_t(a[1]), "longjmp's jmp_buf");
  case Ext::CxxTerminate:
    fail(ErrorKind::AssertionFailure, thread, currentLocation(thread),
         "std::terminate() was called");
    return CallOutcome::Stop;
  case Ext::CxxUnsupported: { // (what)
    std::string what;
    memory_.readString(a[0], what);
    fail(ErrorKind::Unsupported, thread, currentLocation(thread), what);
    return CallOutcome::Stop;
  }
  case Ext::Abort:
    if (options_.abortStopsThread && thread.atomicDepth == 0)
      return stopAtFailedAssume(thread);
    if (failedForLeaks(thread, runtime::ProcessEnd::Abnormal))
      return CallOutcome::Stop;
    fail(ErrorKind::AssertionFailure, thread, currentLocation(thread), "abort() was called");
    return CallOutcome::Stop;
  // ---- SV-COMP ----
  case Ext::Assume:
    if (call.argShadow(0) != ConcreteValue &&
        symbolic_.assumeDecision(call, thread.state.decision)) {
      setDecisionPending(thread); // the step adds the condition to the path condition
      return CallOutcome::Pause;
    }
    if (uint32_t(a[0]) != 0)
      return CallOutcome::Return;
    return stopAtFailedAssume(thread);
  case Ext::Nondet:
    if (symbolic_.on()) { // a fresh symbol
      symbolic_.nondet(thread, call, currentLocation(thread), result);
      return CallOutcome::Return;
    }
    setPending(thread, row.kind, loc32(a[2]));
    if (uint32_t classes = uint32_t(a[4]); classes != 0) {
      // __bpor_nondet_among: every value the program can tell apart, so no gap.
      op.numChoices = classes;
      return CallOutcome::Pause;
    }
    op.numChoices = nondetChoices(uint32_t(a[0]));
    if (a[0] >= 64 || op.numChoices < (uint64_t(1) << a[0]))
      coverage_.countPartialNondetDraw();
    return CallOutcome::Pause;
  case Ext::AtomicBegin:
    if (thread.atomicDepth > 0) {
      ++thread.atomicDepth;
      return CallOutcome::Return;
    }
    setPending(thread, row.kind, loc32(a[0]));
    op.global = !runtime::AtomicBlockFootprint::readNamed(memory_, call, op);
    return CallOutcome::Pause;
  case Ext::AtomicEnd:
    if (thread.atomicDepth > 0)
      --thread.atomicDepth;
    return CallOutcome::Return;

  // ---- Threads ----
  case Ext::ThreadJoin: {
    setPending(thread, row.kind, 0);
    if (a[0] != 0 && a[0] <= numThreads_) {
      op.otherThread = ThreadId(a[0] - 1);
      op.addAccess(threadHandleAddress(op.otherThread), 1, true);
    }
    if (a[1] != 0)
      op.addAccess(a[1], program_.pointerBytes(), true);
    return CallOutcome::Pause;
  }
  case Ext::ThreadExit:
    if (sync_.runsOnceRoutine(thread.state.threadId)) {
      // POSIX makes the control not done again, for the next caller to run the routine.
      fail(ErrorKind::Unsupported, thread, currentLocation(thread),
           "pthread_exit inside a pthread_once init routine");
      return CallOutcome::Stop;
    }
    if (interp_->unwindRunsCode(thread.state)) {
      fail(ErrorKind::Unsupported, thread, currentLocation(thread),
           "pthread_exit in C++ from inside a scope with destructors, pthread_cleanup_push "
           "handlers or catch (...) to run: glibc unwinds them, which is not modelled (return "
           "from the thread's function instead)");
      return CallOutcome::Stop;
    }
    thread.exitValue = a[0];
    // The innermost pthread_cleanup_push handler runs first: its __sigsetjmp returns 1.
    if (!thread.cleanupBuffers.empty())
      return longjmpTo(thread, thread.cleanupBuffers.back(), 1, "pthread_cleanup_push's buffer");
    thread.exiting = true;
    return CallOutcome::Stop;
  case Ext::CleanupPush: // (buffer)
    thread.cleanupBuffers.push_back(a[0]);
    return CallOutcome::Return;
  case Ext::CleanupPop:    // (buffer)
  case Ext::CleanupUnwind: { // (buffer): its handler has run, during pthread_exit
    // Down to and including the buffer (one a jump out of its block left behind goes too).
    auto &buffers = thread.cleanupBuffers;
    auto it = std::find(buffers.begin(), buffers.end(), a[0]);
    if (it != buffers.end())
      buffers.erase(it, buffers.end());
    if (id == Ext::CleanupPop)
      return CallOutcome::Return;
    if (!buffers.empty())
      return longjmpTo(thread, buffers.back(), 1, "pthread_cleanup_push's buffer");
    thread.exiting = true; // the exit value pthread_exit gave
    return CallOutcome::Stop;
  }
  case Ext::ThreadSelf:
    result[0] = threadHandle(thread.state.threadId);
    return CallOutcome::Return;
  case Ext::ThreadEqual:
    result[0] = a[0] == a[1];
    return CallOutcome::Return;
  case Ext::ThreadDetach:
    setPending(thread, row.kind, 0);
    if (a[0] != 0 && a[0] <= numThreads_)
      op.addAccess(threadHandleAddress(ThreadId(a[0] - 1)), 1, true);
    return CallOutcome::Pause;

  case Ext::MutexattrInit:
  case Ext::MutexattrSettype:
  case Ext::AttrInit:
  case Ext::AttrSetdetachstate: {
    // Attribute objects hold our own format: the type (or detach state) as an int at offset 0.
    // They are the caller's private data in practice, so writing them is not visible.
    bool setter = id == Ext::MutexattrSettype || id == Ext::AttrSetdetachstate;
    int32_t value = setter ? int32_t(a[1]) : 0;
    if (setter && (value < 0 || value > 2)) {
      result[0] = EINVAL;
      return CallOutcome::Return;
    }
    MemoryFault fault = memory_.write(a[0], 4, uint32_t(value));
    if (fault != MemoryFault::None) {
      fail(ErrorKind::MemoryError, thread, currentLocation(thread),
           fmt::format("{}: {} of an attribute at {}", memoryFaultName(fault), call.name,
                       memory_.describe(a[0])));
      return CallOutcome::Stop;
    }
    result[0] = 0;
    return CallOutcome::Return;
  }
  case Ext::MutexattrDestroy:
  case Ext::AttrDestroy:
  case Ext::AttrInitIgnored:
  case Ext::SetnameIgnored:
    result[0] = 0;
    return CallOutcome::Return;
  case Ext::Cancel:
    fail(ErrorKind::Unsupported, thread, currentLocation(thread),
         "pthread_cancel is not supported (cancellation points are not modelled)");
    return CallOutcome::Stop;

  case Ext::OnceUnlowered:
    fail(ErrorKind::Unsupported, thread, currentLocation(thread),
         "pthread_once called through a function pointer (only direct calls are modelled)");
    return CallOutcome::Stop;
  case Ext::Getspecific:
    result[0] = 0;
    for (auto &[key, value] : thread.specific)
      if (key == uint32_t(a[0]))
        result[0] = value;
    return CallOutcome::Return;
  case Ext::Setspecific:
    result[0] = 0;
    for (auto &[key, value] : thread.specific) {
      if (key == uint32_t(a[0])) {
        value = a[1];
        return CallOutcome::Return;
      }
    }
    thread.specific.emplace_back(uint32_t(a[0]), a[1]);
    return CallOutcome::Return;

  // ---- libc: memory ----
  // ---- libc: output and the rest ----
  case Ext::Abs: {
    int32_t v = int32_t(a[0]);
    result[0] = uint32_t(v < 0 ? -v : v);
    return CallOutcome::Return;
  }
  case Ext::Labs: {
    int64_t v = int64_t(a[0]);
    result[0] = uint64_t(v < 0 ? -v : v);
    return CallOutcome::Return;
  }
  case Ext::Getenv:
    result[0] = 0; // no environment variable is set
    return CallOutcome::Return;
  case Ext::AssertBsd: {
    std::string assertion, file;
    memory_.readString(a[0], assertion);
    memory_.readString(a[1], file);
    fail(ErrorKind::AssertionFailure, thread,
         locations_.intern(SourceLocation{file, uint32_t(a[2]), 0}),
         fmt::format("assertion '{}' failed", assertion));
    return CallOutcome::Stop;
  }
  case Ext::Getpid:
    result[0] = 4242; // one process, whose number nothing else depends on
    return CallOutcome::Return;
  default: // a row prepared from the table (prepareFromRow) never comes here
    break;
  }
  return unsupportedCall(thread, call);
}

} // namespace bpor
