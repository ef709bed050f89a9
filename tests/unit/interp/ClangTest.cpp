// C compiled by clang-19 at -O0, -O2 and -O3 and interpreted; the oracle is the
// same C compiled natively. Covers what clang really emits: vectorised loops
// and reductions, byval structs, aggregate returns, va_arg lowering, switch
// tables, overflow builtins, memory intrinsics.
#include "InterpTestUtil.h"

#include <fmt/format.h>
#include <llvm/IRReader/IRReader.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace bpor::test {
namespace {

const char *const KernelsSource = BPOR_TEST_PROGRAMS_DIR "/kernels.c";

struct Case {
  const char *function;
  int n;
};

const Case Cases[] = {
    {"t_loop_vectorizable", 256},
    {"t_loop_vectorizable", 13},
    {"t_globals", 3},
    {"t_structs", 11},
    {"t_varargs", 9},
    {"t_function_pointers", 10},
    {"t_switch", 20},
    {"t_bits", 5},
    {"t_overflow", 1},
    {"t_overflow", 3},
    {"t_floats", 50},
    {"t_strings", 5},
    {"t_recursion", 60},
    {"t_unsigned_math", 100},
    {"t_2d", 7},
    {"t_bytes", 3},
    {"t_sort", 5},
    {"t_matrix", 2},
    {"t_shorts", 17},
    {"t_small_structs", 6},
};

std::string scratchDir() {
  std::string dir =
      fmt::format("{}bpor_interp_clang_{}", ::testing::TempDir(), getpid());
  std::filesystem::create_directories(dir);
  return dir;
}

int shell(const std::string &command) { return std::system(command.c_str()); }

/// Results of the kernels compiled natively, in Cases order.
std::vector<long> nativeResults(const std::string &dir) {
  std::ofstream driver(fmt::format("{}/driver.c", dir));
  driver << "#include <stdio.h>\n";
  for (const Case &c : Cases)
    driver << "long " << c.function << "(int);\n";
  driver << "int main(void) {\n";
  for (const Case &c : Cases)
    driver << "  printf(\"%ld\\n\", " << c.function << "(" << c.n << "));\n";
  driver << "  return 0;\n}\n";
  driver.close();
  std::string binary = fmt::format("{}/native", dir);
  if (shell(fmt::format("{} -O0 -w -o {} {}/driver.c {}", BPOR_TEST_CLANG,
                        binary, dir, KernelsSource)) != 0)
    return {};
  FILE *pipe = popen(binary.c_str(), "r");
  std::vector<long> results;
  long value;
  while (pipe && fscanf(pipe, "%ld", &value) == 1)
    results.push_back(value);
  if (pipe)
    pclose(pipe);
  return results;
}

class ClangTest : public InterpTest, public ::testing::WithParamInterface<int> {
protected:
  void TearDown() override {
    std::error_code ignored;
    std::filesystem::remove_all(scratchDir(), ignored);
  }

  void compileAndLoad(int optimisation) {
    // The kernels call strlen at -O0; a test-sized libc.
    registry.add("strlen", 1);
    handler.onCall = [this](ThreadState &, const ExternalCall &call,
                            Slot *result) {
      std::string text;
      EXPECT_EQ(memory.readString(call.arg(0), text), MemoryFault::None);
      result[0] = text.size();
      return CallOutcome::Return;
    };
    std::string dir = scratchDir();
    std::string bitcode = fmt::format("{}/kernels{}.bc", dir, optimisation);
    ASSERT_EQ(
        shell(fmt::format("{} -O{} -g -emit-llvm -c -o {} {}", BPOR_TEST_CLANG,
                          optimisation, bitcode, KernelsSource)),
        0);
    llvm::SMDiagnostic diagnostic;
    module = llvm::parseIRFile(bitcode, diagnostic, context);
    ASSERT_TRUE(module) << diagnostic.getMessage().str();
    loadModule();
  }
};

TEST_P(ClangTest, KernelsAgreeWithNativeExecution) {
  std::vector<long> expected = nativeResults(scratchDir());
  ASSERT_EQ(expected.size(), std::size(Cases))
      << "native oracle failed to build or run";
  compileAndLoad(GetParam());
  for (size_t i = 0; i < std::size(Cases); ++i) {
    ThreadState thread;
    RunResult result =
        run(thread, Cases[i].function, {Slot(uint32_t(Cases[i].n))});
    ASSERT_EQ(result, RunResult::Returned)
        << Cases[i].function << ": " << thread.fault.message << " at "
        << thread.fault.location.str();
    EXPECT_EQ(long(thread.returnValue[0]), expected[i])
        << Cases[i].function << "(" << Cases[i].n << ") at -O" << GetParam();
  }
  // One exact value, independent of the oracle: the 60th Fibonacci number.
  EXPECT_EQ(call("t_recursion", {60}), 1548008755920u);
}

TEST_P(ClangTest, FaultLocationIsTheSourceLine) {
  std::string dir = scratchDir();
  std::string source = fmt::format("{}/oob.c", dir);
  std::ofstream(source) << "int get(int i) {\n"
                           "  int a[4] = {1, 2, 3, 4};\n"
                           "  volatile int *p = a;\n"
                           "  return p[i];\n"
                           "}\n";
  std::string bitcode = fmt::format("{}/oob.bc", dir);
  ASSERT_EQ(shell(fmt::format("{} -O{} -g -emit-llvm -c -o {} {}",
                              BPOR_TEST_CLANG, GetParam(), bitcode, source)),
            0);
  llvm::SMDiagnostic diagnostic;
  module = llvm::parseIRFile(bitcode, diagnostic, context);
  ASSERT_TRUE(module);
  loadModule();
  EXPECT_EQ(call("get", {2}), 3u);
  Fault error = fault("get", {4});
  EXPECT_EQ(error.memory, MemoryFault::OutOfBounds);
  // Debug info keeps the name clang was given, made relative to the compilation directory
  // when it lies below it: the path shown is a suffix of the source path.
  std::string_view file = error.location.file;
  EXPECT_TRUE(file.ends_with("oob.c") && std::string_view(source).ends_with(file))
      << "location file '" << file << "' for source '" << source << "'";
  EXPECT_EQ(error.location.line, 4u);
}

INSTANTIATE_TEST_SUITE_P(Optimisation, ClangTest, ::testing::Values(0, 2, 3),
                         [](const auto &info) {
                           return fmt::format("O{}", info.param);
                         });

} // namespace
} // namespace bpor::test
