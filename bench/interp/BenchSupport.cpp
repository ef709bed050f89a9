#include "bench/interp/BenchSupport.h"

#include "passes/Pipeline.h"
#include "runtime/Externals.h"

#include <fmt/format.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IRReader/IRReader.h>
#include <llvm/Support/SourceMgr.h>

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <unistd.h>

namespace bpor::bench {

double cpuSeconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

std::unique_ptr<Program> compileInstrumented(const std::string &source,
                                             const std::string &clangArgs) {
  std::string bitcode = fmt::format("/tmp/bpor_bench_{}.bc", getpid());
  std::string command = fmt::format("'{}' -xc -O0 -g -emit-llvm -c -fno-discard-value-names "
                                    "-Xclang -disable-O0-optnone {} -o '{}' '{}'",
                                    BPOR_BENCH_CLANG, clangArgs, bitcode, source);
  if (std::system(command.c_str()) != 0)
    return nullptr;
  llvm::LLVMContext context;
  llvm::SMDiagnostic diagnostic;
  std::unique_ptr<llvm::Module> module = llvm::parseIRFile(bitcode, diagnostic, context);
  std::filesystem::remove(bitcode);
  if (!module)
    return nullptr;
  if (llvm::Error error = passes::prepareAndInstrument(*module)) {
    llvm::consumeError(std::move(error));
    return nullptr;
  }
  ExternalRegistry registry;
  registerExternals(registry);
  std::string error;
  return Program::build(*module, registry, error);
}

} // namespace bpor::bench
