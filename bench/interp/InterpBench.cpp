// Measures interpreted LLVM IR instructions per second on small kernels (docs/
// interp-performance.md). Usage: bpor_interp_bench [iterations] [fib argument]
//
// Each kernel's loop body has a known number of IR instructions per iteration
// (phis and the branch included), so IR instructions executed = iterations *
// that number (+ a few outside).
#include "interp/Interpreter.h"
#include "interp/Program.h"

#include <llvm/AsmParser/Parser.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/SourceMgr.h>

#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <ctime>

namespace {

struct Kernel {
  const char *name;
  const char *ir;
  unsigned irPerIteration;
};

// sum += i over a counted loop: 2 phis, 2 adds, icmp, br.
const Kernel integerLoop = {"integer loop", R"(
define i64 @kernel(i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi i64 [ 0, %entry ], [ %s.next, %loop ]
  %s.next = add i64 %s, %i
  %i.next = add i64 %i, 1
  %c = icmp slt i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i64 %s.next
}
)",
                            6};

// A loop over a local array: phi, and, gep, load, mul, xor, store, add, icmp,
// br (+ phi).
const Kernel memoryLoop = {"array loop", R"(
define i64 @kernel(i64 %n) {
entry:
  %arr = alloca [64 x i32]
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %h = phi i32 [ 7, %entry ], [ %h.next, %loop ]
  %idx = and i64 %i, 63
  %p = getelementptr [64 x i32], ptr %arr, i64 0, i64 %idx
  %v = load i32, ptr %p
  %m = mul i32 %h, 31
  %h.next = xor i32 %m, %v
  store i32 %h.next, ptr %p
  %i.next = add i64 %i, 1
  %c = icmp ult i64 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  %r = zext i32 %h.next to i64
  ret i64 %r
}
)",
                           11};

// Recursive calls: fib(n) by the naive recursion. IR per call: icmp, br, and
// either ret (base) or 2 sub, 2 call, add, ret: counted exactly by the bench as
// calls * average.
const Kernel callKernel = {"calls (fib)", R"(
define i64 @fib(i64 %n) {
entry:
  %small = icmp slt i64 %n, 2
  br i1 %small, label %base, label %rec
base:
  ret i64 %n
rec:
  %n1 = sub i64 %n, 1
  %n2 = sub i64 %n, 2
  %f1 = call i64 @fib(i64 %n1)
  %f2 = call i64 @fib(i64 %n2)
  %r = add i64 %f1, %f2
  ret i64 %r
}
define i64 @kernel(i64 %n) {
  %r = call i64 @fib(i64 %n)
  ret i64 %r
}
)",
                           0};

class NoExternals : public bpor::ExternalHandler {
public:
  bpor::CallOutcome call(bpor::ThreadState &, const bpor::ExternalCall &,
                         bpor::Slot *) override {
    return bpor::CallOutcome::Stop;
  }
};

int runKernel(const Kernel &kernel, uint64_t iterations) {
  llvm::LLVMContext context;
  llvm::SMDiagnostic diagnostic;
  auto module = llvm::parseAssemblyString(kernel.ir, diagnostic, context);
  if (!module) {
    fmt::print(stderr, "parse error: {}\n", diagnostic.getMessage().str());
    return 1;
  }
  std::string error;
  bpor::ExternalRegistry registry;
  auto program = bpor::Program::build(*module, registry, error);
  if (!program) {
    fmt::print(stderr, "build error: {}\n", error);
    return 1;
  }
  bpor::Memory memory = program->initialMemory();
  NoExternals handler;
  bpor::InterpreterOptions options;
  options.maxBranchesPerRun = ~uint64_t(0);
  bpor::Interpreter interpreter(*program, memory, handler, options);
  bpor::ThreadState thread;
  bpor::Slot argument = iterations;
  interpreter.start(thread, program->findFunction("kernel"), {&argument, 1});
  // CPU time of this thread: the machine is shared, and wall time would count
  // waiting.
  auto cpuSeconds = [] {
    timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) + double(now.tv_nsec) * 1e-9;
  };
  auto begin = std::chrono::steady_clock::now();
  double cpuBegin = cpuSeconds();
  bpor::RunResult result = interpreter.run(thread);
  double cpuEnd = cpuSeconds();
  auto end = std::chrono::steady_clock::now();
  if (result != bpor::RunResult::Returned) {
    fmt::print(stderr, "kernel did not return: {}\n", thread.fault.message);
    return 1;
  }
  double wall = std::chrono::duration<double>(end - begin).count();
  double seconds = cpuEnd - cpuBegin;
  double irInstructions = double(iterations) * kernel.irPerIteration;
  if (kernel.irPerIteration == 0) {
    // fib: calls = 2 fib(n+1) - 1; base calls (fib(n+1) of them) run 3 IR
    // instructions, the others 9.
    double fibNext = 0, a = 0, b = 1;
    for (uint64_t i = 0; i < iterations + 1; ++i) {
      double t = a + b;
      a = b;
      b = t;
    }
    fibNext = a;
    double calls = 2 * fibNext - 1;
    irInstructions = fibNext * 3 + (calls - fibNext) * 9;
  }
  fmt::print(
      "{:<14} {:>12} iterations  cpu {:7.3f} s (wall {:7.3f} s)  {:8.1f} M IR "
      "instructions/s  {:8.1f} M bytecode ops/s  (result {})\n",
      kernel.name, iterations, seconds, wall, irInstructions / seconds / 1e6,
      double(thread.instructions) / seconds / 1e6, thread.returnValue[0]);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  uint64_t iterations =
      argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 100000000;
  int status = runKernel(integerLoop, iterations);
  status |= runKernel(memoryLoop, iterations);
  status |= runKernel(callKernel,
                      argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 30);
  return status;
}
