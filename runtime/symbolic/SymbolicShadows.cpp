// The symbolic part's memory half (SymbolicData.h): accesses at symbolic addresses, and the
// expressions of memory's bytes (their shadows), which travel with the bytes through the
// runtime's loads, stores and copies and are made concrete where the runtime reads the bytes as
// plain values.
#include "runtime/symbolic/SymbolicData.h"

#ifdef BPOR_WITH_Z3
#include "runtime/symbolic/SymbolicRun.h"
#endif

#include <algorithm>

namespace bpor::runtime {

#ifdef BPOR_WITH_Z3

// The object a load or store at a symbolic address is confined to. False if the address is
// concrete, or if no small object holds it: then the address is fixed to its value, once, when
// the access is prepared (`fixIfNone`); later calls for the same access find it pinned by the
// path condition.
bool SymbolicData::symbolicTarget(const ExternalCall &call, uint64_t size,
                                  symbolic_memory::Target &target, bool fixIfNone) {
  ExprId address = call.argShadow(0);
  if (!run_ || address == ConcreteValue)
    return false;
  if (symbolic_memory::findTarget(memory_, *run_, address, call.arg(0), unsigned(size), target))
    return true;
  if (fixIfNone)
    run_->concretise(address, call.arg(0), Concretisation::Address);
  return false;
}

bool SymbolicData::addressDecision(const ExternalCall &call, uint64_t size,
                                   PendingDecision &decision) {
  symbolic_memory::Target target;
  if (!symbolicTarget(call, size, target, true))
    return false;
  if (decision.kind == DecisionKind::Address && decision.decided) {
    decision = PendingDecision{}; // choice 1: within (choice 0 ended the execution)
    return false;
  }
  ExprId within = symbolic_memory::withinObject(*run_, target);
  uint64_t constant = 0;
  if (run_->isConstant(within, constant) && constant == 1)
    return false;
  decision = PendingDecision{DecisionKind::Address, within, 2, false};
  return true;
}

void SymbolicData::concretise(const Operation &op, bool reads, Concretisation reason) {
  for (unsigned i = 0; i < op.numAccesses; ++i)
    memory_.takeShadows(op.accesses[i].address, [&](Address address, uint32_t expr) {
      if (reads)
        run_->concretise(expr, *memory_.host(address), reason);
    });
}

void SymbolicData::setValueShadow(Address address, uint64_t size, ExprId value) {
  if (value == ConcreteValue || size == 0 || size > 8) {
    memory_.setShadow(address, size, nullptr);
    return;
  }
  uint32_t bytes[8];
  ExprId whole = store_->resize(value, unsigned(8 * size));
  for (unsigned i = 0; i < size; ++i)
    bytes[i] = store_->byteOf(whole, i);
  memory_.setShadow(address, size, bytes);
}

// C gives a byte never written an indeterminate value; SV-COMP reads it as a nondet one. The
// symbol is named like a nondet call's, from the reading thread's count of inputs, so a replay
// of the same schedule draws the same symbols. Two threads that read the byte in either order
// see one symbol: the orders differ only in its name. A load at a symbolic address may read
// any byte of its object, so every unwritten byte of the object is drawn.
void SymbolicData::drawUnwrittenBytes(ProgramThread &thread, Address address, uint64_t size) {
  symbolic_memory::Target target;
  if (symbolicTarget(interp_->pendingCall(thread.state), size, target)) {
    address = target.first;
    size = target.size;
  }
  if (size != 0 && memory_.check(address, size, false) == MemoryFault::None)
    drawUnwrittenRange(thread, address, size);
}

void SymbolicData::drawUnwrittenRange(ProgramThread &thread, Address address, uint64_t size) {
  if (!memory_.anyUndefined(address, size))
    return;
  for (uint64_t i = 0; i < size; ++i) {
    if (!memory_.anyUndefined(address + i, 1))
      continue;
    uint32_t symbol = store_->symbol(thread.state.threadId, thread.nondetCalls++, 8);
    *memory_.host(address + i) = uint8_t(run_->value(symbol));
    memory_.setShadow(address + i, 1, &symbol);
    memory_.markDefined(address + i, 1);
  }
}

void SymbolicData::beforeMemoryOperation(ProgramThread &thread, bool drawUnwritten) {
  storedObjectShadow_.clear();
  pendingUpdate_ = PendingUpdate{};
  if (!run_)
    return;
  if (thread.request.id == Ext::Rmw)
    beforeUpdate(thread, drawUnwritten);
  if (thread.request.id != Ext::Store)
    return;
  ExternalCall call = interp_->pendingCall(thread.state);
  uint64_t size = std::min<uint64_t>(thread.request.args[2], 8);
  symbolic_memory::Target target;
  if (!symbolicTarget(call, size, target))
    return;
  ExprId value = call.argShadow(1) != ConcreteValue
                     ? call.argShadow(1)
                     : run_->constant(thread.request.args[1], unsigned(8 * size));
  storedObjectShadow_ = symbolic_memory::storedBytes(memory_, *run_, target, value);
}

void SymbolicData::afterMemoryOperation(const ProgramThread &thread) {
  resultShadow_ = ConcreteValue;
  if (!run_)
    return;
  const Slot *a = thread.request.args;
  switch (thread.request.id) {
  case Ext::Load: { // (address, size): the result carries the bytes' expression
    symbolic_memory::Target target;
    if (symbolicTarget(interp_->pendingCall(thread.state), a[1], target)) {
      resultShadow_ = symbolic_memory::load(memory_, *run_, target);
      return;
    }
    if (a[1] <= 8 && memory_.check(a[0], a[1], false) == MemoryFault::None) {
      uint32_t bytes[8];
      if (memory_.readShadow(a[0], a[1], bytes)) {
        const uint8_t *host = memory_.host(a[0]);
        for (unsigned i = 0; i < a[1]; ++i)
          if (bytes[i] == ConcreteValue)
            bytes[i] = store_->constant(host[i], 8);
        resultShadow_ = store_->fromBytes(bytes, unsigned(a[1]));
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
  case Ext::Rmw: // (address, operand, size, op): beforeUpdate computed both expressions
    if (pendingUpdate_.symbolic) {
      setValueShadow(a[0], a[2], pendingUpdate_.written);
      resultShadow_ = pendingUpdate_.read;
    }
    return;
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

bool SymbolicData::valueWasSymbolic(const ProgramThread &thread) const {
  switch (thread.request.id) {
  case Ext::Load:
    return resultShadow_ != ConcreteValue;
  case Ext::Store:
    return interp_->pendingCall(thread.state).argShadow(1) != ConcreteValue;
  case Ext::Rmw:
    return pendingUpdate_.symbolic;
  default:
    return false;
  }
}

#else // no Z3: no address is symbolic and no byte has an expression

bool SymbolicData::valueWasSymbolic(const ProgramThread &) const { return false; }

bool SymbolicData::symbolicTarget(const ExternalCall &, uint64_t, symbolic_memory::Target &,
                                  bool) {
  return false;
}
bool SymbolicData::addressDecision(const ExternalCall &, uint64_t, PendingDecision &) {
  return false;
}
void SymbolicData::concretise(const Operation &, bool, Concretisation) {}
void SymbolicData::setValueShadow(Address, uint64_t, ExprId) {}
void SymbolicData::drawUnwrittenBytes(ProgramThread &, Address, uint64_t) {}
void SymbolicData::drawUnwrittenRange(ProgramThread &, Address, uint64_t) {}
void SymbolicData::beforeMemoryOperation(ProgramThread &, bool) {}
void SymbolicData::afterMemoryOperation(const ProgramThread &) { resultShadow_ = ConcreteValue; }

#endif

// At a symbolic address the access may touch any part of its object, whichever value the
// inputs take when it runs.
void SymbolicData::addAccess(const ExternalCall &call, uint64_t size, bool write, Operation &op) {
  symbolic_memory::Target target;
  if (symbolicTarget(call, size, target))
    op.addAccess(target.first, target.size, write);
  else
    op.addAccess(call.arg(0), size, write);
}

} // namespace bpor::runtime
