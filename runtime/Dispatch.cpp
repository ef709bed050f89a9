// The Execution as the interpreter's ExternalHandler: each external call is either answered at
// once (calls without concurrency semantics) or becomes the thread's pending visible operation.
// This file decodes the call and routes it to the family its row names (runtime/handlers/), or
// makes the pending operation a row describes in full.
#include "runtime/CommutingUpdates.h"
#include "runtime/Execution.h"

namespace bpor {

using runtime::Ext;

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
    case AccessSize::SyncObject: return syncCalls_.footprint(address, rule.amount);
    }
    return 1;
  };
  // Only in symbolic mode may argument 0 hold a symbolic address.
  bool symbolicArg0 = symbolicMode() && keepsSymbolic(uint32_t(row.id), 0);
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
  context_.setPending(thread, row.kind, row.locationArg < 0 ? 0 : uint32_t(a[row.locationArg]));
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

CallOutcome Execution::prepare(ProgramThread &thread, const ExternalCall &call, Slot *result) {
  if (call.id == ExternalRegistry::UnknownExternal) {
    return context_.unsupportedCall(thread, call);
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
  const runtime::ExternalOp &row = runtime::externalOp(id);
  request.enabled = row.enabled;
  switch (row.preparation) {
  case runtime::Preparation::Pending:
    return prepareFromRow(thread, call, row);
  case runtime::Preparation::Process:
    return processCalls_.prepare(thread, call, result);
  case runtime::Preparation::Attribute:
    return syncCalls_.prepare(thread, call, result);
  case runtime::Preparation::StringFunction:
  case runtime::Preparation::FormattedOutput:
  case runtime::Preparation::Output:
  case runtime::Preparation::Libc:
    return libc_.prepare(thread, call, result);
  case runtime::Preparation::Heap:
    return heap_.prepare(thread, call, result);
  case runtime::Preparation::Cxx:
    return cxx_.prepare(thread, call, result);
  case runtime::Preparation::Own:
    break;
  }
  return prepareControl(thread, call, result);
}

} // namespace bpor
