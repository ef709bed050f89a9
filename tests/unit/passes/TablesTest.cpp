// The passes' routing and nondet tables against the runtime ABI.
#include "passes/CallRouter.h"
#include "passes/NondetTypes.h"

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
    "__bpor_memset",       "__bpor_frame_end",  "__bpor_spin_yield", "__bpor_spin_start",
    "__bpor_spin_end",     "__bpor_nondet", "__bpor_nondet_among",
    "__bpor_atomic_begin", "__bpor_atomic_end", "__bpor_once_begin",
    "__bpor_once_end", "__bpor_once_abort", "__bpor_thread_local_address"};

TEST(RoutingTable, EveryOtherAbiFunctionIsTheTargetOfItsCFunction) {
  std::set<std::string> Names = abiFunctionNames();
  ASSERT_EQ(Names.size(), 71u)
      << "runtime/bpor_abi.h changed: update this test";
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
  EXPECT_EQ(Routed, 49u);
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
