// Vectors (one slot per lane) and first-class aggregates, as clang -O2 emits
// them.
#include "InterpTestUtil.h"

namespace bpor::test {
namespace {

class VectorTest : public InterpTest {};

TEST_F(VectorTest, LoadArithmeticStoreReduce) {
  load(R"(
@v = global [8 x i32] [i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8]
declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)
declare i32 @llvm.vector.reduce.smax.v4i32(<4 x i32>)
define i32 @f() {
  %hi = getelementptr i32, ptr @v, i64 4
  %a = load <4 x i32>, ptr @v
  %b = load <4 x i32>, ptr %hi
  %s = mul <4 x i32> %a, %b
  %t = add <4 x i32> %s, <i32 1, i32 1, i32 1, i32 1>
  store <4 x i32> %t, ptr @v
  %sum = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %t)
  %max = call i32 @llvm.vector.reduce.smax.v4i32(<4 x i32> %t)
  %r = mul i32 %sum, 100
  %r2 = add i32 %r, %max
  ret i32 %r2
}
define i32 @elem(i64 %i) {
  %p = getelementptr i32, ptr @v, i64 %i
  %x = load i32, ptr %p
  ret i32 %x
}
)");
  // t = {6, 13, 22, 33}: sum 74, max 33
  EXPECT_EQ(call("f"), 7433u);
  EXPECT_EQ(call("elem", {3}), 33u);
  EXPECT_EQ(call("elem", {4}), 5u);
}

TEST_F(VectorTest, ShuffleInsertExtractCompareSelect) {
  load(R"(
define i32 @f(i32 %x, i32 %i) {
  %v0 = insertelement <4 x i32> poison, i32 %x, i64 0
  %splat = shufflevector <4 x i32> %v0, <4 x i32> poison, <4 x i32> zeroinitializer
  %seq = add <4 x i32> %splat, <i32 0, i32 1, i32 2, i32 3>
  %rev = shufflevector <4 x i32> %seq, <4 x i32> <i32 10, i32 20, i32 30, i32 40>, <4 x i32> <i32 3, i32 4, i32 1, i32 7>
  %big = icmp sgt <4 x i32> %rev, <i32 5, i32 5, i32 5, i32 5>
  %sel = select <4 x i1> %big, <4 x i32> %rev, <4 x i32> zeroinitializer
  %ins = insertelement <4 x i32> %sel, i32 99, i32 %i
  %e0 = extractelement <4 x i32> %ins, i32 0
  %e1 = extractelement <4 x i32> %ins, i32 1
  %e2 = extractelement <4 x i32> %ins, i32 %i
  %e3 = extractelement <4 x i32> %ins, i64 3
  %a = mul i32 %e0, 1000000
  %b = mul i32 %e1, 10000
  %c = mul i32 %e3, 100
  %s1 = add i32 %a, %b
  %s2 = add i32 %s1, %c
  %s3 = add i32 %s2, %e2
  ret i32 %s3
}
)");
  // x = 3: seq {3,4,5,6}; rev {6,10,4,40}; sel {6,10,0,40}; ins[2] = 99
  EXPECT_EQ(call("f", {3, 2}), 6u * 1000000 + 10 * 10000 + 40 * 100 + 99);
}

TEST_F(VectorTest, AggregatesInMemoryAndRegisters) {
  load(R"(
%pair = type { i8, i64 }
define i64 @f(i64 %x) {
  %p = alloca %pair
  %a = insertvalue %pair undef, i8 7, 0
  %b = insertvalue %pair %a, i64 %x, 1
  store %pair %b, ptr %p
  %second = getelementptr %pair, ptr %p, i32 0, i32 1
  %v = load i64, ptr %second
  %back = load %pair, ptr %p
  %c = extractvalue %pair %back, 0
  %c64 = zext i8 %c to i64
  %r = add i64 %v, %c64
  ret i64 %r
}
define i32 @arr() {
  %a = insertvalue [3 x i32] zeroinitializer, i32 5, 2
  %e = extractvalue [3 x i32] %a, 2
  %z = extractvalue [3 x i32] %a, 0
  %r = add i32 %e, %z
  ret i32 %r
}
)");
  EXPECT_EQ(call("f", {100}), 107u);
  EXPECT_EQ(call("arr"), 5u);
}

TEST_F(VectorTest, ReshapingBitcastGoesThroughTheMemoryImage) {
  load(R"(
define i64 @join(<2 x i32> %v) { %r = bitcast <2 x i32> %v to i64
  ret i64 %r }
define <4 x i16> @split(i64 %a) { %r = bitcast i64 %a to <4 x i16>
  ret <4 x i16> %r }
define <2 x i64> @bytes(<16 x i8> %v) { %r = bitcast <16 x i8> %v to <2 x i64>
  ret <2 x i64> %r }
define i8 @bools(<8 x i1> %v) { %r = bitcast <8 x i1> %v to i8
  ret i8 %r }
)");
  EXPECT_EQ(call("join", {0x11223344, 0x55667788}), 0x5566778811223344u);
  ThreadState thread;
  ASSERT_EQ(run(thread, "split", {0x0004000300020001}), RunResult::Returned);
  EXPECT_EQ(thread.returnValue, (std::vector<Slot>{1, 2, 3, 4}));
  std::vector<Slot> lanes;
  for (Slot i = 0; i < 16; ++i)
    lanes.push_back(i);
  ASSERT_EQ(run(thread, "bytes", lanes), RunResult::Returned);
  EXPECT_EQ(thread.returnValue,
            (std::vector<Slot>{0x0706050403020100, 0x0f0e0d0c0b0a0908}));
  Fault error = fault("bools", {1, 0, 1, 0, 1, 0, 1, 0});
  EXPECT_EQ(error.kind, ErrorKind::Unsupported);
  EXPECT_EQ(error.message, "bitcast of a vector of i1 in function bools: "
                           "%r = bitcast <8 x i1> %v to i8");
}

} // namespace
} // namespace bpor::test
