// The opcode table (interp/Opcodes.def) and the decoder's one-to-one mappings onto it
// (interp/DecodeTables.def): the columns the decoder and the shadow step read must agree with
// what their code assumes. That every operation has its run-loop case and every shadow rule its
// case is checked by the compiler (-Werror=switch on interp/).
#include "interp/Bytecode.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

namespace bpor::test {
namespace {

using interp::Op;
using interp::opcodeFacts;
using interp::ShadowRule;

std::vector<Op> everyOp() {
  std::vector<Op> ops;
  for (size_t i = 0; i < size_t(Op::NumOps); ++i)
    ops.push_back(Op(i));
  return ops;
}

TEST(Opcodes, EveryRowHasADistinctName) {
  std::set<std::string> names;
  for (Op op : everyOp()) {
    std::string name = interp::opName(op);
    EXPECT_FALSE(name.empty());
    EXPECT_TRUE(names.insert(name).second) << name;
  }
  EXPECT_STREQ(interp::opName(Op::Add), "Add");
  EXPECT_STREQ(interp::opName(Op::VaCopy), "VaCopy");
  EXPECT_STREQ(interp::opName(Op::NumOps), "invalid");
}

TEST(Opcodes, OperandsAndResultsFitTheInstruction) {
  for (Op op : everyOp()) {
    EXPECT_LE(opcodeFacts(op).operands, 3) << interp::opName(op); // a, b, c
    EXPECT_LE(opcodeFacts(op).results, 2) << interp::opName(op);
  }
}

// The generic rules read the Operands and Results columns: an Expression has one operand (a
// unary expression) or two, and one result; a kept-concrete operation fixes at least one operand
// and writes at least one result.
TEST(Opcodes, GenericShadowRulesHaveTheirShape) {
  for (Op op : everyOp()) {
    const interp::OpcodeFacts &facts = opcodeFacts(op);
    switch (facts.shadow) {
    case ShadowRule::Expression:
      EXPECT_TRUE(facts.operands == 1 || facts.operands == 2) << facts.name;
      EXPECT_EQ(facts.results, 1) << facts.name;
      break;
    case ShadowRule::ConcreteFloat:
    case ShadowRule::ConcreteOperation:
      EXPECT_GE(facts.operands, 1) << facts.name;
      EXPECT_GE(facts.results, 1) << facts.name;
      break;
    case ShadowRule::ConcreteResult:
      EXPECT_GE(facts.results, 1) << facts.name;
      break;
    case ShadowRule::Overflow:
      EXPECT_EQ(facts.operands, 2) << facts.name;
      EXPECT_EQ(facts.results, 2) << facts.name;
      break;
    default:
      break;
    }
  }
}

TEST(Opcodes, EveryShadowRuleIsUsed) {
  std::set<ShadowRule> used;
  for (Op op : everyOp())
    used.insert(opcodeFacts(op).shadow);
  EXPECT_EQ(used.size(), interp::NumShadowRules);
}

struct Mapping {
  const char *from;
  Op op;
  bool isFloat;
};

// The lanewise intrinsics read their Operands arguments; binary operators, compares and
// reductions are operations of two operands.
TEST(Opcodes, DecoderMappingsNameOperationsOfTheirShape) {
  enum class LaneKind { Integer, Float };
  std::vector<Mapping> lanewise = {
#define BPOR_INTRINSIC(Id, Name, Kind) {#Id, Op::Name, LaneKind::Kind == LaneKind::Float},
#include "interp/DecodeTables.def"
  };
  std::vector<Mapping> twoOperands = {
#define BPOR_BINARY(Opcode, Name) {#Opcode, Op::Name, false},
#define BPOR_ICMP(Predicate, Name) {#Predicate, Op::Name, false},
#define BPOR_REDUCTION_INTRINSIC(Id, Name, Kind) {#Id, Op::Name, LaneKind::Kind == LaneKind::Float},
#define BPOR_OVERFLOW_INTRINSIC(Id, Name) {#Id, Op::Name, false},
#include "interp/DecodeTables.def"
  };
  EXPECT_FALSE(lanewise.empty());
  for (const Mapping &mapping : lanewise) {
    EXPECT_GE(opcodeFacts(mapping.op).operands, 1) << mapping.from;
    ShadowRule rule = opcodeFacts(mapping.op).shadow;
    EXPECT_EQ(rule == ShadowRule::ConcreteFloat || rule == ShadowRule::Float, mapping.isFloat)
        << mapping.from;
  }
  for (const Mapping &mapping : twoOperands)
    EXPECT_EQ(opcodeFacts(mapping.op).operands, 2) << mapping.from;
}

} // namespace
} // namespace bpor::test
