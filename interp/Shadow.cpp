// The symbolic half of an instruction (interp/Symbolic.h): run before the concrete half in the
// symbolic dispatch loop, it computes the shadow (expression) of the instruction's result from
// its operands' shadows, or pauses the thread at a decision, or concretises what cannot stay
// symbolic. The concrete half then runs unchanged, on concrete values that agree with the
// expressions in the current model.
#include "interp/Interpreter.h"
#include "interp/SymbolicMemory.h"

#include <bit>
#include <initializer_list>
#include <cstring>

namespace bpor {

using interp::Inst;
using interp::maskOf;
using interp::NoSlot;
using interp::Op;
using interp::ShadowRule;

namespace {

/// A decision the checker already made for this instruction: taken (the instruction runs
/// concretely on the value chosen).
bool takeDecision(ThreadState &thread) {
  if (!thread.decision.decided)
    return false;
  thread.decision = PendingDecision{};
  return true;
}
/// Pauses the thread at a decision of numChoices choices over expr.
void pauseAt(ThreadState &thread, DecisionKind kind, ExprId expr, uint32_t numChoices) {
  thread.decision = PendingDecision{kind, expr, numChoices, false};
}
/// The width a mask keeps (the destination width of Trunc, SExt and friends).
inline unsigned widthOfMask(uint64_t mask) {
  return mask == 0 ? 64 : 64 - unsigned(std::countl_zero(mask));
}

} // namespace

const char *concretisationName(Concretisation kind) {
  switch (kind) {
  case Concretisation::Address:
    return "a pointer or memory index";
  case Concretisation::FloatingPoint:
    return "a floating-point operation";
  case Concretisation::ExternalCall:
    return "an argument of a library function";
  case Concretisation::Operation:
    return "an operation kept concrete (bit counting, 128-bit, ...)";
  case Concretisation::WeakMemoryAccess:
    return "an address or value of a shared-memory access under a weak memory model";
  case Concretisation::NumKinds:
    break;
  }
  return "?";
}

// The floating-point operations Z3's theory gives exactly: the operand widths follow from the
// operation (float operands 32 bits, double 64, integer ones `bits`).
void Interpreter::shadowFloat(const Inst &I, const Slot *R, ExprId *S, bool unary) {
  if (S[I.a] == ConcreteValue && (unary || S[I.b] == ConcreteValue)) {
    S[I.dst] = ConcreteValue;
    return;
  }
  FloatOperation operation{I.op, I.c != 0, 0, I.flag};
  unsigned operandBits = I.c ? 64 : 32;
  switch (I.op) {
  case Op::FPToSI:
  case Op::FPToUI:
    operation.intBits = I.bits;
    break;
  case Op::SIToFP:
  case Op::UIToFP:
    operation.intBits = operandBits = I.bits;
    break;
  case Op::FPTrunc: // double to float
    operandBits = 64;
    break;
  case Op::FPExt: // float to double
    operandBits = 32;
    break;
  default:
    break;
  }
  SymbolicValues &E = *symbolic_;
  ExprId a = operand(R, S, I.a, operandBits);
  ExprId b = unary ? ConcreteValue : operand(R, S, I.b, operandBits);
  S[I.dst] = E.floating(operation, a, b, ConcreteValue);
}

ExprId Interpreter::operand(const Slot *R, const ExprId *S, uint32_t slot, unsigned bits) {
  if (S[slot] != ConcreteValue)
    return symbolic_->resize(S[slot], bits);
  return symbolic_->constant(R[slot] & maskOf(bits), bits);
}

bool Interpreter::pausesToSplit(ThreadState &thread, ExprId value) {
  if (value == ConcreteValue)
    return false;
  if (thread.decision.kind == DecisionKind::Value && thread.decision.decided)
    thread.decision = PendingDecision{}; // an earlier split of this instruction: look again
  if (!symbolic_->splitsBeforeFixing(value))
    return false;
  pauseAt(thread, DecisionKind::Value, value, 2);
  return true;
}

void Interpreter::concretiseSlot(Slot *R, ExprId *S, uint32_t slot, Concretisation why) {
  if (S[slot] == ConcreteValue)
    return;
  symbolic_->concretise(S[slot], R[slot], why);
  S[slot] = ConcreteValue;
}

void Interpreter::concretiseBytes(Address address, uint64_t size, Concretisation why) {
  if (!memory_->hasShadows() || size == 0)
    return;
  std::vector<uint32_t> bytes(size);
  if (!memory_->readShadow(address, size, bytes.data()))
    return;
  const uint8_t *host = memory_->host(address);
  for (uint64_t i = 0; i < size; ++i)
    if (bytes[i] != ConcreteValue)
      symbolic_->concretise(bytes[i], host[i], why);
  memory_->setShadow(address, size, nullptr);
}

void Interpreter::storeShadow(Address address, unsigned size, ExprId value) {
  if (value == ConcreteValue) {
    memory_->setShadow(address, size, nullptr);
    return;
  }
  uint32_t bytes[8];
  ExprId whole = symbolic_->resize(value, 8 * size);
  for (unsigned i = 0; i < size; ++i)
    bytes[i] = symbolic_->byteOf(whole, i);
  memory_->setShadow(address, size, bytes);
}

ExprId Interpreter::loadShadow(Address address, unsigned size) {
  uint32_t bytes[8];
  if (!memory_->readShadow(address, size, bytes))
    return ConcreteValue;
  const uint8_t *host = memory_->host(address);
  for (unsigned i = 0; i < size; ++i)
    if (bytes[i] == ConcreteValue)
      bytes[i] = symbolic_->constant(host[i], 8);
  return symbolic_->fromBytes(bytes, size);
}

// A load or store of `size` bytes at slot `slot` + `offset`, a symbolic address: the access is
// confined to the object the concrete address points into once the checker decided it lies
// within it (or it is concretised, for an object too big or no object at all).
Interpreter::SymbolicAddress Interpreter::symbolicAddress(ThreadState &thread, Slot *R, ExprId *S,
                                                          uint32_t slot, uint64_t offset,
                                                          unsigned size,
                                                          symbolic_memory::Target &target) {
  SymbolicValues &E = *symbolic_;
  ExprId address = E.binary(Op::Add, 64, operand(R, S, slot, 64), E.constant(offset, 64));
  if (!symbolic_memory::findTarget(*memory_, E, address, R[slot] + offset, size, target)) {
    if (pausesToSplit(thread, S[slot]))
      return SymbolicAddress::Pause;
    concretiseSlot(R, S, slot, Concretisation::Address);
    return SymbolicAddress::Concretised;
  }
  if (thread.decision.kind == DecisionKind::Address && thread.decision.decided) {
    thread.decision = PendingDecision{}; // choice 1: within (choice 0 ended the execution)
    return SymbolicAddress::Within;
  }
  ExprId within = symbolic_memory::withinObject(E, target);
  uint64_t constant = 0;
  if (E.isConstant(within, constant) && constant == 1)
    return SymbolicAddress::Within;
  thread.decision = PendingDecision{DecisionKind::Address, within, 2, false};
  return SymbolicAddress::Pause;
}

// Integer division and remainder: the quotient's expression, once the checker decided that the
// division is defined (or it always is).
[[gnu::always_inline]] inline Interpreter::ShadowStep
Interpreter::shadowDivision(ThreadState &thread, const Inst &I, Slot *R, ExprId *S) {
  SymbolicValues &E = *symbolic_;
  if (S[I.a] == ConcreteValue && S[I.b] == ConcreteValue) {
    S[I.dst] = ConcreteValue;
    return ShadowStep::Continue;
  }
  ExprId a = operand(R, S, I.a, I.bits), b = operand(R, S, I.b, I.bits);
  bool isSigned = I.op == Op::SDiv || I.op == Op::SRem;
  // Defined: the divisor is not 0 and (signed) not INT_MIN / -1.
  ExprId defined = E.binary(Op::ICmpNe, I.bits, b, E.constant(0, I.bits));
  if (isSigned) {
    ExprId minimum =
        E.binary(Op::ICmpEq, I.bits, a, E.constant(uint64_t(1) << (I.bits - 1), I.bits));
    ExprId minusOne = E.binary(Op::ICmpEq, I.bits, b, E.constant(maskOf(I.bits), I.bits));
    ExprId overflow = E.binary(Op::And, 1, minimum, minusOne);
    defined = E.binary(Op::And, 1, defined, E.binary(Op::Xor, 1, overflow, E.constant(1, 1)));
  }
  uint64_t constant = 0;
  bool alwaysDefined = E.isConstant(defined, constant) && constant == 1;
  if (!alwaysDefined && !takeDecision(thread)) {
    pauseAt(thread, DecisionKind::Division, defined, 2);
    return ShadowStep::Pause;
  }
  S[I.dst] = E.binary(I.op, I.bits, a, b);
  return ShadowStep::Continue;
}

[[gnu::always_inline]] inline Interpreter::ShadowStep
Interpreter::shadowLoad(ThreadState &thread, const Inst &I, Slot *R, ExprId *S) {
  SymbolicValues &E = *symbolic_;
  if (S[I.a] != ConcreteValue) {
    symbolic_memory::Target target;
    switch (symbolicAddress(thread, R, S, I.a, I.imm, I.flag, target)) {
    case SymbolicAddress::Pause:
      return ShadowStep::Pause;
    case SymbolicAddress::Within:
      handler_.drawUnwritten(thread, target.first, target.size);
      S[I.dst] = symbolic_memory::load(*memory_, E, target);
      return ShadowStep::Continue;
    case SymbolicAddress::Concretised:
      break;
    }
  }
  Address address = R[I.a] + I.imm;
  bool valid = memory_->check(address, I.flag, false) == MemoryFault::None;
  if (valid)
    handler_.drawUnwritten(thread, address, I.flag);
  S[I.dst] = memory_->hasShadows() && valid ? loadShadow(address, I.flag) : ConcreteValue;
  return ShadowStep::Continue;
}

[[gnu::always_inline]] inline Interpreter::ShadowStep
Interpreter::shadowStore(ThreadState &thread, const Inst &I, Slot *R, ExprId *S) {
  SymbolicValues &E = *symbolic_;
  if (S[I.b] != ConcreteValue) {
    symbolic_memory::Target target;
    switch (symbolicAddress(thread, R, S, I.b, I.imm, I.flag, target)) {
    case SymbolicAddress::Pause:
      return ShadowStep::Pause;
    case SymbolicAddress::Within:
      memory_->setShadow(
          target.first, target.size,
          symbolic_memory::storedBytes(*memory_, E, target, operand(R, S, I.a, 8 * I.flag)).data());
      return ShadowStep::Continue;
    case SymbolicAddress::Concretised:
      break;
    }
  }
  Address address = R[I.b] + I.imm;
  if ((S[I.a] != ConcreteValue || memory_->hasShadows()) &&
      memory_->check(address, I.flag, true) == MemoryFault::None)
    storeShadow(address, I.flag, S[I.a]);
  return ShadowStep::Continue;
}

// Select, SelectN: an if-then-else of expressions when the condition is symbolic, else the
// chosen operand's shadows.
[[gnu::always_inline]] inline void Interpreter::shadowSelect(const Inst &I, Slot *R, ExprId *S) {
  SymbolicValues &E = *symbolic_;
  bool symbolicCondition = S[I.a] != ConcreteValue;
  if (I.op == Op::Select) {
    if (symbolicCondition)
      S[I.dst] = E.ite(S[I.a], operand(R, S, I.b, 64), operand(R, S, I.c, 64));
    else
      S[I.dst] = (R[I.a] & 1) ? S[I.b] : S[I.c];
    return;
  }
  if (symbolicCondition) {
    ExprId condition = S[I.a];
    for (uint64_t i = 0; i < I.imm; ++i)
      S[I.dst + i] = E.ite(condition, operand(R, S, I.b + uint32_t(i), 64),
                           operand(R, S, I.c + uint32_t(i), 64));
    return;
  }
  std::memmove(S + I.dst, S + ((R[I.a] & 1) ? I.b : I.c), size_t(I.imm) * sizeof(ExprId));
}

// with.overflow: the arithmetic's expression and the overflow flag's.
[[gnu::always_inline]] inline void Interpreter::shadowOverflow(const Inst &I, Slot *R, ExprId *S) {
  SymbolicValues &E = *symbolic_;
  if (S[I.a] == ConcreteValue && S[I.b] == ConcreteValue) {
    S[I.dst] = S[I.dst + 1] = ConcreteValue;
    return;
  }
  ExprId a = operand(R, S, I.a, I.bits), b = operand(R, S, I.b, I.bits);
  Op arithmetic = I.op == Op::SAddO || I.op == Op::UAddO   ? Op::Add
                  : I.op == Op::SSubO || I.op == Op::USubO ? Op::Sub
                                                           : Op::Mul;
  ExprId result = E.binary(arithmetic, I.bits, a, b);
  S[I.dst + 1] = E.binary(I.op, I.bits, a, b);
  S[I.dst] = result;
}

// ExtractDyn, InsertDyn: the lane index is fixed, the lanes' shadows move with their values.
void Interpreter::shadowDynamicLane(const Inst &I, Slot *R, ExprId *S) {
  concretiseSlot(R, S, I.b, Concretisation::Address);
  uint64_t lane = R[I.b];
  if (I.op == Op::ExtractDyn) {
    S[I.dst] = lane < I.imm ? S[I.a + lane] : ConcreteValue;
    return;
  }
  ExprId value = S[I.c];
  std::memmove(S + I.dst, S + I.a, size_t(I.imm) * sizeof(ExprId));
  if (lane < I.imm)
    S[I.dst + lane] = value;
}

// Memcpy, Memmove, Memset: addresses and size are fixed, the bytes' shadows copied or cleared.
void Interpreter::shadowMemoryBlock(const Inst &I, Slot *R, ExprId *S) {
  concretiseSlot(R, S, I.a, Concretisation::Address);
  concretiseSlot(R, S, I.b,
                 I.op == Op::Memset ? Concretisation::Operation : Concretisation::Address);
  concretiseSlot(R, S, I.c, Concretisation::Address);
  uint64_t size = R[I.c];
  if (!memory_->hasShadows() || size == 0 ||
      memory_->check(R[I.a], size, true) != MemoryFault::None)
    return;
  if (I.op == Op::Memset)
    memory_->setShadow(R[I.a], size, nullptr);
  else if (memory_->check(R[I.b], size, false) == MemoryFault::None)
    memory_->copyShadow(R[I.a], R[I.b], size);
}

// VaStart, VaCopy: the va_list's address is fixed and its 24 bytes are concrete.
void Interpreter::shadowVaList(const Inst &I, Slot *R, ExprId *S) {
  concretiseSlot(R, S, I.a, Concretisation::Address);
  if (I.op == Op::VaCopy) {
    concretiseSlot(R, S, I.b, Concretisation::Address);
    concretiseBytes(R[I.b], memory_->check(R[I.b], 24, false) == MemoryFault::None ? 24 : 0,
                    Concretisation::Address);
  }
  if (memory_->check(R[I.a], 24, true) == MemoryFault::None)
    memory_->setShadow(R[I.a], 24, nullptr);
}

// Two-slot integers are kept concrete: their operands are fixed, their results concrete.
void Interpreter::shadowWide(const Inst &I, Slot *R, ExprId *S) {
  if (I.op == Op::WideBinary || I.op == Op::WideCompare) {
    for (uint32_t k = 0; k < 2; ++k) {
      concretiseSlot(R, S, I.a + k, Concretisation::Operation);
      concretiseSlot(R, S, I.b + k, Concretisation::Operation);
    }
  } else {
    concretiseSlot(R, S, I.a, Concretisation::Operation);
    if (I.op == Op::WideTrunc)
      concretiseSlot(R, S, I.a + 1, Concretisation::Operation);
  }
  for (uint32_t i = 0; i < interp::opcodeFacts(I.op).results; ++i)
    S[I.dst + i] = ConcreteValue;
}

// A reshaping bitcast is kept concrete: its source leaves are fixed, its destination concrete.
void Interpreter::shadowBitcast(const interp::Function &function, const Inst &I, Slot *R,
                                ExprId *S) {
  const uint64_t *table = function.extra.data() + I.imm;
  uint64_t numSource = table[1];
  const uint64_t *leaf = table + 2;
  for (uint64_t i = 0; i < numSource; ++i, leaf += 3)
    concretiseSlot(R, S, I.a + uint32_t(leaf[0]), Concretisation::Operation);
  uint64_t numDest = *leaf++;
  for (uint64_t i = 0; i < numDest; ++i, leaf += 3)
    S[I.dst + leaf[0]] = ConcreteValue;
}

// One case per rule of interp/Opcodes.def's Shadow column; no default, so that a new rule
// without its case does not compile. The generic rules read Operands (the operands a, b, c, in
// that order) and Results (the slots from dst).
template <ShadowRule Rule, unsigned Operands, unsigned Results>
[[gnu::always_inline]] inline Interpreter::ShadowStep
Interpreter::shadowByRule(ThreadState &thread, const interp::Function &function, const Inst &I,
                          Slot *R, ExprId *S) {
  SymbolicValues &E = *symbolic_;
  auto symbolic = [&](uint32_t slot) { return S[slot] != ConcreteValue; };
  auto concretise = [&](uint32_t slot, Concretisation why) { concretiseSlot(R, S, slot, why); };
  auto concretiseOperands = [&](Concretisation why) {
    if constexpr (Operands > 0)
      concretise(I.a, why);
    if constexpr (Operands > 1)
      concretise(I.b, why);
    if constexpr (Operands > 2)
      concretise(I.c, why);
  };
  // Values an instruction fixes are split first where the path allows few of them.
  auto splits = [&](std::initializer_list<uint32_t> slots) {
    for (uint32_t slot : slots)
      if (slot != NoSlot && pausesToSplit(thread, S[slot]))
        return true;
    return false;
  };
  auto splitsOperands = [&]() {
    if constexpr (Operands == 1)
      return splits({I.a});
    else if constexpr (Operands == 2)
      return splits({I.a, I.b});
    else if constexpr (Operands > 2)
      return splits({I.a, I.b, I.c});
    return false;
  };
  auto concreteResults = [&]() {
    for (uint32_t i = 0; i < Results; ++i)
      S[I.dst + i] = ConcreteValue;
  };

  switch (Rule) {
  case ShadowRule::NoValue:
    return ShadowStep::Continue;
  case ShadowRule::ConcreteResult:
    concreteResults();
    return ShadowStep::Continue;
  case ShadowRule::Expression:
    if (!symbolic(I.a) && (Operands < 2 || !symbolic(I.b)))
      S[I.dst] = ConcreteValue;
    else if (Operands == 1)
      S[I.dst] = E.unary(I.op, I.bits, operand(R, S, I.a, I.bits));
    else
      S[I.dst] = E.binary(I.op, I.bits, operand(R, S, I.a, I.bits), operand(R, S, I.b, I.bits));
    return ShadowStep::Continue;
  case ShadowRule::Division:
    return shadowDivision(thread, I, R, S);
  case ShadowRule::Overflow:
    shadowOverflow(I, R, S);
    return ShadowStep::Continue;
  case ShadowRule::ConcreteFloat:
    if (splitsOperands())
      return ShadowStep::Pause;
    concretiseOperands(Concretisation::FloatingPoint);
    concreteResults();
    return ShadowStep::Continue;
  case ShadowRule::ConcreteOperation:
    if (splitsOperands())
      return ShadowStep::Pause;
    concretiseOperands(Concretisation::Operation);
    concreteResults();
    return ShadowStep::Continue;
  case ShadowRule::Float:
    shadowFloat(I, R, S, Operands == 1); // the row's Operands column
    return ShadowStep::Continue;

  case ShadowRule::Branch: { // BrCond: a decision when its condition is not decided yet
    if (!symbolic(I.a) || takeDecision(thread))
      return ShadowStep::Continue;
    ExprId condition = E.resize(S[I.a], 1);
    uint64_t constant = 0;
    if (E.isConstant(condition, constant))
      return ShadowStep::Continue;
    pauseAt(thread, DecisionKind::Branch, condition, 2);
    return ShadowStep::Pause;
  }
  case ShadowRule::Switch: { // a decision among the cases and the default
    if (!symbolic(I.a) || takeDecision(thread))
      return ShadowStep::Continue;
    uint64_t constant = 0;
    if (E.isConstant(S[I.a], constant))
      return ShadowStep::Continue;
    const uint64_t *table = function.extra.data() + I.imm;
    pauseAt(thread, DecisionKind::Switch, E.resize(S[I.a], 64), uint32_t(table[0]) + 1);
    return ShadowStep::Pause;
  }
  case ShadowRule::Call: { // an indirect callee is fixed; the call itself is the runtime's
    const interp::CallSite &site = function.calls[I.imm];
    if (site.calleeSlot != NoSlot) {
      if (splits({site.calleeSlot}))
        return ShadowStep::Pause;
      concretise(site.calleeSlot, Concretisation::Address);
    }
    return pausesToSplitExternalArguments(thread, site) ? ShadowStep::Pause
                                                        : ShadowStep::Continue;
  }
  case ShadowRule::Copy: // Move, MoveN: the shadows move with the values
    std::memmove(S + I.dst, S + I.a, size_t(I.op == Op::Move ? 1 : I.b) * sizeof(ExprId));
    return ShadowStep::Continue;
  case ShadowRule::Select:
    shadowSelect(I, R, S);
    return ShadowStep::Continue;
  case ShadowRule::AddImm:
    S[I.dst] = symbolic(I.a) ? E.binary(Op::Add, 64, operand(R, S, I.a, 64), E.constant(I.imm, 64))
                             : ConcreteValue;
    return ShadowStep::Continue;
  case ShadowRule::Trunc:
    S[I.dst] = symbolic(I.a) ? E.resize(S[I.a], widthOfMask(I.imm)) : ConcreteValue;
    return ShadowStep::Continue;
  case ShadowRule::SExt:
    S[I.dst] = symbolic(I.a) ? E.signExtend(S[I.a], I.bits, widthOfMask(I.imm)) : ConcreteValue;
    return ShadowStep::Continue;
  case ShadowRule::Gep:
    if (symbolic(I.a) || symbolic(I.b)) {
      ExprId index = E.signExtend(operand(R, S, I.b, I.bits), I.bits, 64);
      ExprId scaled = E.binary(Op::Mul, 64, index, E.constant(I.imm, 64));
      S[I.dst] = E.binary(Op::Add, 64, operand(R, S, I.a, 64), scaled);
    } else {
      S[I.dst] = ConcreteValue;
    }
    return ShadowStep::Continue;

  case ShadowRule::Load:
    return shadowLoad(thread, I, R, S);
  case ShadowRule::Store:
    return shadowStore(thread, I, R, S);
  case ShadowRule::Alloca:
    if (splits({I.a}))
      return ShadowStep::Pause;
    if (I.a != NoSlot)
      concretise(I.a, Concretisation::Address);
    S[I.dst] = ConcreteValue;
    return ShadowStep::Continue;
  case ShadowRule::MemoryBlock:
    if (splits({I.a, I.b, I.c}))
      return ShadowStep::Pause;
    shadowMemoryBlock(I, R, S);
    return ShadowStep::Continue;
  case ShadowRule::VaList:
    shadowVaList(I, R, S);
    return ShadowStep::Continue;
  case ShadowRule::StackRestore:
    concretise(I.a, Concretisation::Address);
    return ShadowStep::Continue;
  case ShadowRule::Fma: { // its third operand is slot imm
    uint32_t addend = uint32_t(I.imm);
    if (!symbolic(I.a) && !symbolic(I.b) && !symbolic(addend)) {
      S[I.dst] = ConcreteValue;
      return ShadowStep::Continue;
    }
    unsigned bits = I.c ? 64 : 32;
    S[I.dst] = E.floating(FloatOperation{Op::Fma, I.c != 0}, operand(R, S, I.a, bits),
                          operand(R, S, I.b, bits), operand(R, S, addend, bits));
    return ShadowStep::Continue;
  }
  case ShadowRule::FMath: // pow has a second operand
    if (splits({I.a, I.flag == interp::MathPow ? I.b : NoSlot}))
      return ShadowStep::Pause;
    concretise(I.a, Concretisation::FloatingPoint);
    if (I.flag == interp::MathPow)
      concretise(I.b, Concretisation::FloatingPoint);
    S[I.dst] = ConcreteValue;
    return ShadowStep::Continue;
  case ShadowRule::Wide:
    shadowWide(I, R, S);
    return ShadowStep::Continue;
  case ShadowRule::BitcastBytes:
    shadowBitcast(function, I, R, S);
    return ShadowStep::Continue;
  case ShadowRule::DynamicLane:
    if (splits({I.b}))
      return ShadowStep::Pause;
    shadowDynamicLane(I, R, S);
    return ShadowStep::Continue;
  }
  return ShadowStep::Continue;
}

// The generated dispatch: one case per row of interp/Opcodes.def, each running its row's rule
// with the row's Operands and Results as constants, so that each case compiles to the code of
// its rule alone, as a hand-written case would.
Interpreter::ShadowStep Interpreter::shadowStep(ThreadState &thread,
                                                const interp::Function &function, const Inst &I,
                                                Slot *R, ExprId *S) {
  switch (I.op) {
#define BPOR_OPCODE(Name, Operands, Results, Shadow)                                               \
  case Op::Name:                                                                                   \
    return shadowByRule<ShadowRule::Shadow, Operands, Results>(thread, function, I, R, S);
#include "interp/Opcodes.def"
  case Op::NumOps:
    break;
  }
  return ShadowStep::Continue;
}

} // namespace bpor
