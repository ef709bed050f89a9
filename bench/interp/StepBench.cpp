// The runtime's per-step and per-restart cost as an explorer sees it (docs/interp-performance.md,
// "Per-step cost"): for each C program given, 64 seeded random schedules are recorded, then
// replayed round-robin (restart() + every step, asking isAlive/isEnabled/pending of every thread
// before each step as the explorers do) for about a second of CPU time. Reports CPU ns per step
// and per execution, and heap allocations (operator new) per execution in the steady state.
//
//   bpor_step_bench bench/programs/*.c bench/large/*.c
//
// With --executions=N first, exactly N executions run per program instead (for a deterministic
// instruction count under valgrind, whose callgrind tool works on this shared machine where
// hardware counters do not):
//   valgrind --tool=callgrind --toggle-collect='*replayOne*' bpor_step_bench --executions=20000 P.c
#include "bench/interp/BenchSupport.h"
#include "interp/Program.h"
#include "passes/Pipeline.h"
#include "runtime/Execution.h"
#include "runtime/Externals.h"

#include <fmt/format.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IRReader/IRReader.h>
#include <llvm/Support/SourceMgr.h>

#include <atomic>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <new>
#include <random>
#include <unistd.h>

namespace {
std::atomic<uint64_t> allocations{0};
}

void *operator new(size_t size) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void *p = std::malloc(size ? size : 1))
    return p;
  throw std::bad_alloc();
}
void *operator new(size_t size, std::align_val_t align) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  size_t alignment = size_t(align);
  if (void *p = std::aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment))
    return p;
  throw std::bad_alloc();
}
void operator delete(void *p) noexcept { std::free(p); }
void operator delete(void *p, size_t) noexcept { std::free(p); }
void operator delete(void *p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void *p, size_t, std::align_val_t) noexcept { std::free(p); }

using namespace bpor;
using bench::compileInstrumented;
using bench::cpuSeconds;

namespace {

using Schedule = std::vector<ThreadId>;

/// One execution as an explorer drives it; returns the number of steps.
[[gnu::noinline]] size_t replayOne(Execution &execution, const Schedule &schedule, uint64_t &sink) {
  execution.restart();
  for (ThreadId thread : schedule) {
    for (ThreadId t = 0; t < execution.numThreads(); ++t)
      if (execution.isAlive(t))
        sink += execution.isEnabled(t) + (execution.pending(t).kind == OpKind::Load);
    sink += execution.step(thread).value;
  }
  return schedule.size();
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    fmt::print(stderr, "usage: {} program.c...\n", argv[0]);
    return 2;
  }
  double budget = 1.0;
  uint64_t fixedExecutions = 0;
  int first = 1;
  if (std::string_view(argv[1]).starts_with("--executions=")) {
    fixedExecutions = std::strtoull(argv[1] + 13, nullptr, 10);
    first = 2;
  }
  fmt::print("| program | steps/execution | ns/step | ns/execution | allocations/execution |\n");
  fmt::print("|---|---:|---:|---:|---:|\n");
  for (int i = first; i < argc; ++i) {
    std::string name = std::filesystem::path(argv[i]).filename().string();
    std::unique_ptr<Program> program = compileInstrumented(argv[i]);
    if (!program) {
      fmt::print(stderr, "{}: cannot compile\n", argv[i]);
      return 1;
    }
    Execution execution(*program);
    std::mt19937_64 random(1);
    std::vector<Schedule> schedules(64);
    for (Schedule &schedule : schedules) {
      execution.restart();
      while (execution.status() == ExecStatus::Running) {
        std::vector<ThreadId> enabled;
        for (ThreadId t = 0; t < execution.numThreads(); ++t)
          if (execution.isEnabled(t))
            enabled.push_back(t);
        if (enabled.empty())
          break;
        ThreadId thread = enabled[random() % enabled.size()];
        execution.step(thread);
        schedule.push_back(thread);
      }
    }
    uint64_t sink = 0;
    for (const Schedule &schedule : schedules) // warm up: buffers reach their steady size
      replayOne(execution, schedule, sink);
    uint64_t executions = 0, steps = 0;
    uint64_t allocationsBefore = allocations.load();
    double start = cpuSeconds(), elapsed = 0;
    while (fixedExecutions ? executions < fixedExecutions : elapsed < budget) {
      for (const Schedule &schedule : schedules) {
        if (fixedExecutions && executions == fixedExecutions)
          break;
        steps += replayOne(execution, schedule, sink);
        ++executions;
      }
      elapsed = cpuSeconds() - start;
    }
    uint64_t allocated = allocations.load() - allocationsBefore;
    fmt::print("| {} | {:.1f} | {:.1f} | {:.0f} | {:.2f} |\n", name,
               double(steps) / double(executions), elapsed * 1e9 / double(steps),
               elapsed * 1e9 / double(executions), double(allocated) / double(executions));
    if (sink == 42)
      fmt::print(" ");
  }
  return 0;
}
