// The passes' routing and nondet tables against the runtime ABI.
#include "passes/CallRouter.h"
#include "passes/NondetTypes.h"
#include "passes/PrivateArguments.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

namespace bpor::passes {
namespace {

std::set<std::string> abiFunctionNames() {
  std::ifstream In(BPOR_ABI_HEADER);
  std::stringstream Text;
  Text << In.rdbuf();
  std::string Source = Text.str();
  std::set<std::string> Names;
  // Not @__bpor_source_locations in a comment: a global, not a function.
  std::regex Declaration(R"([^@\w](__bpor_\w+)\s*\()");
  for (auto It =
           std::sregex_iterator(Source.begin(), Source.end(), Declaration);
       It != std::sregex_iterator(); ++It)
    Names.insert((*It)[1]);
  return Names;
}

// The functions the instrumentation emits itself rather than routes to.
const std::set<std::string> EmittedByInstrumentation = {
    "__bpor_load",         "__bpor_store",      "__bpor_load_bytes",
    "__bpor_store_bytes",  "__bpor_rmw",        "__bpor_cmpxchg",
    "__bpor_fence",        "__bpor_memcpy",     "__bpor_memmove",
    "__bpor_memset",       "__bpor_frame_end",  "__bpor_spin_yield", "__bpor_update_loop_yield",
    "__bpor_spin_start",
    "__bpor_spin_end",     "__bpor_nondet", "__bpor_nondet_among",
    "__bpor_atomic_begin", "__bpor_atomic_end", "__bpor_once_begin",
    "__bpor_once_end", "__bpor_once_abort", "__bpor_thread_local_address"};

TEST(RoutingTable, EveryOtherAbiFunctionIsTheTargetOfItsCFunction) {
  std::set<std::string> Names = abiFunctionNames();
  // core/ModelledFunctions.def has a row for each (ModelledFunctionsTest.cpp).
  ASSERT_GE(Names.size(), 60u) << "runtime/bpor_abi.h not found or not parsed";
  unsigned Routed = 0;
  for (const std::string &Name : Names) {
    if (EmittedByInstrumentation.count(Name))
      continue;
    std::string C = Name.substr(std::string("__bpor_").size());
    if (C == "assume")
      C = "__VERIFIER_assume";
    else if (C == "assert_fail")
      C = "__assert_fail";
    EXPECT_EQ(routedName(C).str(), Name) << "C function " << C;
    ++Routed;
  }
  EXPECT_GE(Routed, 40u);
}

TEST(RoutingTable, ObsoleteSpellingsAndOthers) {
  EXPECT_EQ(routedName("pthread_yield"), "__bpor_sched_yield");
  EXPECT_EQ(routedName("__VERIFIER_error"), "__bpor_reach_error");
  EXPECT_EQ(routedName("malloc"), "");
  EXPECT_EQ(routedName("printf"), "");
  // Rewritten, not renamed.
  EXPECT_EQ(routedName("__VERIFIER_nondet_int"), "");
  EXPECT_EQ(routedName("__VERIFIER_atomic_begin"), "");
  EXPECT_EQ(routedName("pthread_once"), "");
}

// Whether argument ArgNo of a call of Name (declared with four pointer arguments) is private.
bool isPrivate(llvm::StringRef Name, unsigned ArgNo) {
  llvm::LLVMContext Context;
  llvm::Module M("m", Context);
  llvm::PointerType *Ptr = llvm::PointerType::getUnqual(Context);
  auto *FT = llvm::FunctionType::get(llvm::Type::getInt32Ty(Context), {Ptr, Ptr, Ptr, Ptr}, false);
  llvm::FunctionCallee Callee = M.getOrInsertFunction(Name, FT);
  llvm::Function *Caller = llvm::Function::Create(FT, llvm::Function::ExternalLinkage, "f", M);
  llvm::IRBuilder<> B(llvm::BasicBlock::Create(Context, "entry", Caller));
  llvm::Value *Null = llvm::ConstantPointerNull::get(Ptr);
  llvm::CallInst *Call = B.CreateCall(Callee, {Null, Null, Null, Null});
  B.CreateRet(Call);
  return isPrivateArgument(*Call, ArgNo);
}

TEST(PrivateArguments, TheThreadsApiInAndOutArguments) {
  const std::pair<const char *, unsigned> Private[] = {
      {"pthread_create", 0},           {"pthread_create", 1},
      {"pthread_join", 1},             {"pthread_mutex_init", 1},
      {"pthread_mutexattr_init", 0},   {"pthread_mutexattr_destroy", 0},
      {"pthread_mutexattr_settype", 0}, {"pthread_cond_init", 1},
      {"pthread_cond_timedwait", 2},   {"pthread_rwlock_init", 1},
      {"pthread_barrier_init", 1},     {"sem_getvalue", 1},
      {"pthread_key_create", 0},       {"pthread_attr_init", 0},
      {"pthread_attr_destroy", 0},     {"pthread_attr_setdetachstate", 0}};
  unsigned Found = 0;
  for (const char *Name : {"pthread_create", "pthread_join", "pthread_mutex_init",
                           "pthread_mutex_lock", "pthread_mutexattr_init",
                           "pthread_mutexattr_destroy", "pthread_mutexattr_settype",
                           "pthread_cond_init", "pthread_cond_wait", "pthread_cond_timedwait",
                           "pthread_cond_clockwait", "pthread_rwlock_init",
                           "pthread_barrier_init", "sem_getvalue", "sem_post",
                           "pthread_key_create", "pthread_attr_init", "pthread_attr_destroy",
                           "pthread_attr_setdetachstate", "memcpy"})
    for (unsigned ArgNo = 0; ArgNo < 4; ++ArgNo) {
      bool Expected = false;
      for (auto [PrivateName, PrivateArg] : Private)
        Expected |= llvm::StringRef(Name) == PrivateName && ArgNo == PrivateArg;
      Found += Expected;
      EXPECT_EQ(isPrivate(Name, ArgNo), Expected) << Name << " argument " << ArgNo;
      EXPECT_EQ(isPrivate(std::string("__bpor_") + Name, ArgNo), Expected)
          << "__bpor_" << Name << " argument " << ArgNo;
    }
  EXPECT_EQ(Found, std::size(Private));
}

TEST(NondetTypes, WidthAndSignOfEachSvCompType) {
  struct Case {
    const char *Suffix;
    uint32_t Bits;
    bool IsSigned;
  } Cases[] = {
      {"int", 32, true},    {"uint", 32, false},    {"long", 64, true},
      {"ulong", 64, false}, {"char", 8, true},      {"uchar", 8, false},
      {"short", 16, true},  {"ushort", 16, false},  {"bool", 1, false},
      {"_Bool", 1, false},  {"pointer", 64, false}, {"size_t", 64, false},
      {"loff_t", 64, true}, {"u32", 32, false}};
  for (const Case &C : Cases) {
    std::optional<NondetType> T = nondetTypeFor(C.Suffix);
    ASSERT_TRUE(T.has_value()) << C.Suffix;
    EXPECT_EQ(T->Bits, C.Bits) << C.Suffix;
    EXPECT_EQ(T->IsSigned, C.IsSigned) << C.Suffix;
  }
}

TEST(NondetTypes, CompetitionTypesBeyondIntegers) {
  EXPECT_EQ(nondetTypeFor("float")->Bits, 32u);
  EXPECT_EQ(nondetTypeFor("double")->Bits, 64u);
  EXPECT_EQ(nondetTypeFor("int128")->Bits, 128u);
  EXPECT_TRUE(nondetTypeFor("int128")->IsSigned);
  EXPECT_FALSE(nondetTypeFor("uint128")->IsSigned);
  EXPECT_EQ(nondetTypeFor("pchar")->Bits, 64u);
  EXPECT_EQ(nondetTypeFor("pthread_t")->Bits, 64u);
  EXPECT_EQ(nondetTypeFor("sector_t")->Bits, 64u);
  EXPECT_FALSE(nondetTypeFor("").has_value());
  EXPECT_FALSE(nondetTypeFor("struct").has_value());
}

} // namespace
} // namespace bpor::passes
