// The intrinsics clang emits for C: bit counting, funnel shifts, min/max/abs,
// overflow and saturating arithmetic, floating-point math,
// expect/assume/lifetime, stacksave/restore, trap.
#include "InterpTestUtil.h"

namespace bpor::test {
namespace {

class IntrinsicsTest : public InterpTest {};

TEST_F(IntrinsicsTest, BitCounting) {
  load(R"(
declare i32 @llvm.ctlz.i32(i32, i1)
declare i16 @llvm.cttz.i16(i16, i1)
declare i64 @llvm.ctpop.i64(i64)
declare i32 @llvm.bswap.i32(i32)
declare i16 @llvm.bswap.i16(i16)
declare i8 @llvm.bitreverse.i8(i8)
define i32 @ctlz(i32 %a) { %r = call i32 @llvm.ctlz.i32(i32 %a, i1 false)
  ret i32 %r }
define i16 @cttz(i16 %a) { %r = call i16 @llvm.cttz.i16(i16 %a, i1 false)
  ret i16 %r }
define i64 @ctpop(i64 %a) { %r = call i64 @llvm.ctpop.i64(i64 %a)
  ret i64 %r }
define i32 @bswap32(i32 %a) { %r = call i32 @llvm.bswap.i32(i32 %a)
  ret i32 %r }
define i16 @bswap16(i16 %a) { %r = call i16 @llvm.bswap.i16(i16 %a)
  ret i16 %r }
define i8 @rev(i8 %a) { %r = call i8 @llvm.bitreverse.i8(i8 %a)
  ret i8 %r }
)");
  EXPECT_EQ(call("ctlz", {1}), 31u);
  EXPECT_EQ(call("ctlz", {0}), 32u);
  EXPECT_EQ(call("cttz", {0x100}), 8u);
  EXPECT_EQ(call("cttz", {0}), 16u);
  EXPECT_EQ(call("ctpop", {0xff00ff00ff}), 24u);
  EXPECT_EQ(call("bswap32", {0x11223344}), 0x44332211u);
  EXPECT_EQ(call("bswap16", {0x1122}), 0x2211u);
  EXPECT_EQ(call("rev", {0x01}), 0x80u);
}

TEST_F(IntrinsicsTest, FunnelShiftsMinMaxAbs) {
  load(R"(
declare i8 @llvm.fshl.i8(i8, i8, i8)
declare i8 @llvm.fshr.i8(i8, i8, i8)
declare i32 @llvm.smin.i32(i32, i32)
declare i32 @llvm.umax.i32(i32, i32)
declare i16 @llvm.abs.i16(i16, i1)
define i8 @fshl(i8 %a, i8 %b, i8 %c) { %r = call i8 @llvm.fshl.i8(i8 %a, i8 %b, i8 %c)
  ret i8 %r }
define i8 @fshr(i8 %a, i8 %b, i8 %c) { %r = call i8 @llvm.fshr.i8(i8 %a, i8 %b, i8 %c)
  ret i8 %r }
define i32 @smin(i32 %a, i32 %b) { %r = call i32 @llvm.smin.i32(i32 %a, i32 %b)
  ret i32 %r }
define i32 @umax(i32 %a, i32 %b) { %r = call i32 @llvm.umax.i32(i32 %a, i32 %b)
  ret i32 %r }
define i16 @abs(i16 %a) { %r = call i16 @llvm.abs.i16(i16 %a, i1 false)
  ret i16 %r }
)");
  EXPECT_EQ(call("fshl", {0xff, 0x00, 4}), 0xf0u);
  EXPECT_EQ(call("fshl", {0x12, 0x34, 8}), 0x12u); // shift modulo width
  EXPECT_EQ(call("fshr", {0xff, 0x00, 4}), 0xf0u);
  EXPECT_EQ(call("fshr", {0x12, 0x34, 0}), 0x34u);
  EXPECT_EQ(call("smin", {uint32_t(-5), 3}), uint32_t(-5));
  EXPECT_EQ(call("umax", {uint32_t(-5), 3}), uint32_t(-5));
  EXPECT_EQ(call("abs", {0xfff6}), 10u);
  EXPECT_EQ(call("abs", {0x8000}), 0x8000u); // INT_MIN stays INT_MIN
}

TEST_F(IntrinsicsTest, OverflowAndSaturation) {
  load(R"(
declare { i32, i1 } @llvm.sadd.with.overflow.i32(i32, i32)
declare { i8, i1 } @llvm.umul.with.overflow.i8(i8, i8)
declare { i64, i1 } @llvm.usub.with.overflow.i64(i64, i64)
declare i8 @llvm.sadd.sat.i8(i8, i8)
declare i8 @llvm.usub.sat.i8(i8, i8)
define i64 @sadd(i32 %a, i32 %b) {
  %p = call { i32, i1 } @llvm.sadd.with.overflow.i32(i32 %a, i32 %b)
  %v = extractvalue { i32, i1 } %p, 0
  %o = extractvalue { i32, i1 } %p, 1
  %v64 = zext i32 %v to i64
  %o64 = zext i1 %o to i64
  %hi = shl i64 %o64, 32
  %r = or i64 %hi, %v64
  ret i64 %r }
define i1 @umul(i8 %a, i8 %b) {
  %p = call { i8, i1 } @llvm.umul.with.overflow.i8(i8 %a, i8 %b)
  %o = extractvalue { i8, i1 } %p, 1
  ret i1 %o }
define i1 @usub(i64 %a, i64 %b) {
  %p = call { i64, i1 } @llvm.usub.with.overflow.i64(i64 %a, i64 %b)
  %o = extractvalue { i64, i1 } %p, 1
  ret i1 %o }
define i8 @ssat(i8 %a, i8 %b) { %r = call i8 @llvm.sadd.sat.i8(i8 %a, i8 %b)
  ret i8 %r }
define i8 @usat(i8 %a, i8 %b) { %r = call i8 @llvm.usub.sat.i8(i8 %a, i8 %b)
  ret i8 %r }
)");
  EXPECT_EQ(call("sadd", {0x7fffffff, 1}), 0x180000000u);
  EXPECT_EQ(call("sadd", {uint32_t(-1), 1}), 0u);
  EXPECT_EQ(call("umul", {16, 16}), 1u);
  EXPECT_EQ(call("umul", {15, 17}), 0u);
  EXPECT_EQ(call("usub", {0, 1}), 1u);
  EXPECT_EQ(call("ssat", {100, 100}), 127u);
  EXPECT_EQ(call("ssat", {0x80, 0xff}), 0x80u);
  EXPECT_EQ(call("usat", {3, 5}), 0u);
}

TEST_F(IntrinsicsTest, FloatingPointMath) {
  load(R"(
declare double @llvm.fabs.f64(double)
declare double @llvm.sqrt.f64(double)
declare float @llvm.floor.f32(float)
declare double @llvm.ceil.f64(double)
declare double @llvm.round.f64(double)
declare double @llvm.trunc.f64(double)
declare double @llvm.fmuladd.f64(double, double, double)
define double @fabs(double %a) { %r = call double @llvm.fabs.f64(double %a)
  ret double %r }
define double @sqrt(double %a) { %r = call double @llvm.sqrt.f64(double %a)
  ret double %r }
define float @floor(float %a) { %r = call float @llvm.floor.f32(float %a)
  ret float %r }
define double @ceil(double %a) { %r = call double @llvm.ceil.f64(double %a)
  ret double %r }
define double @round(double %a) { %r = call double @llvm.round.f64(double %a)
  ret double %r }
define double @trunc(double %a) { %r = call double @llvm.trunc.f64(double %a)
  ret double %r }
define double @fma(double %a, double %b, double %c) {
  %r = call double @llvm.fmuladd.f64(double %a, double %b, double %c)
  ret double %r }
)");
  EXPECT_EQ(doubleOf(call("fabs", {slotOf(-3.5)})), 3.5);
  EXPECT_EQ(doubleOf(call("sqrt", {slotOf(6.25)})), 2.5);
  EXPECT_EQ(floatOf(call("floor", {slotOf(-1.5f)})), -2.0f);
  EXPECT_EQ(doubleOf(call("ceil", {slotOf(1.25)})), 2.0);
  EXPECT_EQ(doubleOf(call("round", {slotOf(2.5)})), 3.0);
  EXPECT_EQ(doubleOf(call("trunc", {slotOf(-2.7)})), -2.0);
  EXPECT_EQ(doubleOf(call("fma", {slotOf(2.0), slotOf(3.0), slotOf(0.5)})),
            6.5);
}

TEST_F(IntrinsicsTest, MathLibraryIntrinsics) {
  load(R"(
declare double @llvm.pow.f64(double, double)
declare double @llvm.exp.f64(double)
declare float @llvm.log2.f32(float)
declare double @llvm.cos.f64(double)
declare i64 @llvm.lround.i64.f64(double)
declare i32 @llvm.lrint.i32.f64(double)
define double @pow(double %a, double %b) { %r = call double @llvm.pow.f64(double %a, double %b)
  ret double %r }
define double @exp(double %a) { %r = call double @llvm.exp.f64(double %a)
  ret double %r }
define float @log2(float %a) { %r = call float @llvm.log2.f32(float %a)
  ret float %r }
define double @cos(double %a) { %r = call double @llvm.cos.f64(double %a)
  ret double %r }
define i64 @lround(double %a) { %r = call i64 @llvm.lround.i64.f64(double %a)
  ret i64 %r }
define i32 @lrint(double %a) { %r = call i32 @llvm.lrint.i32.f64(double %a)
  ret i32 %r }
)");
  EXPECT_EQ(doubleOf(call("pow", {slotOf(2.0), slotOf(10.0)})), 1024.0);
  EXPECT_EQ(doubleOf(call("exp", {slotOf(0.0)})), 1.0);
  EXPECT_EQ(floatOf(call("log2", {slotOf(8.0f)})), 3.0f);
  EXPECT_EQ(doubleOf(call("cos", {slotOf(0.0)})), 1.0);
  EXPECT_EQ(call("lround", {slotOf(-2.5)}), uint64_t(-3));
  EXPECT_EQ(call("lrint", {slotOf(2.5)}), 2u); // ties to even
}

TEST_F(IntrinsicsTest, HintsStackSaveAndTrap) {
  load(R"(
declare i64 @llvm.expect.i64(i64, i64)
declare void @llvm.assume(i1)
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)
declare ptr @llvm.stacksave.p0()
declare void @llvm.stackrestore.p0(ptr)
declare void @llvm.trap()
define i64 @hints(i64 %a) {
  %x = alloca i64
  call void @llvm.lifetime.start.p0(i64 8, ptr %x)
  %c = icmp sgt i64 %a, 0
  call void @llvm.assume(i1 %c)
  %e = call i64 @llvm.expect.i64(i64 %a, i64 1)
  store i64 %e, ptr %x
  %v = load i64, ptr %x
  call void @llvm.lifetime.end.p0(i64 8, ptr %x)
  ret i64 %v
}
define i32 @vla(i32 %n) {
  %sp = call ptr @llvm.stacksave.p0()
  %buf = alloca i32, i32 %n
  %last = sub i32 %n, 1
  %p = getelementptr i32, ptr %buf, i32 %last
  store i32 9, ptr %p
  %v = load i32, ptr %p
  call void @llvm.stackrestore.p0(ptr %sp)
  %w = load i32, ptr %p
  ret i32 %w
}
define void @trap() { call void @llvm.trap()
  unreachable }
)");
  EXPECT_EQ(call("hints", {5}), 5u);
  // The VLA is released by stackrestore: the second load is a use after free.
  Fault error = fault("vla", {4});
  EXPECT_EQ(error.memory, MemoryFault::UseAfterFree);
  EXPECT_EQ(fault("trap").message, "trap executed (__builtin_trap)");
}

TEST_F(IntrinsicsTest, UnknownIntrinsicIsUnsupported) {
  load(R"(
declare ptr @llvm.returnaddress(i32)
define ptr @f() { %r = call ptr @llvm.returnaddress(i32 0)
  ret ptr %r }
)");
  Fault error = fault("f");
  EXPECT_EQ(error.kind, ErrorKind::Unsupported);
  EXPECT_EQ(error.message,
            "unsupported intrinsic llvm.returnaddress in function f: "
            "%r = call ptr @llvm.returnaddress(i32 0)");
}

} // namespace
} // namespace bpor::test
