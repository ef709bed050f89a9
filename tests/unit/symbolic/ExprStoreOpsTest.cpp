// Every operation whose shadow rule builds an expression of the operation itself (interp/
// Opcodes.def: Expression, Division, Overflow, Float) has its case in ExprStore::binary, unary
// or floating: a new row with one of these rules and no case there would throw in symbolic
// runs.
#include "interp/Opcodes.h"
#include "symbolic/ExprStore.h"

#include <gtest/gtest.h>

namespace bpor::test {
namespace {

using interp::Op;
using interp::ShadowRule;

TEST(ExprStoreOps, EveryExpressionRuleOperationHasItsExpression) {
  symbolic::ExprStore store;
  ExprId a = store.symbol(0, 0, 32), b = store.symbol(0, 1, 32);
  unsigned checked = 0, floats = 0;
  for (size_t i = 0; i < size_t(Op::NumOps); ++i) {
    Op op = Op(i);
    const interp::OpcodeFacts &facts = interp::opcodeFacts(op);
    if (facts.shadow == ShadowRule::Float) {
      EXPECT_NO_THROW(store.floating(FloatOperation{op, false, 32, 1}, a, b, ConcreteValue)) << facts.name;
      ++floats;
      continue;
    }
    if (facts.shadow != ShadowRule::Expression && facts.shadow != ShadowRule::Division &&
        facts.shadow != ShadowRule::Overflow)
      continue;
    if (facts.operands == 1)
      EXPECT_NO_THROW(store.unary(op, 32, a)) << facts.name;
    else
      EXPECT_NO_THROW(store.binary(op, 32, a, b)) << facts.name;
    ++checked;
  }
  EXPECT_GT(checked, 20u);
  EXPECT_EQ(floats, 19u); // conversions, arithmetic, fneg, fcmp, fabs, sqrt and five roundings
}

} // namespace
} // namespace bpor::test
