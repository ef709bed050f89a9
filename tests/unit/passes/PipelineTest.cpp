// prepareAndInstrument, the entry point bporcheck uses: what it rewrites,
// its options, and its errors.
#include "passes/Pipeline.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

using namespace llvm;

namespace bpor::passes {
namespace {

class PipelineTest : public ::testing::Test {
protected:
  std::unique_ptr<Module> parse(const char *IR) {
    SMDiagnostic Error;
    auto M = parseAssemblyString(IR, Error, Context);
    if (!M)
      ADD_FAILURE() << Error.getMessage().str();
    return M;
  }

  static unsigned callsTo(const Module &M, StringRef Name) {
    unsigned N = 0;
    for (const Function &F : M)
      for (const Instruction &I : instructions(F))
        if (const auto *Call = dyn_cast<CallBase>(&I))
          if (const Function *Callee = Call->getCalledFunction())
            N += Callee->getName() == Name;
    return N;
  }

  template <typename T> static unsigned count(const Module &M) {
    unsigned N = 0;
    for (const Function &F : M)
      for (const Instruction &I : instructions(F))
        N += isa<T>(&I);
    return N;
  }

  LLVMContext Context;
};

// Peterson-style: a local promoted away, two shared stores, a spin loop of
// two shared loads.
const char *SpinProgram = R"IR(
@flag = global i32 0
@turn = global i32 0

define void @lock() {
entry:
  %local = alloca i32
  store i32 1, ptr %local
  store i32 1, ptr @flag
  store i32 1, ptr @turn
  br label %spin
spin:
  %f = load i32, ptr @flag
  %t = load i32, ptr @turn
  %both = and i32 %f, %t
  %wait = icmp ne i32 %both, 0
  br i1 %wait, label %spin, label %done
done:
  %v = load i32, ptr %local
  ret void
}
)IR";

TEST_F(PipelineTest, DefaultsPromoteInstrumentAndYieldOnSpinLoops) {
  auto M = parse(SpinProgram);
  ASSERT_TRUE(M);
  ASSERT_FALSE(errorToBool(prepareAndInstrument(*M)));
  EXPECT_EQ(count<AllocaInst>(*M), 0u);
  EXPECT_EQ(count<LoadInst>(*M), 0u);
  EXPECT_EQ(count<StoreInst>(*M), 0u);
  EXPECT_EQ(callsTo(*M, "__bpor_load"), 2u);
  EXPECT_EQ(callsTo(*M, "__bpor_store"), 2u);
  EXPECT_EQ(callsTo(*M, "__bpor_spin_yield"), 1u);
  EXPECT_EQ(callsTo(*M, "__bpor_assume"), 0u);
  // No debug info: the table has only the "unknown" entry.
  GlobalVariable *Table = M->getNamedGlobal("__bpor_source_locations");
  ASSERT_TRUE(Table);
  EXPECT_EQ(cast<ArrayType>(Table->getValueType())->getNumElements(), 1u);
}

TEST_F(PipelineTest, SpinLoopHandlingOptions) {
  auto Assume = parse(SpinProgram);
  ASSERT_TRUE(Assume);
  InstrumentOptions Options;
  Options.SpinLoops = SpinLoopHandling::Assume;
  ASSERT_FALSE(errorToBool(prepareAndInstrument(*Assume, Options)));
  EXPECT_EQ(callsTo(*Assume, "__bpor_spin_yield"), 0u);
  ASSERT_EQ(callsTo(*Assume, "__bpor_assume"), 1u);

  auto None = parse(SpinProgram);
  ASSERT_TRUE(None);
  Options.SpinLoops = SpinLoopHandling::None;
  ASSERT_FALSE(errorToBool(prepareAndInstrument(*None, Options)));
  EXPECT_EQ(callsTo(*None, "__bpor_spin_yield"), 0u);
  EXPECT_EQ(callsTo(*None, "__bpor_assume"), 0u);
  EXPECT_EQ(callsTo(*None, "__bpor_load"), 2u);
}

TEST_F(PipelineTest, WithoutPrepareLocalsStayPlainAllocas) {
  auto M = parse(SpinProgram);
  ASSERT_TRUE(M);
  InstrumentOptions Options;
  Options.Prepare = false;
  ASSERT_FALSE(errorToBool(prepareAndInstrument(*M, Options)));
  EXPECT_EQ(count<AllocaInst>(*M), 1u);
  EXPECT_EQ(count<LoadInst>(*M), 1u);  // of %local
  EXPECT_EQ(count<StoreInst>(*M), 1u); // to %local
  EXPECT_EQ(callsTo(*M, "__bpor_load"), 2u);
  EXPECT_EQ(callsTo(*M, "__bpor_store"), 2u);
}

TEST_F(PipelineTest, RunningTwiceAddsNoSecondYield) {
  auto M = parse(SpinProgram);
  ASSERT_TRUE(M);
  ASSERT_FALSE(errorToBool(prepareAndInstrument(*M)));
  ASSERT_FALSE(errorToBool(prepareAndInstrument(*M)));
  EXPECT_EQ(callsTo(*M, "__bpor_spin_yield"), 1u);
  EXPECT_EQ(callsTo(*M, "__bpor_load"), 2u);
}

TEST_F(PipelineTest, UnsupportedConstructIsAnErrorNotAnExit) {
  auto M = parse(R"IR(
define i128 @wide(ptr %p) {
  %old = atomicrmw add ptr %p, i128 1 seq_cst
  ret i128 %old
}
)IR");
  ASSERT_TRUE(M);
  const DiagnosticHandler *Before = Context.getDiagHandlerPtr();
  Error E = prepareAndInstrument(*M);
  ASSERT_TRUE(bool(E));
  EXPECT_EQ(toString(std::move(E)),
            "bporcheck cannot instrument an atomicrmw wider than 8 bytes in "
            "function 'wide'");
  // The context's own handler is back.
  EXPECT_EQ(Context.getDiagHandlerPtr(), Before);
}

TEST_F(PipelineTest, RoutesCallsAndConvertsNondet) {
  auto M = parse(R"IR(
@m = global [40 x i8] zeroinitializer
declare i32 @pthread_mutex_lock(ptr)
declare i32 @pthread_mutex_unlock(ptr)
declare i8 @__VERIFIER_nondet_uchar()
declare void @reach_error()

define i8 @f() {
  %r = call i32 @pthread_mutex_lock(ptr @m)
  %c = call i8 @__VERIFIER_nondet_uchar()
  %s = call i32 @pthread_mutex_unlock(ptr @m)
  call void @reach_error()
  ret i8 %c
}
)IR");
  ASSERT_TRUE(M);
  ASSERT_FALSE(errorToBool(prepareAndInstrument(*M)));
  EXPECT_EQ(callsTo(*M, "__bpor_pthread_mutex_lock"), 1u);
  EXPECT_EQ(callsTo(*M, "__bpor_pthread_mutex_unlock"), 1u);
  EXPECT_EQ(callsTo(*M, "__bpor_reach_error"), 1u);
  EXPECT_EQ(M->getFunction("pthread_mutex_lock"), nullptr);
  EXPECT_EQ(M->getFunction("__VERIFIER_nondet_uchar"), nullptr);

  const Function *F = M->getFunction("f");
  const CallBase *Nondet = nullptr;
  for (const Instruction &I : instructions(*F))
    if (const auto *Call = dyn_cast<CallBase>(&I))
      if (Call->getCalledFunction()->getName() == "__bpor_nondet")
        Nondet = Call;
  ASSERT_TRUE(Nondet);
  EXPECT_EQ(cast<ConstantInt>(Nondet->getArgOperand(0))->getZExtValue(), 8u);
  EXPECT_EQ(cast<ConstantInt>(Nondet->getArgOperand(1))->getZExtValue(), 0u);
  // The function returns the truncated choice.
  const auto *Ret = cast<ReturnInst>(F->back().getTerminator());
  const auto *Trunc = dyn_cast<TruncInst>(Ret->getReturnValue());
  ASSERT_TRUE(Trunc);
  EXPECT_EQ(Trunc->getOperand(0), Nondet);
  EXPECT_TRUE(Trunc->getType()->isIntegerTy(8));
}

} // namespace
} // namespace bpor::passes
