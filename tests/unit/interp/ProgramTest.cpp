// Program: function and global lookup, the source-location table, unsupported constructs.
#include "InterpTestUtil.h"

namespace bpor::test {
namespace {

class ProgramTest : public InterpTest {};

TEST_F(ProgramTest, SourceLocationTable) {
  load(R"(
@.file = private constant [7 x i8] c"prog.c\00"
@.other = private constant [8 x i8] c"other.c\00"
@__bpor_source_locations = constant [3 x { ptr, i32, i32 }] [
  { ptr, i32, i32 } zeroinitializer,
  { ptr, i32, i32 } { ptr @.file, i32 12, i32 5 },
  { ptr, i32, i32 } { ptr @.other, i32 3, i32 0 }]
define void @main() { ret void }
)");
  EXPECT_EQ(program->numLocations(), 3u);
  EXPECT_FALSE(program->location(0).known());
  EXPECT_EQ(program->location(1).str(), "prog.c:12:5");
  EXPECT_EQ(program->location(2).str(), "other.c:3");
  EXPECT_FALSE(program->location(3).known());
}

TEST_F(ProgramTest, FunctionsAndGlobals) {
  registry.add("puts", 7);
  load(R"(
@g = global i32 0
declare i32 @puts(ptr)
define void @main() { ret void }
)");
  Address main = program->findFunction("main");
  Address puts = program->findFunction("puts");
  ASSERT_NE(main, 0u);
  ASSERT_NE(puts, 0u);
  EXPECT_EQ(program->findFunction("nope"), 0u);
  EXPECT_TRUE(program->isFunction(main));
  EXPECT_FALSE(program->isFunction(main + 1));
  EXPECT_FALSE(program->isFunction(program->findGlobal("g")));
  EXPECT_TRUE(program->isDefined(main));
  EXPECT_FALSE(program->isDefined(puts));
  EXPECT_EQ(program->functionName(puts), "puts");
  EXPECT_EQ(memory.describe(main), "function main");
  EXPECT_EQ(program->function(program->functionIndex(puts)).externalId, 7u);
}

TEST_F(ProgramTest, GlobalNamesComeFromDebugInfo) {
  load(R"(
@main.counter = internal global i32 0, !dbg !0
define void @main() { store i32 1, ptr @main.counter
  ret void }
!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!6}
!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "counter", scope: !2, file: !3, line: 1, type: !5, isLocal: true, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C11, file: !3, producer: "clang", emissionKind: FullDebug, globals: !4)
!3 = !DIFile(filename: "p.c", directory: "/tmp")
!4 = !{!0}
!5 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!6 = !{i32 2, !"Debug Info Version", i32 3}
)");
  EXPECT_EQ(memory.describe(program->findGlobal("main.counter") + 2), "global counter+2");
}

TEST_F(ProgramTest, UnsupportedInstructionIsReportedWhenReached) {
  load(R"(
define i32 @f(ptr %p, i1 %c) {
entry:
  br i1 %c, label %atomic, label %plain
atomic:
  %old = atomicrmw add ptr %p, i32 1 seq_cst
  ret i32 %old
plain:
  ret i32 0
}
)");
  EXPECT_EQ(call("f", {0, 0}), 0u);
  Fault error = fault("f", {0, 1});
  EXPECT_EQ(error.kind, ErrorKind::Unsupported);
  EXPECT_EQ(error.message, "unsupported instruction 'atomicrmw' in function f: "
                           "%old = atomicrmw add ptr %p, i32 1 seq_cst, align 4");
}

TEST_F(ProgramTest, UnsupportedTypeIsReportedWhenReached) {
  load(R"(
define x86_fp80 @f(x86_fp80 %a) { ret x86_fp80 %a }
define i32 @g(double %a) {
  %x = fpext double %a to x86_fp80
  %y = fptosi x86_fp80 %x to i32
  ret i32 %y
}
)");
  EXPECT_EQ(fault("f", {0}).message,
            "unsupported type x86_fp80 in the parameters of function f");
  Fault error = fault("g", {0});
  EXPECT_EQ(error.kind, ErrorKind::Unsupported);
  EXPECT_EQ(error.message,
            "unsupported type x86_fp80 in function g: %x = fpext double %a to x86_fp80");
}

TEST_F(ProgramTest, ThreadLocalVariablesAreUnsupported) {
  load(R"(
@tls = thread_local global i32 0
declare ptr @llvm.threadlocal.address.p0(ptr)
define i32 @f() {
  %p = call ptr @llvm.threadlocal.address.p0(ptr @tls)
  %v = load i32, ptr %p
  ret i32 %v
}
)");
  Fault error = fault("f");
  EXPECT_EQ(error.kind, ErrorKind::Unsupported);
  EXPECT_EQ(error.message, "thread-local variables are not supported in function f: "
                           "%p = call ptr @llvm.threadlocal.address.p0(ptr @tls)");
}

TEST_F(ProgramTest, ExternGlobalOfIncompleteTypeHasSizeZero) {
  load(R"(
%struct.opaque = type opaque
@ext = external global %struct.opaque
define ptr @f() { ret ptr @ext }
)");
  Address ext = program->findGlobal("ext");
  EXPECT_EQ(call("f"), ext);
  EXPECT_EQ(memory.check(ext, 1, false), MemoryFault::OutOfBounds);
}

TEST_F(ProgramTest, EntryThatIsNotAFunctionFaults) {
  load(R"(
@g = global i32 0
define void @main() { ret void }
)");
  ThreadState thread;
  interpreter->start(thread, program->findGlobal("g"), {});
  EXPECT_EQ(interpreter->run(thread), RunResult::Fault);
  EXPECT_EQ(thread.fault.message, "thread start routine is not a function: global g");
}

} // namespace
} // namespace bpor::test
