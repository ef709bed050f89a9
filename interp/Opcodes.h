// The interpreter's operations and what is known of each, generated from interp/Opcodes.def
// (internal to interp/).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace bpor::interp {

/// A bytecode operation: one row of interp/Opcodes.def each, in the rows' order.
enum class Op : uint16_t {
#define BPOR_OPCODE(Name, Operands, Results, Shadow) Name,
#include "interp/Opcodes.def"
  NumOps
};

/// What the symbolic shadow step (interp/Shadow.cpp) does for an operation: the Shadow column
/// of interp/Opcodes.def. Operations that share a rule share its code.
enum class ShadowRule : uint8_t {
  /// No value written and nothing to fix: control flow, faults, returns (the dispatch loop
  /// hands the returned slots' shadows to the caller).
  NoValue,
  /// The result slots hold concrete values whatever the operands.
  ConcreteResult,
  /// An expression of the operands' expressions (a binary one for two operands, a unary one
  /// for one), of the operation itself; concrete when every operand is.
  Expression,
  /// Integer division and remainder: an expression, after a decision whether the divisor may
  /// be 0 (or INT_MIN / -1) when that is not excluded.
  Division,
  /// with.overflow: the arithmetic's expression and the overflow flag's.
  Overflow,
  /// Kept concrete: each operand is fixed to its current value (a floating-point operation,
  /// or one the expressions do not model: bit counting, funnel shifts, saturation), and the
  /// results are concrete.
  ConcreteFloat,
  ConcreteOperation,
  /// A floating-point operation Z3's floating-point theory gives exactly: an expression of the
  /// operands' bits (SymbolicValues::floating); concrete when every operand is.
  Float,
  // Rules of one or a few operations each, described at their case.
  Branch,
  Switch,
  Call,
  Copy,
  Select,
  AddImm,
  Trunc,
  SExt,
  Gep,
  Load,
  Store,
  Alloca,
  MemoryBlock,
  StackRestore,
  Fma,
  FMath,
  DynamicLane,
  VaList,
  Wide,
  BitcastBytes, // the last rule (NumShadowRules)
};
inline constexpr size_t NumShadowRules = size_t(ShadowRule::BitcastBytes) + 1;

/// One row of interp/Opcodes.def.
struct OpcodeFacts {
  const char *name;
  /// How many of a, b, c (in that order) name one-slot values the operation reads.
  uint8_t operands;
  /// How many slots it writes from dst.
  uint8_t results;
  ShadowRule shadow;
};

inline constexpr std::array<OpcodeFacts, size_t(Op::NumOps)> opcodeTable = {{
#define BPOR_OPCODE(Name, Operands, Results, Shadow) {#Name, Operands, Results, ShadowRule::Shadow},
#include "interp/Opcodes.def"
}};

constexpr const OpcodeFacts &opcodeFacts(Op op) { return opcodeTable[size_t(op)]; }
constexpr const char *opName(Op op) {
  return op < Op::NumOps ? opcodeTable[size_t(op)].name : "invalid";
}

} // namespace bpor::interp
