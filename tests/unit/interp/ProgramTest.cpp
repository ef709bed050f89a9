// Program: function and global lookup, the source-location table, unsupported
// constructs.
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
  EXPECT_EQ(memory.describe(program->findGlobal("main.counter") + 2),
            "global counter+2");
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
  EXPECT_EQ(error.message,
            "unsupported instruction 'atomicrmw' in function f: "
            "%old = atomicrmw add ptr %p, i32 1 seq_cst, align 4");
}

// An empty asm statement is a compiler barrier: it executes nothing. One with text, or with an
// output, is refused.
TEST_F(ProgramTest, EmptyInlineAssemblyIsACompilerBarrier) {
  load(R"(
define i32 @f() {
  call void asm sideeffect "", "~{memory},~{dirflag},~{fpsr},~{flags}"()
  call void asm "  ", ""()
  ret i32 7
}
define i32 @g() {
  %x = call i32 asm "", "=r"()
  ret i32 %x
}
)");
  EXPECT_EQ(call("f", {}), 7u);
  EXPECT_EQ(fault("g", {}).kind, ErrorKind::Unsupported);
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
  EXPECT_EQ(error.message, "unsupported type x86_fp80 in function g: %x = "
                           "fpext double %a to x86_fp80");
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
  EXPECT_EQ(error.message,
            "thread-local variables are not supported in function f: "
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

TEST_F(ProgramTest, ExoticConstructsDecodeAndFaultAsUnsupported) {
  // Everything here is outside what the interpreter runs; building must still
  // succeed and each function must fault with Unsupported naming the construct,
  // never crash.
  load(R"(
declare i32 @__gxx_personality_v0(...)
declare void @may_throw()
define half @f_half(half %a) { %r = fadd half %a, %a
  ret half %r }
define i32 @f_cmpxchg(ptr %p) {
  %r = cmpxchg ptr %p, i32 0, i32 1 seq_cst seq_cst
  %v = extractvalue { i32, i1 } %r, 0
  ret i32 %v }
define i32 @f_vaarg(ptr %ap) { %v = va_arg ptr %ap, i32
  ret i32 %v }
define void @f_indirectbr(ptr %target) {
  indirectbr ptr %target, [label %a]
a:
  ret void }
define i32 @f_invoke() personality ptr @__gxx_personality_v0 {
  invoke void @may_throw() to label %ok unwind label %bad
ok:
  ret i32 0
bad:
  %lp = landingpad { ptr, i32 } cleanup
  ret i32 1 }
define void @f_asm() { call void asm sideeffect "nop", ""()
  ret void }
define <vscale x 4 x i32> @f_scalable(<vscale x 4 x i32> %v) { ret <vscale x 4 x i32> %v }
define ptr @f_blockaddress() {
entry:
  br label %next
next:
  ret ptr blockaddress(@f_blockaddress, %next) }
)");
  struct Expectation {
    const char *function;
    const char *messageStart;
  };
  const Expectation expectations[] = {
      {"f_half", "unsupported type half in the parameters of function f_half"},
      {"f_cmpxchg", "unsupported instruction 'cmpxchg' in function f_cmpxchg"},
      {"f_vaarg", "unsupported instruction 'va_arg' in function f_vaarg"},
      {"f_indirectbr",
       "unsupported instruction 'indirectbr' in function f_indirectbr"},
      // An invoke is a call (interp/Unwind.cpp): here, of a function nothing models.
      {"f_invoke", "call to unsupported external function 'may_throw'"},
      {"f_asm", "inline assembly \"nop\" is not supported"},
      {"f_scalable", "unsupported type <vscale x 4 x i32> in the parameters"},
      {"f_blockaddress", "unsupported constant ptr blockaddress"},
  };
  for (const Expectation &expectation : expectations) {
    std::vector<Slot> args(4, 0);
    ThreadState thread;
    interpreter->start(thread, program->findFunction(expectation.function),
                       std::span<const Slot>(args));
    ASSERT_EQ(interpreter->run(thread), RunResult::Fault)
        << expectation.function;
    EXPECT_EQ(thread.fault.kind, ErrorKind::Unsupported)
        << expectation.function;
    EXPECT_EQ(thread.fault.message.rfind(expectation.messageStart, 0), 0u)
        << expectation.function << ": " << thread.fault.message;
  }
}

TEST_F(ProgramTest, ConstructorsInPriorityOrder) {
  load(R"(
@llvm.global_ctors = appending global [3 x { i32, ptr, ptr }] [
  { i32, ptr, ptr } { i32 200, ptr @late, ptr null },
  { i32, ptr, ptr } { i32 101, ptr @early, ptr null },
  { i32, ptr, ptr } { i32 200, ptr @later, ptr null }]
define void @early() { ret void }
define void @late() { ret void }
define void @later() { ret void }
)");
  EXPECT_EQ(program->constructors(),
            (std::vector<Address>{program->findFunction("early"),
                                  program->findFunction("late"),
                                  program->findFunction("later")}));
}

TEST_F(ProgramTest, EntryThatIsNotAFunctionFaults) {
  load(R"(
@g = global i32 0
define void @main() { ret void }
)");
  ThreadState thread;
  interpreter->start(thread, program->findGlobal("g"), {});
  EXPECT_EQ(interpreter->run(thread), RunResult::Fault);
  EXPECT_EQ(thread.fault.message,
            "thread start routine is not a function: global g");
}

} // namespace
} // namespace bpor::test
