// The floating-point expressions (symbolic/FloatExpressions.cpp) give the interpreter's results
// bit for bit (interp/FloatBits.h): each operation runs in the interpreter on values chosen to
// reach every case (zeros, denormals, infinities, NaNs with payloads, integers at the edges of
// the conversions' ranges), and its expression over the same constants must fold to the same
// bits; for some of them, over symbols, Z3 must find no model where the result differs.
#include "../interp/InterpTestUtil.h"
#include "interp/FloatBits.h"
#include "symbolic/ExprStore.h"

#include <fmt/format.h>

#include <cmath>
#include <limits>

namespace bpor::test {
namespace {

using interp::Op;

const std::vector<double> &doubles() {
  static const std::vector<double> values = [] {
    std::vector<double> v = {0.0,
                             -0.0,
                             1.0,
                             -1.0,
                             0.1,
                             -2.5,
                             3.5,
                             1e308,
                             -1e308,
                             5e-324,
                             2.2250738585072014e-308,
                             std::numeric_limits<double>::infinity(),
                             -std::numeric_limits<double>::infinity(),
                             9223372036854775808.0,
                             -9223372036854775808.0,
                             9223372036854774784.0,
                             18446744073709551616.0,
                             4294967296.5,
                             -2147483649.0,
                             2147483647.9,
                             -0.5,
                             0.9999999999999999,
                             1e-320,
                             255.5};
    for (uint64_t nan : {0x7ff8000000000000ull, 0x7ff0000000000123ull, 0xfff8000000000456ull,
                         0xfff0000000000001ull})
      v.push_back(doubleOf(nan));
    return v;
  }();
  return values;
}

const std::vector<float> &floats() {
  static const std::vector<float> values = [] {
    std::vector<float> v = {0.0f,
                            -0.0f,
                            1.0f,
                            -1.0f,
                            0.1f,
                            -2.5f,
                            3.4e38f,
                            -3.4e38f,
                            1e-45f,
                            1e-40f,
                            16777217.0f,
                            2147483648.0f,
                            -2147483648.0f,
                            4294967296.0f,
                            -0.75f,
                            std::numeric_limits<float>::infinity(),
                            -std::numeric_limits<float>::infinity()};
    for (uint32_t nan : {0x7fc00000u, 0x7f800123u, 0xffc00456u, 0xff800001u})
      v.push_back(floatOf(nan));
    return v;
  }();
  return values;
}

const std::vector<uint64_t> &integers() {
  static const std::vector<uint64_t> values = {0,
                                               1,
                                               ~uint64_t(0),
                                               0x7fffffffffffffffull,
                                               0x8000000000000000ull,
                                               0xffffffffull,
                                               0x80000000ull,
                                               0x7fffffffull,
                                               16777217,
                                               9007199254740993ull,
                                               0xfffffffffffff800ull,
                                               255,
                                               0x80,
                                               12345678901234567ull};
  return values;
}

class FloatExpressionsTest : public InterpTest {
protected:
  symbolic::ExprStore store;

  /// The expression's bits over constants, folded; fails if it does not fold.
  uint64_t folded(const FloatOperation &operation, uint64_t a, unsigned aBits, uint64_t b) {
    ExprId ea = store.constant(a, aBits);
    ExprId eb = operation.op == Op::FAdd || operation.op == Op::FSub || operation.op == Op::FMul ||
                        operation.op == Op::FDiv || operation.op == Op::FCmp
                    ? store.constant(b, aBits)
                    : ConcreteValue;
    ExprId result = store.floating(operation, ea, eb, ConcreteValue);
    uint64_t value = 0;
    EXPECT_TRUE(store.isConstant(result, value)) << store.describe(result);
    return value;
  }

  /// Over symbols fixed to a and b by the path condition: the model's value is `expected`, and
  /// no model gives another.
  void solved(const FloatOperation &operation, uint64_t a, unsigned aBits, uint64_t b,
              uint64_t expected) {
    bool binary = operation.op != Op::Sqrt && operation.op != Op::Round;
    ExprId sa = store.symbol(0, nextSymbol_++, aBits);
    ExprId sb = binary ? store.symbol(0, nextSymbol_++, aBits) : ConcreteValue;
    symbolic::PathId path =
        store.extend(symbolic::RootPath, store.equals(sa, store.constant(a, aBits)));
    if (binary)
      path = store.extend(path, store.equals(sb, store.constant(b, aBits)));
    ASSERT_NE(path, symbolic::InfeasiblePath);
    ExprId result = store.floating(operation, sa, sb, ConcreteValue);
    EXPECT_EQ(store.value(path, result), expected) << store.describe(result);
    ExprId differs =
        store.negate(store.equals(result, store.constant(expected, store.width(result))));
    EXPECT_EQ(store.extend(path, differs), symbolic::InfeasiblePath) << store.describe(result);
  }

  uint32_t nextSymbol_ = 0;
};

struct Arithmetic {
  const char *instruction;
  Op op;
};
const Arithmetic arithmetic[] = {
    {"fadd", Op::FAdd}, {"fsub", Op::FSub}, {"fmul", Op::FMul}, {"fdiv", Op::FDiv}};

TEST_F(FloatExpressionsTest, ArithmeticAndItsNaNs) {
  std::string ir;
  for (const Arithmetic &a : arithmetic)
    for (const char *type : {"double", "float"})
      ir += fmt::format("define {1} @{0}_{1}({1} %a, {1} %b) {{\n  %r = {0} {1} %a, %b\n"
                        "  ret {1} %r\n}}\n",
                        a.instruction, type);
  load(ir);
  unsigned checked = 0;
  for (const Arithmetic &a : arithmetic) {
    for (double x : doubles())
      for (double y : doubles()) {
        Slot native = call(fmt::format("{}_double", a.instruction), {slotOf(x), slotOf(y)});
        ASSERT_EQ(folded({a.op, true}, slotOf(x), 64, slotOf(y)), native)
            << a.instruction << " " << x << " " << y;
        ++checked;
      }
    for (float x : floats())
      for (float y : floats()) {
        Slot native = call(fmt::format("{}_float", a.instruction), {slotOf(x), slotOf(y)});
        ASSERT_EQ(folded({a.op, false}, slotOf(x), 32, slotOf(y)), native)
            << a.instruction << " " << x << " " << y;
        ++checked;
      }
  }
  EXPECT_GT(checked, 3000u);
  // The solver and the model agree with the folding (Z3 reduces the floats to bits there).
  for (const Arithmetic &a : arithmetic) {
    Slot native = call(fmt::format("{}_double", a.instruction), {slotOf(0.1), slotOf(-2.5)});
    solved({a.op, true}, slotOf(0.1), 64, slotOf(-2.5), native);
    Slot nan = call(fmt::format("{}_float", a.instruction), {slotOf(1.0f), slotOf(floats()[18])});
    solved({a.op, false}, slotOf(1.0f), 32, slotOf(floats()[18]), nan);
  }
}

TEST_F(FloatExpressionsTest, FusedMultiplyAdd) {
  load(R"(
define double @fma(double %a, double %b, double %c) {
  %r = call double @llvm.fmuladd.f64(double %a, double %b, double %c)
  ret double %r
}
declare double @llvm.fmuladd.f64(double, double, double)
)");
  std::vector<double> values = {0.1, -2.5, 1e308, 5e-324, -0.0, 3.0};
  for (size_t k : {size_t(11), size_t(24), size_t(26)}) // infinity, NaNs
    values.push_back(doubles()[k]);
  unsigned checked = 0;
  for (double x : values)
    for (double y : values)
      for (double z : values) {
        ExprId result =
            store.floating({Op::Fma, true}, store.constant(slotOf(x), 64),
                           store.constant(slotOf(y), 64), store.constant(slotOf(z), 64));
        uint64_t value = 0;
        ASSERT_TRUE(store.isConstant(result, value)) << store.describe(result);
        ASSERT_EQ(value, call("fma", {slotOf(x), slotOf(y), slotOf(z)}))
            << x << " * " << y << " + " << z;
        ++checked;
      }
  EXPECT_EQ(checked, 729u);
}

TEST_F(FloatExpressionsTest, ComparesWithEveryPredicate) {
  static const char *predicates[] = {"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                                     "uno",   "ueq", "ugt", "uge", "ult", "ule", "une", "true"};
  std::string ir;
  for (const char *p : predicates)
    ir += fmt::format("define i1 @{0}({1} %a, {1} %b) {{\n  %r = fcmp {0} {1} %a, %b\n"
                      "  ret i1 %r\n}}\n",
                      p, "double");
  load(ir);
  for (uint8_t p = 0; p < 16; ++p)
    for (double x : doubles())
      for (double y : doubles())
        ASSERT_EQ(folded({Op::FCmp, true, 0, p}, slotOf(x), 64, slotOf(y)),
                  call(predicates[p], {slotOf(x), slotOf(y)}) & 1)
            << predicates[p] << " " << x << " " << y;
}

TEST_F(FloatExpressionsTest, ConversionsSignNegationSquareRootAndRounding) {
  load(R"(
define i64 @fptosi64(double %a) {
  %r = fptosi double %a to i64
  ret i64 %r
}
define i32 @fptosi32(double %a) {
  %r = fptosi double %a to i32
  ret i32 %r
}
define i8 @fptoui8(float %a) {
  %r = fptoui float %a to i8
  ret i8 %r
}
define i64 @fptoui64(double %a) {
  %r = fptoui double %a to i64
  ret i64 %r
}
define double @sitofp64(i64 %a) {
  %r = sitofp i64 %a to double
  ret double %r
}
define float @sitofp32(i32 %a) {
  %r = sitofp i32 %a to float
  ret float %r
}
define float @uitofp64(i64 %a) {
  %r = uitofp i64 %a to float
  ret float %r
}
define double @uitofp8(i8 %a) {
  %r = uitofp i8 %a to double
  ret double %r
}
define float @trunc(double %a) {
  %r = fptrunc double %a to float
  ret float %r
}
define double @ext(float %a) {
  %r = fpext float %a to double
  ret double %r
}
define double @neg(double %a) {
  %r = fneg double %a
  ret double %r
}
define float @abs(float %a) {
  %r = call float @llvm.fabs.f32(float %a)
  ret float %r
}
define double @sqrt(double %a) {
  %r = call double @llvm.sqrt.f64(double %a)
  ret double %r
}
define double @floor(double %a) {
  %r = call double @llvm.floor.f64(double %a)
  ret double %r
}
define double @ceil(double %a) {
  %r = call double @llvm.ceil.f64(double %a)
  ret double %r
}
define double @ftrunc(double %a) {
  %r = call double @llvm.trunc.f64(double %a)
  ret double %r
}
define double @round(double %a) {
  %r = call double @llvm.round.f64(double %a)
  ret double %r
}
define double @rint(double %a) {
  %r = call double @llvm.rint.f64(double %a)
  ret double %r
}
define float @floorf(float %a) {
  %r = call float @llvm.floor.f32(float %a)
  ret float %r
}
define float @roundf(float %a) {
  %r = call float @llvm.round.f32(float %a)
  ret float %r
}
define float @nearbyintf(float %a) {
  %r = call float @llvm.nearbyint.f32(float %a)
  ret float %r
}
declare float @llvm.fabs.f32(float)
declare double @llvm.sqrt.f64(double)
declare double @llvm.floor.f64(double)
declare double @llvm.ceil.f64(double)
declare double @llvm.trunc.f64(double)
declare double @llvm.round.f64(double)
declare double @llvm.rint.f64(double)
declare float @llvm.floor.f32(float)
declare float @llvm.round.f32(float)
declare float @llvm.nearbyint.f32(float)
)");
  for (double x : doubles()) {
    EXPECT_EQ(folded({Op::FPToSI, true, 64}, slotOf(x), 64, 0), call("fptosi64", {slotOf(x)})) << x;
    EXPECT_EQ(folded({Op::FPToSI, true, 32}, slotOf(x), 64, 0), call("fptosi32", {slotOf(x)})) << x;
    EXPECT_EQ(folded({Op::FPToUI, true, 64}, slotOf(x), 64, 0), call("fptoui64", {slotOf(x)})) << x;
    EXPECT_EQ(folded({Op::FPTrunc}, slotOf(x), 64, 0), call("trunc", {slotOf(x)})) << x;
    EXPECT_EQ(folded({Op::FNeg, true}, slotOf(x), 64, 0), call("neg", {slotOf(x)})) << x;
    EXPECT_EQ(folded({Op::Sqrt, true}, slotOf(x), 64, 0), call("sqrt", {slotOf(x)})) << x;
    EXPECT_EQ(folded({Op::Floor, true}, slotOf(x), 64, 0), call("floor", {slotOf(x)})) << x;
    EXPECT_EQ(folded({Op::Ceil, true}, slotOf(x), 64, 0), call("ceil", {slotOf(x)})) << x;
    EXPECT_EQ(folded({Op::FTrunc, true}, slotOf(x), 64, 0), call("ftrunc", {slotOf(x)})) << x;
    EXPECT_EQ(folded({Op::Round, true}, slotOf(x), 64, 0), call("round", {slotOf(x)})) << x;
    EXPECT_EQ(folded({Op::RoundEven, true}, slotOf(x), 64, 0), call("rint", {slotOf(x)})) << x;
  }
  for (float x : floats()) {
    EXPECT_EQ(folded({Op::FPToUI, false, 8}, slotOf(x), 32, 0), call("fptoui8", {slotOf(x)})) << x;
    EXPECT_EQ(folded({Op::FPExt}, slotOf(x), 32, 0), call("ext", {slotOf(x)})) << x;
    EXPECT_EQ(folded({Op::FAbs, false}, slotOf(x), 32, 0), call("abs", {slotOf(x)})) << x;
    EXPECT_EQ(folded({Op::Floor, false}, slotOf(x), 32, 0), call("floorf", {slotOf(x)})) << x;
    EXPECT_EQ(folded({Op::Round, false}, slotOf(x), 32, 0), call("roundf", {slotOf(x)})) << x;
    EXPECT_EQ(folded({Op::RoundEven, false}, slotOf(x), 32, 0), call("nearbyintf", {slotOf(x)}))
        << x;
  }
  for (uint64_t i : integers()) {
    EXPECT_EQ(folded({Op::SIToFP, true, 64}, i, 64, 0), call("sitofp64", {i})) << i;
    EXPECT_EQ(folded({Op::SIToFP, false, 32}, i & 0xffffffff, 32, 0),
              call("sitofp32", {i & 0xffffffff}))
        << i;
    EXPECT_EQ(folded({Op::UIToFP, false, 64}, i, 64, 0), call("uitofp64", {i})) << i;
    EXPECT_EQ(folded({Op::UIToFP, true, 8}, i & 0xff, 8, 0), call("uitofp8", {i & 0xff})) << i;
  }
  solved({Op::Sqrt, true}, slotOf(2.0), 64, 0, call("sqrt", {slotOf(2.0)}));
  solved({Op::Round, true}, slotOf(-2.5), 64, 0, call("round", {slotOf(-2.5)}));
}

} // namespace
} // namespace bpor::test
