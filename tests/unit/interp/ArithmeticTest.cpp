// Integer arithmetic, compares and casts, per width.
#include "InterpTestUtil.h"

namespace bpor::test {
namespace {

class ArithmeticTest : public InterpTest {};

TEST_F(ArithmeticTest, BinaryOperatorsWrapAtTheirWidth) {
  load(R"(
define i32 @add(i32 %a, i32 %b) { %r = add i32 %a, %b
  ret i32 %r }
define i8 @sub8(i8 %a, i8 %b) { %r = sub i8 %a, %b
  ret i8 %r }
define i64 @mul(i64 %a, i64 %b) { %r = mul i64 %a, %b
  ret i64 %r }
define i16 @mul16(i16 %a, i16 %b) { %r = mul i16 %a, %b
  ret i16 %r }
define i32 @logic(i32 %a, i32 %b) {
  %x = and i32 %a, %b
  %y = or i32 %x, 256
  %z = xor i32 %y, -1
  ret i32 %z }
)");
  EXPECT_EQ(call("add", {0xffffffff, 2}), 1u);
  EXPECT_EQ(call("sub8", {1, 2}), 0xffu);
  EXPECT_EQ(call("mul", {0x100000000, 0x100000001}), 0x100000000u);
  EXPECT_EQ(call("mul16", {300, 300}), (300u * 300u) & 0xffff);
  EXPECT_EQ(call("logic", {0xf0f0, 0xff00}), ~uint32_t(0xf000 | 256));
}

TEST_F(ArithmeticTest, DivisionAndRemainderSignedAndUnsigned) {
  load(R"(
define i32 @sdiv(i32 %a, i32 %b) { %r = sdiv i32 %a, %b
  ret i32 %r }
define i32 @srem(i32 %a, i32 %b) { %r = srem i32 %a, %b
  ret i32 %r }
define i32 @udiv(i32 %a, i32 %b) { %r = udiv i32 %a, %b
  ret i32 %r }
define i64 @urem(i64 %a, i64 %b) { %r = urem i64 %a, %b
  ret i64 %r }
)");
  EXPECT_EQ(call("sdiv", {uint32_t(-7), 2}), uint32_t(-3));
  EXPECT_EQ(call("srem", {uint32_t(-7), 2}), uint32_t(-1));
  EXPECT_EQ(call("udiv", {uint32_t(-7), 2}), 0x7ffffffcu);
  EXPECT_EQ(call("urem", {~uint64_t(0), 10}), ~uint64_t(0) % 10);
}

TEST_F(ArithmeticTest, DivisionByZeroAndOverflowAreReportedErrors) {
  load(R"(
define i32 @sdiv(i32 %a, i32 %b) { %r = sdiv i32 %a, %b
  ret i32 %r }
define i64 @udiv(i64 %a, i64 %b) { %r = udiv i64 %a, %b
  ret i64 %r }
define i64 @srem64(i64 %a, i64 %b) { %r = srem i64 %a, %b
  ret i64 %r }
)");
  Fault zero = fault("sdiv", {5, 0});
  EXPECT_EQ(zero.kind, ErrorKind::AssertionFailure);
  EXPECT_EQ(zero.message, "undefined behaviour: integer division by zero");
  EXPECT_EQ(fault("udiv", {5, 0}).message,
            "undefined behaviour: integer division by zero");
  Fault overflow = fault("sdiv", {0x80000000, 0xffffffff});
  EXPECT_EQ(overflow.message,
            "undefined behaviour: signed division overflow (INT_MIN / -1)");
  EXPECT_EQ(fault("srem64", {uint64_t(1) << 63, ~uint64_t(0)}).kind,
            ErrorKind::AssertionFailure);
}

TEST_F(ArithmeticTest, Shifts) {
  load(R"(
define i32 @shl(i32 %a, i32 %b) { %r = shl i32 %a, %b
  ret i32 %r }
define i32 @lshr(i32 %a, i32 %b) { %r = lshr i32 %a, %b
  ret i32 %r }
define i8 @ashr(i8 %a, i8 %b) { %r = ashr i8 %a, %b
  ret i8 %r }
)");
  EXPECT_EQ(call("shl", {0x80000001, 1}), 2u);
  EXPECT_EQ(call("lshr", {0x80000000, 31}), 1u);
  EXPECT_EQ(call("ashr", {0x80, 3}), 0xf0u);
  EXPECT_EQ(call("ashr", {0x40, 3}), 0x08u);
  EXPECT_EQ(call("shl", {1, 40}), 0u); // poison in LLVM; never a host crash
}

TEST_F(ArithmeticTest, ComparesSignedAndUnsigned) {
  load(R"(
define i32 @cmps(i32 %a, i32 %b) {
  %lt = icmp slt i32 %a, %b
  %ult = icmp ult i32 %a, %b
  %eq = icmp eq i32 %a, %b
  %sge = icmp sge i32 %a, %b
  %ugt = icmp ugt i32 %a, %b
  %l = zext i1 %lt to i32
  %u = zext i1 %ult to i32
  %e = zext i1 %eq to i32
  %g = zext i1 %sge to i32
  %h = zext i1 %ugt to i32
  %u2 = shl i32 %u, 1
  %e2 = shl i32 %e, 2
  %g2 = shl i32 %g, 3
  %h2 = shl i32 %h, 4
  %r1 = or i32 %l, %u2
  %r2 = or i32 %r1, %e2
  %r3 = or i32 %r2, %g2
  %r4 = or i32 %r3, %h2
  ret i32 %r4 }
define i1 @ptrcmp(ptr %a, ptr %b) { %r = icmp ult ptr %a, %b
  ret i1 %r }
)");
  EXPECT_EQ(call("cmps", {uint32_t(-1), 1}), 0b10001u); // slt, ugt
  EXPECT_EQ(call("cmps", {1, uint32_t(-1)}), 0b01010u); // ult, sge
  EXPECT_EQ(call("cmps", {3, 3}), 0b01100u);            // eq, sge
  EXPECT_EQ(call("ptrcmp", {makeAddress(1, 4), makeAddress(1, 8)}), 1u);
}

TEST_F(ArithmeticTest, Casts) {
  load(R"(
define i64 @sext8(i8 %a) { %r = sext i8 %a to i64
  ret i64 %r }
define i32 @sext1(i1 %a) { %r = sext i1 %a to i32
  ret i32 %r }
define i64 @zext(i32 %a) { %r = zext i32 %a to i64
  ret i64 %r }
define i16 @trunc(i64 %a) { %r = trunc i64 %a to i16
  ret i16 %r }
define i32 @ptrtoint(ptr %p) { %r = ptrtoint ptr %p to i32
  ret i32 %r }
define ptr @inttoptr(i64 %a) { %r = inttoptr i64 %a to ptr
  ret ptr %r }
)");
  EXPECT_EQ(call("sext8", {0x80}), 0xffffffffffffff80u);
  EXPECT_EQ(call("sext1", {1}), 0xffffffffu);
  EXPECT_EQ(call("zext", {0xffffffff}), 0xffffffffu);
  EXPECT_EQ(call("trunc", {0x123456789}), 0x6789u);
  EXPECT_EQ(call("ptrtoint", {makeAddress(3, 12)}), 12u);
  EXPECT_EQ(call("inttoptr", {makeAddress(3, 12)}), makeAddress(3, 12));
}

TEST_F(ArithmeticTest, TwoSlotIntegers) {
  load(R"(
define i128 @mul(i64 %a, i64 %b) {
  %x = zext i64 %a to i128
  %y = zext i64 %b to i128
  %r = mul i128 %x, %y
  ret i128 %r }
define i64 @high(i64 %a, i64 %b) {
  %x = zext i64 %a to i128
  %y = zext i64 %b to i128
  %r = mul i128 %x, %y
  %h = lshr i128 %r, 64
  %t = trunc i128 %h to i64
  ret i64 %t }
define i128 @neg(i32 %a) {
  %x = sext i32 %a to i128
  %r = sdiv i128 %x, 2
  ret i128 %r }
define i1 @less(i64 %a) {
  %x = sext i64 %a to i128
  %r = icmp slt i128 %x, 0
  ret i1 %r }
define i128 @div0(i128 %a) {
  %r = udiv i128 %a, 0
  ret i128 %r }
)");
  ThreadState thread;
  ASSERT_EQ(run(thread, "mul", {~uint64_t(0), 3}), RunResult::Returned);
  EXPECT_EQ(thread.returnValue, (std::vector<Slot>{~uint64_t(0) - 2, 2}));
  EXPECT_EQ(call("high", {uint64_t(1) << 63, 4}), 2u);
  ASSERT_EQ(run(thread, "neg", {uint32_t(-7)}), RunResult::Returned);
  EXPECT_EQ(thread.returnValue,
            (std::vector<Slot>{uint64_t(-3), ~uint64_t(0)}));
  EXPECT_EQ(call("less", {uint64_t(-1)}), 1u);
  EXPECT_EQ(call("less", {5}), 0u);
  EXPECT_EQ(fault("div0", {1, 0}).message,
            "undefined behaviour: integer division by zero");
}

TEST_F(ArithmeticTest, IntegersWiderThan128BitsAreUnsupportedWhenReached) {
  load(R"(
define i256 @wide(i256 %a) { %r = add i256 %a, 1
  ret i256 %r }
define i32 @fine() { ret i32 3 }
)");
  EXPECT_EQ(call("fine"), 3u); // decoding the module did not fail
  Fault error = fault("wide", {1, 0, 0, 0});
  EXPECT_EQ(error.kind, ErrorKind::Unsupported);
  EXPECT_EQ(error.message, "arithmetic on integers wider than 128 bits in "
                           "function wide: %r = add i256 %a, 1");
}

} // namespace
} // namespace bpor::test
