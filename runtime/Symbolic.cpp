// Symbolic nondet values in the runtime (docs/design.md, "Symbolic data"): nondet calls return
// fresh symbols, a thread that stands at a decision has a Decision as its pending operation, the
// step of a decision extends the path condition (and refreshes every concrete value if the
// path's model changed), and loads and stores carry expressions with the bytes.
#include "runtime/Execution.h"

#ifdef BPOR_WITH_Z3
#include "runtime/SymbolicRun.h"
#endif

#include <fmt/format.h>

namespace bpor {

using runtime::Ext;

// The interpreter asks these for any external call, also of a function the runtime does not
// model (an id past the table): such a call keeps nothing symbolic.
bool Execution::keepsSymbolic(uint32_t id, unsigned arg) const {
  const runtime::ExternalOp *op = runtime::findExternalOp(id);
  return op && arg < 8 && (op->symbolicArgs >> arg & 1) != 0;
}

bool Execution::touchesMemorySymbolically(uint32_t id) const {
  const runtime::ExternalOp *op = runtime::findExternalOp(id);
  return op && op->symbolicMemory;
}

bool Execution::readsPointees(uint32_t id) const {
  const runtime::ExternalOp *op = runtime::findExternalOp(id);
  return !op || op->readsPointees;
}

void Execution::setDecisionPending(ProgramThread &thread) {
  const PendingDecision &decision = thread.state.decision;
  setPending(thread, OpKind::Decision, 0);
  thread.pending.numChoices = decision.numChoices;
  thread.pending.detail = uint8_t(decision.kind);
  // Decisions constrain one shared path condition. An assumption writes it: it has no other
  // outcome, so one thread's assumption can stop another's thread for good. A branch, switch
  // or division only reads it: every outcome is explored, the conjunction of two threads'
  // outcomes is the same in either order, and an outcome one order makes infeasible is taken
  // in the other order only together with outcomes that order covers as well
  // (docs/design.md, "Symbolic data").
  thread.pending.addAccess(PathConditionAddress, 1, decision.kind == DecisionKind::Assume);
  if (thread.atomicDepth > 0) {
    // Inside an atomic block: the checker chooses, but no other thread may run meanwhile.
    thread.pending.global = true;
    atomicOwner_ = thread.state.threadId;
  }
}

void Execution::addAccessFootprint(const ExternalCall &call, uint64_t size, bool write,
                                   Operation &op) {
  // At a symbolic address the access may touch any part of its object, whichever value the
  // inputs take when it runs.
  symbolic_memory::Target target;
  if (symbolicTarget(call, size, target))
    op.addAccess(target.first, target.size, write);
  else
    op.addAccess(call.arg(0), size, write);
}

#ifdef BPOR_WITH_Z3

bool Execution::symbolicSupported() { return true; }

// The object a load or store at a symbolic address is confined to (interp/SymbolicMemory.h).
// False if the address is concrete, or if no small object holds it: then the address is fixed
// to its value, once, when the access is prepared (`fixIfNone`); later calls for the same
// access find it pinned by the path condition.
bool Execution::symbolicTarget(const ExternalCall &call, uint64_t size,
                               symbolic_memory::Target &target, bool fixIfNone) {
  ExprId address = call.argShadow(0);
  if (!symbolic_ || address == ConcreteValue)
    return false;
  if (symbolic_memory::findTarget(memory_, *symbolic_, address, call.arg(0), unsigned(size),
                                  target))
    return true;
  if (fixIfNone)
    symbolic_->concretise(address, call.arg(0), Concretisation::Address);
  return false;
}

void Execution::prepareSymbolicStore(ProgramThread &thread) {
  storedObjectShadow_.clear();
  ExternalCall call = interp_->pendingCall(thread.state);
  uint64_t size = std::min<uint64_t>(thread.request.args[2], 8);
  symbolic_memory::Target target;
  if (!symbolicTarget(call, size, target))
    return;
  ExprId value = call.argShadow(1) != ConcreteValue
                     ? call.argShadow(1)
                     : symbolic_->constant(thread.request.args[1], unsigned(8 * size));
  storedObjectShadow_ = symbolic_memory::storedBytes(memory_, *symbolic_, target, value);
}

// Before a load or store at a symbolic address: the thread pauses at the decision whether the
// access lies within its object, unless that is certain or already decided.
bool Execution::pausesAtAddressDecision(ProgramThread &thread, const ExternalCall &call,
                                        uint64_t size) {
  symbolic_memory::Target target;
  if (!symbolicTarget(call, size, target, true))
    return false;
  PendingDecision &decision = thread.state.decision;
  if (decision.kind == DecisionKind::Address && decision.decided) {
    decision = PendingDecision{}; // choice 1: within (choice 0 ended the execution)
    return false;
  }
  ExprId within = symbolic_memory::withinObject(*symbolic_, target);
  uint64_t constant = 0;
  if (symbolic_->isConstant(within, constant) && constant == 1)
    return false;
  decision = PendingDecision{DecisionKind::Address, within, 2, false};
  setDecisionPending(thread);
  thread.pending.location = currentLocation(thread);
  return true;
}

void Execution::enableSymbolicMode() {
  if (!options_.symbolicNondet)
    return;
  exprStore_ = std::make_shared<symbolic::ExprStore>();
  symbolic_ = std::make_shared<runtime::SymbolicRun>(*exprStore_, symbolicState_,
                                                     coverageGaps_.concretised);
  interp_->setSymbolic(symbolic_.get());
}

void Execution::resetSymbolicState() {
  symbolicState_ = runtime::SymbolicState{};
  symbolicState_.path = symbolicRoot_;
}

void Execution::anchorModel() {
  if (exprStore_)
    symbolicRoot_ = exprStore_->rootWithModelOf(symbolicState_.path);
}

void Execution::releaseModel() { symbolicRoot_ = symbolic::RootPath; }

uint64_t Execution::solverUnknowns() const {
  return coverageGaps_.solverUnknowns + (exprStore_ ? exprStore_->statistics().unknown : 0);
}

std::vector<NondetValue> Execution::nondetValues() {
  std::vector<NondetValue> values;
  if (!symbolic_)
    return values;
  for (const runtime::NondetInput &input : symbolic_->state.inputs)
    values.push_back(NondetValue{input.thread, input.location, input.bits, input.isSigned,
                                 symbolic_->value(input.symbol), input.afterStep});
  return values;
}

CallOutcome Execution::symbolicNondet(ProgramThread &thread, const ExternalCall &call,
                                      Slot *result) {
  unsigned bits = std::clamp<unsigned>(unsigned(call.arg(0)), 1, 64);
  ExprId symbol = exprStore_->symbol(thread.state.threadId, thread.nondetCalls++, bits);
  symbolic_->state.inputs.push_back(
      runtime::NondetInput{thread.state.threadId, currentLocation(thread), uint8_t(bits),
                           call.arg(1) != 0, symbol, symbolicState_.steps});
  result[0] = symbolic_->value(symbol);
  if (call.resultShadows)
    call.resultShadows[0] = symbol;
  return CallOutcome::Return;
}

bool Execution::prepareSymbolicAssume(ProgramThread &thread, const ExternalCall &call) {
  ExprId holds =
      symbolic_->binary(interp::Op::ICmpNe, 32, call.argShadow(0), symbolic_->constant(0, 32));
  uint64_t constant = 0;
  if (symbolic_->isConstant(holds, constant))
    return false;
  thread.state.decision = PendingDecision{DecisionKind::Assume, holds, 1, false};
  setDecisionPending(thread);
  thread.pending.location = currentLocation(thread);
  return true;
}

Execution::Performed Execution::performDecision(ProgramThread &thread, uint32_t choice,
                                                Operation &event) {
  PendingDecision &decision = thread.state.decision;
  symbolic::ExprStore &store = *exprStore_;
  ExprId outcome = ConcreteValue;
  switch (decision.kind) {
  case DecisionKind::Branch:
  case DecisionKind::Division:
  case DecisionKind::Address:
    outcome = choice == 1 ? decision.expr : store.negate(decision.expr);
    break;
  case DecisionKind::Assume:
    outcome = decision.expr;
    break;
  case DecisionKind::Switch: {
    const Frame &frame = thread.state.frames.back();
    const interp::Function &function = program_.function(frame.function);
    const uint64_t *table = function.extra.data() + function.code[frame.pc].imm;
    uint64_t numCases = table[0];
    if (choice < numCases) {
      outcome = store.equals(decision.expr, store.constant(table[2 + 2 * choice], 64));
    } else {
      outcome = store.constant(1, 1);
      for (uint64_t i = 0; i < numCases; ++i)
        outcome = store.binary(
            interp::Op::And, 1, outcome,
            store.negate(store.equals(decision.expr, store.constant(table[2 + 2 * i], 64))));
    }
    break;
  }
  case DecisionKind::None:
    return Performed::Complete;
  }
  event.value = choice;
  bool modelChanged = false;
  if (!symbolic_->assume(outcome, modelChanged)) {
    if (decision.kind == DecisionKind::Assume && thread.atomicDepth == 0) {
      // A failed assumption stops its thread for good; the others go on (see
      // stopAtFailedAssume).
      decision = PendingDecision{};
      setPending(thread, OpKind::FailedAssume, 0);
      thread.stage = runtime::Stage::FailedAssume;
      return Performed::Waiting;
    }
    // No input takes this outcome of a branch: the execution is cut here (not an error). The
    // other outcome, feasible, continues from the same state, so nothing the other threads could
    // still do is lost.
    status_ = ExecStatus::Infeasible;
    return Performed::Stopped;
  }
  if (modelChanged)
    refreshConcreteValues();
  if (decision.kind == DecisionKind::Address && choice == 0) {
    // Checked here, not by the access: outside its object the address may point into another
    // live object, where the access itself would not fault.
    decision = PendingDecision{};
    fail(ErrorKind::MemoryError, thread, currentLocation(thread),
         fmt::format("{}: a load or store at an address computed from nondet inputs can lie "
                     "outside its object",
                     memoryFaultName(MemoryFault::OutOfBounds)));
    return Performed::Stopped;
  }
  if (decision.kind == DecisionKind::Assume) {
    decision = PendingDecision{};
    return Performed::Complete; // the __VERIFIER_assume call returns
  }
  // The instruction the thread stands at runs again, concretely, on refreshed operands.
  decision.decided = true;
  return Performed::Retry;
}

void Execution::refreshConcreteValues() {
  for (ThreadId t = 0; t < numThreads_; ++t) {
    ProgramThread &thread = threads_.modify(t);
    ThreadState &state = thread.state;
    for (size_t i = 0; i < state.shadows.size(); ++i)
      if (state.shadows[i] != ConcreteValue)
        state.slots[i] = symbolic_->value(state.shadows[i]);
    for (size_t i = 0; i < state.returnShadows.size() && i < state.returnValue.size(); ++i)
      if (state.returnShadows[i] != ConcreteValue)
        state.returnValue[i] = symbolic_->value(state.returnShadows[i]);
    if (thread.exitShadow != ConcreteValue)
      thread.exitValue = symbolic_->value(thread.exitShadow);
    // The copy of a paused call's arguments: re-read from the frame.
    if (thread.stage == runtime::Stage::AtCall && state.status == RunResult::Paused &&
        thread.pending.kind != OpKind::Decision) {
      ExternalCall call = interp_->pendingCall(state);
      for (unsigned i = 0; i < std::min(call.numArgs(), runtime::Request::MaxArgs); ++i)
        if (call.argShadow(i) != ConcreteValue)
          thread.request.args[i] = call.arg(i);
    }
  }
  memory_.forEachShadow(
      [&](uint8_t &byte, uint32_t expr) { byte = uint8_t(symbolic_->value(expr)); });
}

void Execution::concretiseFootprint(const Operation &op, bool reads) {
  for (unsigned i = 0; i < op.numAccesses; ++i)
    memory_.takeShadows(op.accesses[i].address, [&](Address address, uint32_t expr) {
      if (reads)
        symbolic_->concretise(expr, *memory_.host(address), Concretisation::ExternalCall);
    });
}

void Execution::setValueShadow(Address address, uint64_t size, ExprId value) {
  if (value == ConcreteValue || size == 0 || size > 8) {
    memory_.setShadow(address, size, nullptr);
    return;
  }
  uint32_t bytes[8];
  ExprId whole = exprStore_->resize(value, unsigned(8 * size));
  for (unsigned i = 0; i < size; ++i)
    bytes[i] = exprStore_->byteOf(whole, i);
  memory_.setShadow(address, size, bytes);
}

// C gives a byte never written an indeterminate value; SV-COMP reads it as a nondet one. The
// symbol is named like a nondet call's, from the reading thread's count of inputs, so a replay
// of the same schedule draws the same symbols. Two threads that read the byte in either order
// see one symbol: the orders differ only in its name. A load at a symbolic address may read
// any byte of its object, so every unwritten byte of the object is drawn.
void Execution::drawUnwrittenBytes(ProgramThread &thread, Address address, uint64_t size) {
  symbolic_memory::Target target;
  if (symbolicTarget(interp_->pendingCall(thread.state), size, target)) {
    address = target.first;
    size = target.size;
  }
  if (size != 0 && memory_.check(address, size, false) == MemoryFault::None)
    drawUnwrittenRange(thread, address, size);
}

void Execution::drawUnwritten(ThreadState &state, Address first, uint64_t size) {
  if (symbolic_)
    drawUnwrittenRange(threads_.modify(state.threadId), first, size);
}

void Execution::drawUnwrittenRange(ProgramThread &thread, Address address, uint64_t size) {
  if (!memory_.anyUndefined(address, size))
    return;
  for (uint64_t i = 0; i < size; ++i) {
    if (!memory_.anyUndefined(address + i, 1))
      continue;
    uint32_t symbol = exprStore_->symbol(thread.state.threadId, thread.nondetCalls++, 8);
    *memory_.host(address + i) = uint8_t(symbolic_->value(symbol));
    memory_.setShadow(address + i, 1, &symbol);
    memory_.markDefined(address + i, 1);
  }
}

void Execution::moveShadows(ProgramThread &thread, Slot &result, ExprId &resultShadow) {
  resultShadow = ConcreteValue;
  if (!symbolic_)
    return;
  const Slot *a = thread.request.args;
  switch (thread.request.id) {
  case Ext::Load: { // (address, size): the result carries the bytes' expression
    symbolic_memory::Target target;
    if (symbolicTarget(interp_->pendingCall(thread.state), a[1], target)) {
      resultShadow = symbolic_memory::load(memory_, *symbolic_, target);
      return;
    }
    if (a[1] <= 8 && memory_.check(a[0], a[1], false) == MemoryFault::None) {
      uint32_t bytes[8];
      if (memory_.readShadow(a[0], a[1], bytes)) {
        const uint8_t *host = memory_.host(a[0]);
        for (unsigned i = 0; i < a[1]; ++i)
          if (bytes[i] == ConcreteValue)
            bytes[i] = exprStore_->constant(host[i], 8);
        resultShadow = exprStore_->fromBytes(bytes, unsigned(a[1]));
      }
    }
    return;
  }
  case Ext::Store: { // (address, value, size): the bytes carry the value's expression
    uint64_t size = std::min<uint64_t>(a[2], 8);
    if (memory_.check(a[0], size, true) != MemoryFault::None)
      return;
    if (!storedObjectShadow_.empty()) { // a symbolic address (computed before the write)
      symbolic_memory::Target target;
      if (symbolicTarget(interp_->pendingCall(thread.state), size, target))
        memory_.setShadow(target.first, target.size, storedObjectShadow_.data());
      storedObjectShadow_.clear();
      return;
    }
    setValueShadow(a[0], size, interp_->pendingCall(thread.state).argShadow(1));
    return;
  }
  case Ext::LoadBytes:
  case Ext::StoreBytes: { // (shared, local, size)
    bool load = thread.request.id == Ext::LoadBytes;
    Address from = load ? a[0] : a[1], to = load ? a[1] : a[0];
    if (memory_.check(from, a[2], false) == MemoryFault::None &&
        memory_.check(to, a[2], true) == MemoryFault::None)
      memory_.copyShadow(to, from, a[2]);
    return;
  }
  case Ext::BporMemcpy:
  case Ext::BporMemmove:
    if (a[2] != 0 && memory_.check(a[1], a[2], false) == MemoryFault::None &&
        memory_.check(a[0], a[2], true) == MemoryFault::None)
      memory_.copyShadow(a[0], a[1], a[2]);
    return;
  case Ext::BporMemset:
    if (a[2] != 0 && memory_.check(a[0], a[2], true) == MemoryFault::None)
      memory_.setShadow(a[0], a[2], nullptr);
    return;
  default:
    return;
  }
}

#else // no Z3: nondet values come from a finite domain only

bool Execution::symbolicSupported() { return false; }
void Execution::enableSymbolicMode() {}
void Execution::resetSymbolicState() { symbolicState_ = runtime::SymbolicState{}; }
void Execution::anchorModel() {}
void Execution::releaseModel() {}
uint64_t Execution::solverUnknowns() const { return coverageGaps_.solverUnknowns; }
std::vector<NondetValue> Execution::nondetValues() { return {}; }
CallOutcome Execution::symbolicNondet(ProgramThread &, const ExternalCall &, Slot *) {
  return CallOutcome::Stop;
}
bool Execution::prepareSymbolicAssume(ProgramThread &, const ExternalCall &) { return false; }
bool Execution::symbolicTarget(const ExternalCall &, uint64_t, symbolic_memory::Target &, bool) {
  return false;
}
bool Execution::pausesAtAddressDecision(ProgramThread &, const ExternalCall &, uint64_t) {
  return false;
}
void Execution::prepareSymbolicStore(ProgramThread &) {}
Execution::Performed Execution::performDecision(ProgramThread &, uint32_t, Operation &) {
  return Performed::Complete;
}
void Execution::refreshConcreteValues() {}
void Execution::concretiseFootprint(const Operation &, bool) {}
void Execution::setValueShadow(Address, uint64_t, ExprId) {}
void Execution::drawUnwrittenBytes(ProgramThread &, Address, uint64_t) {}
void Execution::drawUnwritten(ThreadState &, Address, uint64_t) {}
void Execution::drawUnwrittenRange(ProgramThread &, Address, uint64_t) {}
void Execution::moveShadows(ProgramThread &, Slot &, ExprId &resultShadow) {
  resultShadow = ConcreteValue;
}

#endif

} // namespace bpor
