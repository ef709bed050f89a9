// The in-process clang (tools/bporcheck/clang/) against clang run as a second process: the same
// command line gives the same bitcode, byte for byte, and the same diagnostics. And the
// precompiled <pthread.h> (tools/bporcheck/HeaderCache.h): when it is used, and that it changes
// nothing in the module.
#include "tools/bporcheck/ClangRunner.h"
#include "tools/bporcheck/HeaderCache.h"
#include "tools/bporcheck/InputLoader.h"
#ifdef BPOR_HAVE_INPROCESS_CLANG
#include "tools/bporcheck/clang/InProcessClang.h"
#endif

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

#include <gtest/gtest.h>

using namespace bpor::tool;

namespace {

#ifdef BPOR_HAVE_INPROCESS_CLANG
// This test links clang's compiler as bporcheck does, and registers it the same way.
const bool inProcessCompilerSet = (setInProcessCompiler(&compileWithClangInProcess), true);
#endif

struct Compiled {
  int code = -1;
  std::string bitcode, diagnostics;
};

std::string contents(const llvm::SmallString<128> &path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  return buffer ? (*buffer)->getBuffer().str() : std::string("<unreadable>");
}

Compiled compile(const std::string &source, const std::vector<std::string> &extra,
                 ClangProcess process) {
  llvm::SmallString<128> output, log;
  EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("clangrunner", "bc", output));
  EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("clangrunner", "log", log));
  std::string execError;
  Compiled c;
  c.code = runClang(compileCommand(BPOR_DEFAULT_CLANG, source, extra, output.str().str()),
                    log.str().str(), execError, process);
  c.bitcode = contents(output);
  c.diagnostics = contents(log);
  llvm::sys::fs::remove(output);
  llvm::sys::fs::remove(log);
  return c;
}

void expectSame(const std::string &source, const std::vector<std::string> &extra = {}) {
  Compiled inside = compile(source, extra, ClangProcess::Auto);
  Compiled outside = compile(source, extra, ClangProcess::Separate);
  EXPECT_EQ(inside.code, outside.code) << source;
  EXPECT_EQ(inside.bitcode, outside.bitcode) << source;
  EXPECT_EQ(inside.diagnostics, outside.diagnostics) << source;
}

// The programs both comparisons compile: C with threads and the heap, and C++ threads.
const char *const ThreadsProgram = R"(#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
static inline int twice(int x) { return 2 * x; }
int x;
void *worker(void *arg) { x = twice((int)(long)arg); return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, (void *)1);
  pthread_join(t, 0);
  int *p = malloc(sizeof *p);
  assert(x == 2);
  free(p);
  return 0;
}
)";
const char *const CxxThreadsProgram = R"(#include <atomic>
#include <thread>
#include <vector>
std::atomic<int> n;
int main() {
  std::vector<std::thread> ts;
  for (int i = 0; i < 2; ++i) ts.emplace_back([] { n++; });
  for (auto &t : ts) t.join();
  return n == 2 ? 0 : 1;
}
)";

std::string source(const std::string &name, const std::string &text) {
  llvm::SmallString<128> path;
  EXPECT_FALSE(llvm::sys::fs::createTemporaryFile(name, name.substr(name.rfind('.') + 1), path));
  std::error_code ec;
  llvm::raw_fd_ostream(path, ec) << text;
  return path.str().str();
}

} // namespace

TEST(ClangRunner, InProcessClangIsBuiltAndFound) {
#ifndef BPOR_HAVE_INPROCESS_CLANG
  GTEST_SKIP() << "built without libclang-19-dev: no in-process clang";
#endif
  EXPECT_TRUE(inProcessClangAvailable(BPOR_DEFAULT_CLANG));
  EXPECT_FALSE(inProcessClangAvailable("/bin/true"));
}

TEST(ClangRunner, SameBitcodeAndDiagnosticsAsTheClangExecutable) {
  std::string c = source("threads.c", ThreadsProgram);
  expectSame(c);
  expectSame(c, {"-m32"});
  expectSame(c, {"-DNAME=1", "-std=gnu17"});
  // What SV-COMP mode adds for no-overflow tasks (svcomp/Input.cpp).
  expectSame(c, {"-m32", "-fsanitize=signed-integer-overflow,shift-base",
                 "-fsanitize-trap=signed-integer-overflow,shift-base"});
  std::string cxx = source("vector.cpp", CxxThreadsProgram);
  expectSame(cxx);
  std::string broken = source("broken.c", "int main(void) { return undeclared; }\n");
  expectSame(broken);
  EXPECT_NE(compile(broken, {}, ClangProcess::Auto).code, 0);
  expectSame(c, {"-fno-such-option"}); // an error of the driver, not of the compiler
  for (const std::string &path : {c, cxx, broken})
    llvm::sys::fs::remove(path);
}

TEST(ClangRunner, ACrashOfTheCompilerIsAFailedCompilationNotACrashOfTheTool) {
  std::string crash = source("crash.c", "#pragma clang __debug crash\nint main(void) { return 0; }\n");
  Compiled inside = compile(crash, {}, ClangProcess::Auto);
  EXPECT_NE(inside.code, 0);
  EXPECT_NE(inside.diagnostics.find("clang frontend command failed"), std::string::npos)
      << inside.diagnostics;
  EXPECT_NE(compile(crash, {}, ClangProcess::Separate).code, 0);
  llvm::sys::fs::remove(crash);
}

TEST(HeaderCache, OnlyLeadingIncludesOfStandardHeadersQualify) {
  using V = std::vector<std::string>;
  EXPECT_EQ(leadingStandardIncludes("#include <pthread.h>\nint x;\n"), V{"pthread.h"});
  EXPECT_EQ(leadingStandardIncludes("// c\n/* d\n e */\n\n  # include  <assert.h>  \r\n"
                                    "#include <pthread.h>\n#include <foo.h>\n#include <stdio.h>\n"),
            (V{"assert.h", "pthread.h"}));
  EXPECT_EQ(leadingStandardIncludes("#include <stdio.h>"), V{"stdio.h"});
  EXPECT_EQ(leadingStandardIncludes("#define _GNU_SOURCE\n#include <pthread.h>\n"), V{});
  EXPECT_EQ(leadingStandardIncludes("#include \"pthread.h\"\n"), V{});
  EXPECT_EQ(leadingStandardIncludes("#include <pthread.h> // x\n"), V{});
  EXPECT_EQ(leadingStandardIncludes("// continued \\\n#include <pthread.h>\n"), V{});
  EXPECT_EQ(leadingStandardIncludes("/* unterminated #include <pthread.h>\n"), V{});
  EXPECT_EQ(leadingStandardIncludes("int x;\n#include <pthread.h>\n"), V{});
  EXPECT_EQ(leadingStandardIncludes("#include <sys/types.h>\n#include <pthread.h>\n"), V{});
}

#ifdef BPOR_HAVE_INPROCESS_CLANG
namespace {
// The module as text, without its first line (the ModuleID names the temporary file).
std::string withoutModuleId(const llvm::Module &module) {
  std::string text;
  llvm::raw_string_ostream out(text);
  module.print(out, nullptr);
  return text.substr(text.find('\n') + 1);
}
} // namespace

// The module the in-process clang hands over (ClangRunner.h, `module`) against the bitcode the
// clang executable writes for the same command line.
void expectSameModule(const std::string &source, const std::vector<std::string> &extra = {}) {
  llvm::SmallString<128> output, log;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("clangrunner", "bc", output));
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("clangrunner", "log", log));
  std::vector<std::string> args = compileCommand(BPOR_DEFAULT_CLANG, source, extra,
                                                 output.str().str());
  std::string execError;
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> inMemory;
  int insideCode = runClang(args, log.str().str(), execError, ClangProcess::Auto, &context,
                            &inMemory);
  std::string insideDiagnostics = contents(log);
  llvm::sys::fs::remove(output);
  int outsideCode = runClang(args, log.str().str(), execError, ClangProcess::Separate);
  EXPECT_EQ(insideCode, outsideCode) << source;
  EXPECT_EQ(insideDiagnostics, contents(log)) << source;
  EXPECT_EQ(bool(inMemory), insideCode == 0) << source;
  if (insideCode == 0 && outsideCode == 0 && inMemory) {
    auto bitcode = llvm::MemoryBuffer::getFile(output);
    ASSERT_TRUE(bool(bitcode));
    llvm::LLVMContext other; // named struct types are unique per context
    auto written = llvm::parseBitcodeFile((*bitcode)->getMemBufferRef(), other);
    ASSERT_TRUE(bool(written)) << llvm::toString(written.takeError());
    EXPECT_EQ(withoutModuleId(*inMemory), withoutModuleId(**written)) << source;
  }
  llvm::sys::fs::remove(output);
  llvm::sys::fs::remove(log);
}

TEST(ClangRunner, TheModuleHandedOverIsTheOneTheBitcodeHolds) {
  std::string c = source("threads.c", ThreadsProgram);
  expectSameModule(c);
  expectSameModule(c, {"-m32"});
  expectSameModule(c, {"-m32", "-fsanitize=signed-integer-overflow,shift-base",
                       "-fsanitize-trap=signed-integer-overflow,shift-base"});
  std::string cxx = source("vector.cpp", CxxThreadsProgram);
  expectSameModule(cxx);
  std::string broken = source("broken.c", "int main(void) { return undeclared; }\n");
  expectSameModule(broken);
  for (const std::string &path : {c, cxx, broken})
    llvm::sys::fs::remove(path);
}

TEST(HeaderCache, ThePrecompiledHeaderGivesTheSameModule) {
  llvm::SmallString<128> cache;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("bporcheck-cache", cache));
  std::string c = source("pthread_first.c", R"(// A program that starts by including standard headers.
#include <pthread.h>
#include <assert.h>
#include <stdio.h>
#include <sys/types.h>
int x;
void *worker(void *arg) { x = (int)(long)arg; return 0; }
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, (void *)1);
  pthread_join(t, 0);
  assert(x == 1);
  printf("%d\n", x);
  return 0;
}
)");
  InputOptions options{BPOR_DEFAULT_CLANG, {}};
  auto load = [&](const char *cacheDir) {
    setenv("BPORCHECK_CACHE_DIR", cacheDir, 1);
    llvm::LLVMContext context;
    LoadedInput input = loadInput(c, options, context);
    EXPECT_TRUE(input.module) << input.error;
    return input.module ? withoutModuleId(*input.module) : std::string();
  };
  std::string plain = load("");
  std::string first = load(cache.c_str()); // makes the precompiled header
  std::error_code ec;
  size_t made = 0;
  for (llvm::sys::fs::directory_iterator it(cache, ec), end; it != end && !ec; it.increment(ec))
    made += llvm::StringRef(it->path()).ends_with(".pch");
  EXPECT_EQ(made, 1u);
  std::string second = load(cache.c_str()); // uses it
  EXPECT_EQ(first, plain);
  EXPECT_EQ(second, plain);
  unsetenv("BPORCHECK_CACHE_DIR");
  llvm::sys::fs::remove(c);
  llvm::sys::fs::remove_directories(cache);
}
#endif
