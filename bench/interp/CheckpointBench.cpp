// What a checkpoint costs against what it saves (docs/interp-performance.md, "Checkpoints"):
// for each C program given, a seeded random schedule is run to its end, and at a quarter, half,
// three quarters and the end of it the bench measures
//   replay   restart() + stepping the prefix (what a stateless explorer pays to come back),
//   save     checkpointInto() an existing checkpoint (storage reused) and checkpoint() (fresh),
//   restore  restore() of that checkpoint,
//   bytes    ModelCheckpoint::bytes().
// Times are CPU time of this thread (the machine is shared), averaged over repetitions.
//
//   bpor_checkpoint_bench bench/programs/*.c bench/large/*.c
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

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <functional>
#include <random>
#include <unistd.h>

using namespace bpor;
using bench::compileInstrumented;
using bench::cpuSeconds;

namespace {

/// Mean CPU seconds of `work`, repeated until at least `budget` seconds have passed.
double timeEach(const std::function<void()> &work, double budget = 0.1) {
  unsigned repetitions = 0;
  double start = cpuSeconds(), elapsed = 0;
  do {
    work();
    ++repetitions;
    elapsed = cpuSeconds() - start;
  } while (elapsed < budget && repetitions < 1000000);
  return elapsed / repetitions;
}

std::string microseconds(double seconds) { return fmt::format("{:.2f}", seconds * 1e6); }

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    fmt::print(stderr, "usage: {} program.c...\n", argv[0]);
    return 2;
  }
  fmt::print("| program | steps | depth | replay (us) | save into (us) | save fresh (us) | "
             "restore (us) | bytes | replay / restore |\n");
  fmt::print("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (int i = 1; i < argc; ++i) {
    std::string name = std::filesystem::path(argv[i]).filename().string();
    std::unique_ptr<Program> program = compileInstrumented(argv[i]);
    if (!program) {
      fmt::print(stderr, "{}: cannot compile\n", argv[i]);
      return 1;
    }
    Execution execution(*program);
    std::mt19937_64 random(1);
    std::vector<std::pair<ThreadId, uint32_t>> schedule;
    while (execution.status() == ExecStatus::Running) {
      std::vector<ThreadId> enabled;
      for (ThreadId t = 0; t < execution.numThreads(); ++t)
        if (execution.isEnabled(t))
          enabled.push_back(t);
      if (enabled.empty())
        break;
      ThreadId thread = enabled[random() % enabled.size()];
      execution.step(thread, 0);
      schedule.emplace_back(thread, 0);
    }
    size_t steps = schedule.size();
    for (size_t depth : {steps / 4, steps / 2, 3 * steps / 4, steps}) {
      auto replay = [&] {
        execution.restart();
        for (size_t k = 0; k < depth; ++k)
          execution.step(schedule[k].first, schedule[k].second);
      };
      double replaySeconds = timeEach(replay);
      replay();
      std::unique_ptr<ModelCheckpoint> saved = execution.checkpoint();
      double saveInto = timeEach([&] { execution.checkpointInto(*saved); });
      double saveFresh = timeEach([&] { saved = execution.checkpoint(); });
      execution.restart();
      double restore = timeEach([&] { execution.restore(*saved); });
      fmt::print("| {} | {} | {} | {} | {} | {} | {} | {} | {:.1f} |\n", name, steps, depth,
                 microseconds(replaySeconds), microseconds(saveInto), microseconds(saveFresh),
                 microseconds(restore), saved->bytes(), replaySeconds / restore);
    }
  }
  return 0;
}
