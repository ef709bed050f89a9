// The symbolic half of an instruction (interp/Symbolic.h): run before the concrete half in the
// symbolic dispatch loop, it computes the shadow (expression) of the instruction's result from
// its operands' shadows, or pauses the thread at a decision, or concretises what cannot stay
// symbolic. The concrete half then runs unchanged, on concrete values that agree with the
// expressions in the current model.
#include "interp/Interpreter.h"
#include "interp/SymbolicMemory.h"

#include <bit>
#include <cstring>

namespace bpor {

using interp::Inst;
using interp::NoSlot;
using interp::Op;

namespace {

inline uint64_t maskOf(unsigned bits) {
  return bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
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
  case Concretisation::NumKinds:
    break;
  }
  return "?";
}

ExprId Interpreter::operand(const Slot *R, const ExprId *S, uint32_t slot, unsigned bits) {
  if (S[slot] != ConcreteValue)
    return symbolic_->resize(S[slot], bits);
  return symbolic_->constant(R[slot] & maskOf(bits), bits);
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
Interpreter::SymbolicAddress Interpreter::symbolicAddress(ThreadState &thread, Slot *R,
                                                          ExprId *S, uint32_t slot,
                                                          uint64_t offset, unsigned size,
                                                          symbolic_memory::Target &target) {
  SymbolicValues &E = *symbolic_;
  ExprId address = E.binary(Op::Add, 64, operand(R, S, slot, 64), E.constant(offset, 64));
  if (!symbolic_memory::findTarget(*memory_, E, address, R[slot] + offset, size, target)) {
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

Interpreter::ShadowStep Interpreter::shadowStep(ThreadState &thread,
                                                const interp::Function &function, const Inst &I,
                                                Slot *R, ExprId *S) {
  SymbolicValues &E = *symbolic_;
  auto symbolic = [&](uint32_t slot) { return S[slot] != ConcreteValue; };
  auto concretise = [&](uint32_t slot, Concretisation why) { concretiseSlot(R, S, slot, why); };
  // A decision the checker already made for this instruction: run it concretely.
  auto decided = [&]() {
    if (!thread.decision.decided)
      return false;
    thread.decision = PendingDecision{};
    return true;
  };
  auto pause = [&](DecisionKind kind, ExprId expr, uint32_t numChoices) {
    thread.decision = PendingDecision{kind, expr, numChoices, false};
    return ShadowStep::Pause;
  };

  switch (I.op) {
  case Op::Nop:
  case Op::Jump:
  case Op::RetVoid:
  case Op::Ret: // the dispatch loop hands the shadows to the caller
  case Op::Unreachable:
  case Op::Unsupported:
  case Op::Trap:
    return ShadowStep::Continue;
  case Op::BrCond: {
    if (!symbolic(I.a) || decided())
      return ShadowStep::Continue;
    ExprId condition = E.resize(S[I.a], 1);
    uint64_t constant = 0;
    if (E.isConstant(condition, constant))
      return ShadowStep::Continue;
    return pause(DecisionKind::Branch, condition, 2);
  }
  case Op::Switch: {
    if (!symbolic(I.a) || decided())
      return ShadowStep::Continue;
    uint64_t constant = 0;
    if (E.isConstant(S[I.a], constant))
      return ShadowStep::Continue;
    const uint64_t *table = function.extra.data() + I.imm;
    return pause(DecisionKind::Switch, E.resize(S[I.a], 64), uint32_t(table[0]) + 1);
  }
  case Op::Call: {
    const interp::CallSite &site = function.calls[I.imm];
    if (site.calleeSlot != NoSlot)
      concretise(site.calleeSlot, Concretisation::Address);
    return ShadowStep::Continue;
  }

  case Op::Const:
    S[I.dst] = ConcreteValue;
    return ShadowStep::Continue;
  case Op::Move:
    S[I.dst] = S[I.a];
    return ShadowStep::Continue;
  case Op::MoveN:
    std::memmove(S + I.dst, S + I.a, size_t(I.b) * sizeof(ExprId));
    return ShadowStep::Continue;
  case Op::Select:
    if (symbolic(I.a)) {
      S[I.dst] = E.ite(S[I.a], operand(R, S, I.b, 64), operand(R, S, I.c, 64));
      return ShadowStep::Continue;
    }
    S[I.dst] = (R[I.a] & 1) ? S[I.b] : S[I.c];
    return ShadowStep::Continue;
  case Op::SelectN:
    if (symbolic(I.a)) {
      ExprId condition = S[I.a];
      for (uint64_t i = 0; i < I.imm; ++i)
        S[I.dst + i] = E.ite(condition, operand(R, S, I.b + uint32_t(i), 64),
                             operand(R, S, I.c + uint32_t(i), 64));
      return ShadowStep::Continue;
    }
    std::memmove(S + I.dst, S + ((R[I.a] & 1) ? I.b : I.c), size_t(I.imm) * sizeof(ExprId));
    return ShadowStep::Continue;

  case Op::UDiv:
  case Op::URem:
  case Op::SDiv:
  case Op::SRem: {
    if (!symbolic(I.a) && !symbolic(I.b)) {
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
    if (!alwaysDefined && !decided())
      return pause(DecisionKind::Division, defined, 2);
    S[I.dst] = E.binary(I.op, I.bits, a, b);
    return ShadowStep::Continue;
  }
  case Op::Add:
  case Op::Sub:
  case Op::Mul:
  case Op::Shl:
  case Op::LShr:
  case Op::AShr:
  case Op::And:
  case Op::Or:
  case Op::Xor:
  case Op::SMin:
  case Op::SMax:
  case Op::UMin:
  case Op::UMax:
  case Op::ICmpEq:
  case Op::ICmpNe:
  case Op::ICmpUlt:
  case Op::ICmpUle:
  case Op::ICmpUgt:
  case Op::ICmpUge:
  case Op::ICmpSlt:
  case Op::ICmpSle:
  case Op::ICmpSgt:
  case Op::ICmpSge:
    S[I.dst] = symbolic(I.a) || symbolic(I.b)
                   ? E.binary(I.op, I.bits, operand(R, S, I.a, I.bits), operand(R, S, I.b, I.bits))
                   : ConcreteValue;
    return ShadowStep::Continue;
  case Op::AddImm:
    S[I.dst] = symbolic(I.a) ? E.binary(Op::Add, 64, operand(R, S, I.a, 64), E.constant(I.imm, 64))
                             : ConcreteValue;
    return ShadowStep::Continue;
  case Op::Abs:
    S[I.dst] = symbolic(I.a) ? E.unary(Op::Abs, I.bits, operand(R, S, I.a, I.bits)) : ConcreteValue;
    return ShadowStep::Continue;
  case Op::SAddO:
  case Op::UAddO:
  case Op::SSubO:
  case Op::USubO:
  case Op::SMulO:
  case Op::UMulO: {
    if (!symbolic(I.a) && !symbolic(I.b)) {
      S[I.dst] = S[I.dst + 1] = ConcreteValue;
      return ShadowStep::Continue;
    }
    ExprId a = operand(R, S, I.a, I.bits), b = operand(R, S, I.b, I.bits);
    Op arithmetic = I.op == Op::SAddO || I.op == Op::UAddO   ? Op::Add
                    : I.op == Op::SSubO || I.op == Op::USubO ? Op::Sub
                                                             : Op::Mul;
    ExprId result = E.binary(arithmetic, I.bits, a, b);
    S[I.dst + 1] = E.binary(I.op, I.bits, a, b);
    S[I.dst] = result;
    return ShadowStep::Continue;
  }
  case Op::Trunc:
    S[I.dst] = symbolic(I.a) ? E.resize(S[I.a], widthOfMask(I.imm)) : ConcreteValue;
    return ShadowStep::Continue;
  case Op::SExt:
    S[I.dst] = symbolic(I.a) ? E.signExtend(S[I.a], I.bits, widthOfMask(I.imm)) : ConcreteValue;
    return ShadowStep::Continue;
  case Op::Gep:
    if (symbolic(I.a) || symbolic(I.b)) {
      ExprId index = E.signExtend(operand(R, S, I.b, I.bits), I.bits, 64);
      ExprId scaled = E.binary(Op::Mul, 64, index, E.constant(I.imm, 64));
      S[I.dst] = E.binary(Op::Add, 64, operand(R, S, I.a, 64), scaled);
    } else {
      S[I.dst] = ConcreteValue;
    }
    return ShadowStep::Continue;

  case Op::Load: {
    if (symbolic(I.a)) {
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
  case Op::Store: {
    if (symbolic(I.b)) {
      symbolic_memory::Target target;
      switch (symbolicAddress(thread, R, S, I.b, I.imm, I.flag, target)) {
      case SymbolicAddress::Pause:
        return ShadowStep::Pause;
      case SymbolicAddress::Within:
        memory_->setShadow(target.first, target.size,
                           symbolic_memory::storedBytes(*memory_, E, target,
                                                        operand(R, S, I.a, 8 * I.flag))
                               .data());
        return ShadowStep::Continue;
      case SymbolicAddress::Concretised:
        break;
      }
    }
    Address address = R[I.b] + I.imm;
    if ((symbolic(I.a) || memory_->hasShadows()) &&
        memory_->check(address, I.flag, true) == MemoryFault::None)
      storeShadow(address, I.flag, S[I.a]);
    return ShadowStep::Continue;
  }
  case Op::Alloca:
    if (I.a != NoSlot)
      concretise(I.a, Concretisation::Address);
    S[I.dst] = ConcreteValue;
    return ShadowStep::Continue;
  case Op::Memcpy:
  case Op::Memmove:
  case Op::Memset: {
    concretise(I.a, Concretisation::Address);
    concretise(I.b, I.op == Op::Memset ? Concretisation::Operation : Concretisation::Address);
    concretise(I.c, Concretisation::Address);
    uint64_t size = R[I.c];
    if (!memory_->hasShadows() || size == 0 ||
        memory_->check(R[I.a], size, true) != MemoryFault::None)
      return ShadowStep::Continue;
    if (I.op == Op::Memset)
      memory_->setShadow(R[I.a], size, nullptr);
    else if (memory_->check(R[I.b], size, false) == MemoryFault::None)
      memory_->copyShadow(R[I.a], R[I.b], size);
    return ShadowStep::Continue;
  }
  case Op::StackSave:
    S[I.dst] = ConcreteValue;
    return ShadowStep::Continue;
  case Op::LandingPad: // the exception object and selector: concrete
    S[I.dst] = S[I.dst + 1] = ConcreteValue;
    return ShadowStep::Continue;
  case Op::Resume: // rethrows the (concrete) exception object
    return ShadowStep::Continue;
  case Op::StackRestore:
    concretise(I.a, Concretisation::Address);
    return ShadowStep::Continue;
  case Op::ExtractDyn: {
    concretise(I.b, Concretisation::Address);
    uint64_t lane = R[I.b];
    S[I.dst] = lane < I.imm ? S[I.a + lane] : ConcreteValue;
    return ShadowStep::Continue;
  }
  case Op::InsertDyn: {
    concretise(I.b, Concretisation::Address);
    uint64_t lane = R[I.b];
    ExprId value = S[I.c];
    std::memmove(S + I.dst, S + I.a, size_t(I.imm) * sizeof(ExprId));
    if (lane < I.imm)
      S[I.dst + lane] = value;
    return ShadowStep::Continue;
  }
  case Op::VaStart:
    concretise(I.a, Concretisation::Address);
    if (memory_->check(R[I.a], 24, true) == MemoryFault::None)
      memory_->setShadow(R[I.a], 24, nullptr);
    return ShadowStep::Continue;
  case Op::VaCopy:
    concretise(I.a, Concretisation::Address);
    concretise(I.b, Concretisation::Address);
    concretiseBytes(R[I.b], memory_->check(R[I.b], 24, false) == MemoryFault::None ? 24 : 0,
                    Concretisation::Address);
    if (memory_->check(R[I.a], 24, true) == MemoryFault::None)
      memory_->setShadow(R[I.a], 24, nullptr);
    return ShadowStep::Continue;

  // Operations kept concrete: their symbolic operands are fixed to their current values.
  case Op::FPToSI:
  case Op::FPToUI:
  case Op::SIToFP:
  case Op::UIToFP:
  case Op::FPTrunc:
  case Op::FPExt:
  case Op::FNeg:
  case Op::FAbs:
  case Op::Sqrt:
  case Op::Floor:
  case Op::Ceil:
  case Op::FTrunc:
  case Op::Round:
  case Op::RoundEven:
  case Op::FToIntRound:
    concretise(I.a, Concretisation::FloatingPoint);
    S[I.dst] = ConcreteValue;
    return ShadowStep::Continue;
  case Op::FAdd:
  case Op::FSub:
  case Op::FMul:
  case Op::FDiv:
  case Op::FRem:
  case Op::FCmp:
  case Op::FMin:
  case Op::FMax:
  case Op::CopySign:
    concretise(I.a, Concretisation::FloatingPoint);
    concretise(I.b, Concretisation::FloatingPoint);
    S[I.dst] = ConcreteValue;
    return ShadowStep::Continue;
  case Op::Fma:
    concretise(I.a, Concretisation::FloatingPoint);
    concretise(I.b, Concretisation::FloatingPoint);
    concretise(uint32_t(I.imm), Concretisation::FloatingPoint);
    S[I.dst] = ConcreteValue;
    return ShadowStep::Continue;
  case Op::FMath:
    concretise(I.a, Concretisation::FloatingPoint);
    if (I.flag == interp::MathPow)
      concretise(I.b, Concretisation::FloatingPoint);
    S[I.dst] = ConcreteValue;
    return ShadowStep::Continue;
  case Op::Ctlz:
  case Op::Cttz:
  case Op::Ctpop:
  case Op::Bswap:
  case Op::Bitreverse:
    concretise(I.a, Concretisation::Operation);
    S[I.dst] = ConcreteValue;
    return ShadowStep::Continue;
  case Op::Fshl:
  case Op::Fshr:
    concretise(I.c, Concretisation::Operation);
    [[fallthrough]];
  case Op::SAddSat:
  case Op::UAddSat:
  case Op::SSubSat:
  case Op::USubSat:
    concretise(I.a, Concretisation::Operation);
    concretise(I.b, Concretisation::Operation);
    S[I.dst] = ConcreteValue;
    return ShadowStep::Continue;
  case Op::WideBinary:
  case Op::WideCompare:
    for (uint32_t k = 0; k < 2; ++k) {
      concretise(I.a + k, Concretisation::Operation);
      concretise(I.b + k, Concretisation::Operation);
    }
    S[I.dst] = ConcreteValue;
    if (I.op == Op::WideBinary)
      S[I.dst + 1] = ConcreteValue;
    return ShadowStep::Continue;
  case Op::WideExtend:
  case Op::WideTrunc:
    concretise(I.a, Concretisation::Operation);
    if (I.op == Op::WideTrunc)
      concretise(I.a + 1, Concretisation::Operation);
    S[I.dst] = S[I.dst + 1] = ConcreteValue;
    return ShadowStep::Continue;
  case Op::BitcastBytes: {
    const uint64_t *table = function.extra.data() + I.imm;
    uint64_t numSource = table[1];
    const uint64_t *leaf = table + 2;
    for (uint64_t i = 0; i < numSource; ++i, leaf += 3)
      concretise(I.a + uint32_t(leaf[0]), Concretisation::Operation);
    uint64_t numDest = *leaf++;
    for (uint64_t i = 0; i < numDest; ++i, leaf += 3)
      S[I.dst + leaf[0]] = ConcreteValue;
    return ShadowStep::Continue;
  }
  case Op::NumOps:
    return ShadowStep::Continue;
  }
  return ShadowStep::Continue;
}

} // namespace bpor
