// The interpreter's view of symbolic values (docs/design.md, "Symbolic data").
//
// With a SymbolicValues attached, the interpreter keeps beside every frame slot an ExprId: 0 for
// a concrete value, else the expression the slot's value stands for. The rule that keeps the two
// together: a slot's concrete value is always the expression's value in the current model of the
// path condition, zero-extended to 64 bits. Arithmetic on symbolic operands builds expressions
// and computes the concrete result as usual (so the rule holds without asking the solver); a
// branch whose condition is symbolic pauses the thread at a decision (the checker chooses the
// outcome); a value the interpreter cannot keep symbolic (a pointer dereferenced, a float
// operation Z3's floating-point theory does not give, an argument of an external function) is
// concretised: the path condition records that the
// expression equals its concrete value, and the slot becomes concrete.
#pragma once

#include "interp/Bytecode.h"
#include "interp/ExternalCall.h"

#include <cstdint>

namespace bpor {

/// An expression over nondet symbols (an index into the SymbolicValues' table); 0: concrete.
using ExprId = uint32_t;
inline constexpr ExprId ConcreteValue = 0;

/// Why a symbolic value was made concrete (counted for the coverage statement).
enum class Concretisation : uint8_t {
  Address,       // a pointer, or an index into memory, that depends on a nondet value
  FloatingPoint, // a floating-point operation on a value that depends on a nondet value
  ExternalCall,  // an argument of a function the runtime models (printf, malloc, ...)
  Operation,     // an operation the symbolic engine does not model (ctpop, 128-bit, ...)
  // An address or value of a memory operation while a weak-memory search gives reads their
  // values: shared memory holds plain values then (docs/design.md, "Symbolic values under a
  // weak memory model").
  WeakMemoryAccess,
  NumKinds
};

const char *concretisationName(Concretisation kind);

/// What a thread paused at a decision decides (ThreadState::decision).
enum class DecisionKind : uint8_t {
  None,
  Branch,   // a conditional branch: choice c takes the branch with condition == c
  Switch,   // choice i < numCases: the value equals case i; choice numCases: the default
  Division, // choice 1: the division is defined; choice 0: division by zero (or INT_MIN / -1)
  Assume,   // __VERIFIER_assume on a symbolic condition: one choice, the condition holds
  Address,  // a load or store at an address computed from nondet inputs: choice 1, the access
            // lies within the object its concrete address points into; choice 0, it does not
            // (a memory error) (interp/SymbolicMemory.h)
  Value,    // a value about to be fixed (SymbolicValues::splitsBeforeFixing) that the path
            // allows few values of: choice 1, it is the least of them when the decision runs;
            // choice 0, it is another
};

struct PendingDecision {
  DecisionKind kind = DecisionKind::None;
  ExprId expr = ConcreteValue; // Branch, Division, Assume: a 1-bit condition; Switch, Value: the
                               // value
  uint32_t numChoices = 0;
  /// Set by the runtime once the checker chose: the instruction the thread stands at then runs
  /// concretely (its operands' concrete values agree with the chosen outcome).
  bool decided = false;
};

/// A floating-point operation on values held as their IEEE bits (binary32 in 32 bits, binary64
/// in 64), with the results interp/FloatBits.h defines.
struct FloatOperation {
  interp::Op op = interp::Op::FAdd; // FAdd .. FDiv, Fma, FNeg, FAbs, Sqrt, FCmp, conversions
  bool isDouble = false;            // the floating-point operand's or result's format
  unsigned intBits = 0;             // FPToSI .. UIToFP: the integer side's width
  uint8_t predicate = 0;            // FCmp: an llvm::CmpInst::Predicate
};

class SymbolicValues {
public:
  virtual ~SymbolicValues() = default;

  /// The width in bits of an expression.
  virtual unsigned width(ExprId e) = 0;
  virtual ExprId constant(uint64_t value, unsigned bits) = 0;
  /// `e` at `bits` bits: zero-extended or truncated.
  virtual ExprId resize(ExprId e, unsigned bits) = 0;
  virtual ExprId signExtend(ExprId e, unsigned fromBits, unsigned toBits) = 0;
  /// An integer operation of the bytecode (Add .. Xor, UDiv .. SRem, the compares, SMin .. UMax)
  /// on two operands of `bits` bits; a compare gives a 1-bit result.
  virtual ExprId binary(interp::Op op, unsigned bits, ExprId a, ExprId b) = 0;
  /// Abs; the overflow intrinsics' flag (SAddO .. UMulO give the 1-bit overflow).
  virtual ExprId unary(interp::Op op, unsigned bits, ExprId a) = 0;
  virtual ExprId ite(ExprId condition, ExprId then, ExprId otherwise) = 0;
  /// The bits of a floating-point operation's result (FCmp: 1 bit; FPToSI, FPToUI: intBits)
  /// over its operands' (ConcreteValue for the ones it does not have; `c` is Fma's addend).
  virtual ExprId floating(const FloatOperation &operation, ExprId a, ExprId b, ExprId c) = 0;
  /// Byte `index` (little-endian) of `e`, an 8-bit expression; and the inverse.
  virtual ExprId byteOf(ExprId e, unsigned index) = 0;
  /// The value of `n` bytes (little-endian), each an 8-bit expression.
  virtual ExprId fromBytes(const ExprId *bytes, unsigned n) = 0;
  /// Whether `e` simplifies to a constant (then `value` holds it).
  virtual bool isConstant(ExprId e, uint64_t &value) = 0;
  /// The path condition records e == value (value is e's concrete value in the current model).
  /// A value the path allows no other of is fixed without loss; any other is counted by `why`,
  /// for the search's answer says its other values were not covered.
  virtual void concretise(ExprId e, uint64_t value, Concretisation why) = 0;
  /// Before `e` is fixed (concretise): whether the thread decides first whether e is the least
  /// value the path allows (DecisionKind::Value), because the path allows 2 to MaxSplitValues
  /// values of it (one: fixing it loses nothing; more: it is fixed with loss). Deciding both
  /// outcomes, and again on the values left, covers every value.
  virtual bool splitsBeforeFixing(ExprId e) = 0;
  /// Few enough values to cover one by one: as many as an assumption's values drawn one by one
  /// (passes/AssumedValues.h).
  static constexpr unsigned MaxSplitValues = 16;
};

} // namespace bpor
