// The symbolic part's updates (SymbolicData.h): an atomicrmw (`__bpor_rmw`, fetch_add and the
// rest, exchange) on bytes that hold expressions or with an operand that is one. The update
// reads the bytes' expression, returns it as its result and writes the operation applied to it
// and the operand, so that neither is fixed to a value (docs/design.md, "Symbolic data").
#include "runtime/symbolic/SymbolicData.h"

#ifdef BPOR_WITH_Z3
#include "runtime/symbolic/SymbolicRun.h"
#endif

namespace bpor::runtime {

#ifdef BPOR_WITH_Z3

// Called with the address unchecked: a fault is performMemory's to report, and nothing is
// computed for it.
void SymbolicData::beforeUpdate(ProgramThread &thread, bool drawUnwritten) {
  const Slot *a = thread.request.args; // (address, operand, size, op, order)
  uint64_t size = a[2];
  if (size == 0 || size > 8 || memory_.check(a[0], size, true) != MemoryFault::None)
    return;
  // A byte never written is an input, as a load reads it (drawUnwrittenBytes).
  if (drawUnwritten)
    drawUnwrittenRange(thread, a[0], size);
  ExprId operand = interp_->pendingCall(thread.state).argShadow(1);
  uint32_t bytes[8];
  bool symbolicBytes = memory_.readShadow(a[0], size, bytes);
  if (!symbolicBytes && operand == ConcreteValue)
    return;
  unsigned bits = unsigned(8 * size);
  ExprId old = ConcreteValue;
  if (symbolicBytes) {
    const uint8_t *host = memory_.host(a[0]);
    for (unsigned i = 0; i < size; ++i)
      if (bytes[i] == ConcreteValue)
        bytes[i] = store_->constant(host[i], 8);
    old = store_->fromBytes(bytes, unsigned(size));
  } else {
    uint64_t value = 0;
    memory_.read(a[0], size, value);
    old = store_->constant(value, bits);
  }
  ExprId value = operand != ConcreteValue ? store_->resize(operand, bits)
                                          : store_->constant(a[1] & rmwMask(size), bits);
  RmwOp op = RmwOp(a[3]);
  ExprId written = updatedExpression(op, bits, old, value);
  if (written == ConcreteValue) {
    // Kept concrete: the bytes and the operand are fixed to their values, as a library
    // function's arguments are, and the update runs on plain values.
    bool floating = op == RmwOp::FAdd || op == RmwOp::FSub || op == RmwOp::FMax ||
                    op == RmwOp::FMin;
    Concretisation why = floating ? Concretisation::FloatingPoint : Concretisation::Operation;
    concretise(thread.pending, true, why);
    if (operand != ConcreteValue)
      run_->concretise(operand, a[1], why);
    return;
  }
  uint64_t constant = 0;
  pendingUpdate_.symbolic = true;
  pendingUpdate_.read = symbolicBytes ? old : ConcreteValue;
  pendingUpdate_.written = store_->isConstant(written, constant) ? ConcreteValue : written;
}

// atomicrmw's integer operations, as core/RmwSemantics.h computes them on plain values.
ExprId SymbolicData::updatedExpression(RmwOp op, unsigned bits, ExprId old, ExprId operand) {
  using interp::Op;
  auto binary = [&](Op o) { return store_->binary(o, bits, old, operand); };
  switch (op) {
  case RmwOp::Xchg: return operand;
  case RmwOp::Add: return binary(Op::Add);
  case RmwOp::Sub: return binary(Op::Sub);
  case RmwOp::And: return binary(Op::And);
  case RmwOp::Or: return binary(Op::Or);
  case RmwOp::Xor: return binary(Op::Xor);
  case RmwOp::Nand:
    return store_->binary(Op::Xor, bits, binary(Op::And), store_->constant(rmwMask(bits / 8), bits));
  case RmwOp::Max: return binary(Op::SMax);
  case RmwOp::Min: return binary(Op::SMin);
  case RmwOp::UMax: return binary(Op::UMax);
  case RmwOp::UMin: return binary(Op::UMin);
  default: return ConcreteValue;
  }
}

#else // no Z3: no byte and no operand has an expression

void SymbolicData::beforeUpdate(ProgramThread &, bool) {}
ExprId SymbolicData::updatedExpression(RmwOp, unsigned, ExprId, ExprId) { return ConcreteValue; }

#endif

} // namespace bpor::runtime
