// float/double arithmetic, compares and conversions (values are bit patterns in
// slots).
#include "InterpTestUtil.h"

#include <cmath>

namespace bpor::test {
namespace {

class FloatTest : public InterpTest {};

TEST_F(FloatTest, DoubleArithmetic) {
  load(R"(
define double @f(double %a, double %b) {
  %s = fadd double %a, %b
  %d = fsub double %s, 0.5
  %m = fmul double %d, %b
  %q = fdiv double %m, 4.0
  %r = frem double %q, 2.0
  %n = fneg double %r
  ret double %n
}
)");
  double a = 1.25, b = 3.0;
  double expected = -std::fmod((a + b - 0.5) * b / 4.0, 2.0);
  EXPECT_EQ(doubleOf(call("f", {slotOf(a), slotOf(b)})), expected);
}

TEST_F(FloatTest, FloatArithmeticIsSinglePrecision) {
  load(R"(
define float @f(float %a, float %b) {
  %s = fadd float %a, %b
  %m = fmul float %s, %s
  ret float %m
}
)");
  float a = 0.1f, b = 0.2f;
  float s = a + b;
  Slot result = call("f", {slotOf(a), slotOf(b)});
  EXPECT_EQ(result >> 32, 0u); // a float occupies the low 32 bits
  EXPECT_EQ(floatOf(result), s * s);
}

TEST_F(FloatTest, ComparesOrderedAndUnordered) {
  load(R"(
define i32 @cmp(double %a, double %b) {
  %olt = fcmp olt double %a, %b
  %ult = fcmp ult double %a, %b
  %oeq = fcmp oeq double %a, %b
  %une = fcmp une double %a, %b
  %uno = fcmp uno double %a, %b
  %x0 = zext i1 %olt to i32
  %x1 = zext i1 %ult to i32
  %x2 = zext i1 %oeq to i32
  %x3 = zext i1 %une to i32
  %x4 = zext i1 %uno to i32
  %y1 = shl i32 %x1, 1
  %y2 = shl i32 %x2, 2
  %y3 = shl i32 %x3, 3
  %y4 = shl i32 %x4, 4
  %z1 = or i32 %x0, %y1
  %z2 = or i32 %z1, %y2
  %z3 = or i32 %z2, %y3
  %z4 = or i32 %z3, %y4
  ret i32 %z4
}
)");
  double nan = std::nan("");
  EXPECT_EQ(call("cmp", {slotOf(1.0), slotOf(2.0)}), 0b01011u);
  EXPECT_EQ(call("cmp", {slotOf(2.0), slotOf(2.0)}), 0b00100u);
  EXPECT_EQ(call("cmp", {slotOf(nan), slotOf(2.0)}), 0b11010u);
}

TEST_F(FloatTest, Conversions) {
  load(R"(
define i32 @fptosi(double %a) { %r = fptosi double %a to i32
  ret i32 %r }
define i8 @fptoui(float %a) { %r = fptoui float %a to i8
  ret i8 %r }
define double @sitofp(i16 %a) { %r = sitofp i16 %a to double
  ret double %r }
define float @uitofp(i64 %a) { %r = uitofp i64 %a to float
  ret float %r }
define float @trunc(double %a) { %r = fptrunc double %a to float
  ret float %r }
define double @ext(float %a) { %r = fpext float %a to double
  ret double %r }
define i64 @bits(double %a) { %r = bitcast double %a to i64
  ret i64 %r }
define i32 @huge(double %a) { %r = fptosi double %a to i32
  ret i32 %r }
)");
  EXPECT_EQ(call("fptosi", {slotOf(-2.75)}), uint32_t(-2));
  EXPECT_EQ(call("fptoui", {slotOf(200.5f)}), 200u);
  EXPECT_EQ(doubleOf(call("sitofp", {0xffff})), -1.0);
  EXPECT_EQ(floatOf(call("uitofp", {~uint64_t(0)})), 18446744073709551616.0f);
  EXPECT_EQ(floatOf(call("trunc", {slotOf(0.1)})), 0.1f);
  EXPECT_EQ(doubleOf(call("ext", {slotOf(0.1f)})), double(0.1f));
  EXPECT_EQ(call("bits", {slotOf(1.0)}), 0x3ff0000000000000u);
  call("huge", {slotOf(1e300)}); // poison in LLVM: any value, but no host crash
}

} // namespace
} // namespace bpor::test
