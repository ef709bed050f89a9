// Checkpoint and restore (core/Model.h) on real C programs compiled by clang-19 and
// instrumented as bporcheck does it: after restore(c), stepping on gives exactly the events and
// the final state that restart() + replaying c's prefix gives, however often c is restored and
// whatever ran in between. The toy ProgramModel is held to the same contract.
#include "interp/Program.h"
#include "passes/Pipeline.h"
#include "runtime/Execution.h"
#include "runtime/Externals.h"
#include "tests/support/Generator.h"
#include "tests/support/ProgramModel.h"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IRReader/IRReader.h>
#include <llvm/Support/SourceMgr.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <random>
#include <set>
#include <unistd.h>

using namespace bpor;

namespace {

struct Compiled {
  std::unique_ptr<Program> program;
  std::string error;
};

/// clang-19 -O0 -g (the flags bporcheck uses), then the passes, then the Program.
Compiled compileC(const std::string &source) {
  Compiled compiled;
  std::string dir = fmt::format("{}bpor_checkpoint_{}", ::testing::TempDir(), getpid());
  std::filesystem::create_directories(dir);
  std::string bitcode = fmt::format("{}/{}.bc", dir, std::filesystem::path(source).stem().string());
  std::string command = fmt::format("'{}' -xc -O0 -g -emit-llvm -c -fno-discard-value-names "
                                    "-Xclang -disable-O0-optnone -o '{}' '{}'",
                                    BPOR_TEST_CLANG, bitcode, source);
  int status = std::system(command.c_str());
  llvm::LLVMContext context;
  llvm::SMDiagnostic diagnostic;
  std::unique_ptr<llvm::Module> module;
  if (status == 0)
    module = llvm::parseIRFile(bitcode, diagnostic, context);
  std::filesystem::remove_all(dir); // the bitcode is read; leave nothing in the temporary folder
  if (status != 0) {
    compiled.error = "clang failed: " + command;
    return compiled;
  }
  if (!module) {
    compiled.error = diagnostic.getMessage().str();
    return compiled;
  }
  if (llvm::Error error = passes::prepareAndInstrument(*module)) {
    compiled.error = llvm::toString(std::move(error));
    return compiled;
  }
  ExternalRegistry registry;
  registerExternals(registry);
  compiled.program = Program::build(*module, registry, compiled.error);
  return compiled;
}

std::string describe(const Operation &op) {
  std::string text = fmt::format("t{} {} g{} other{} choices{} value{} ends{} loc{}", op.thread,
                                 opKindName(op.kind), op.global, op.otherThread, op.numChoices,
                                 op.value, op.endsThread, op.location);
  for (unsigned i = 0; i < op.numAccesses; ++i)
    text += fmt::format(" [{:#x}+{}{}]", op.accesses[i].address, op.accesses[i].size,
                        op.accesses[i].write ? "w" : "r");
  return text;
}

/// Everything observable about an execution's state, memory contents included.
std::string stateOf(const Execution &execution) {
  std::string text = fmt::format(
      "status {} error {} t{} loc{} '{}' exit {} output '{}'\n", int(execution.status()),
      errorKindName(execution.error().kind), execution.error().thread, execution.error().location,
      execution.error().message, execution.exitCode(), execution.output());
  for (ThreadId t = 0; t < execution.numThreads(); ++t) {
    text += fmt::format("thread {} alive {} enabled {}", t, execution.isAlive(t),
                        execution.isEnabled(t));
    if (execution.isAlive(t))
      text += " pending " + describe(execution.pending(t));
    text += "\n";
  }
  const Memory &memory = execution.memory();
  text += fmt::format("objects {} dynamic bytes {}\n", memory.numObjects(), memory.dynamicBytes());
  memory.forEachObject([&](uint32_t id, const MemoryObject &object) {
    text += fmt::format("#{:x} {} alive {} size {}", id, objectKindName(object.kind),
                        object.alive, object.size);
    if (object.alive && object.kind != ObjectKind::Function)
      for (uint64_t i = 0; i < object.size; ++i)
        text += fmt::format("{:02x}", object.bytes()[i]);
    text += "\n";
  });
  return text;
}

/// One step of a schedule: the thread and its data choice.
struct Choice {
  ThreadId thread;
  uint32_t choice;
};

/// Steps at random (seeded) until the execution ends, deadlocks or `maxSteps` were taken.
std::vector<Choice> randomContinuation(Execution &execution, std::mt19937_64 &random,
                                       size_t maxSteps = 5000) {
  std::vector<Choice> steps;
  while (steps.size() < maxSteps && execution.status() == ExecStatus::Running) {
    std::vector<ThreadId> enabled;
    for (ThreadId t = 0; t < execution.numThreads(); ++t)
      if (execution.isEnabled(t))
        enabled.push_back(t);
    if (enabled.empty())
      break;
    ThreadId thread = enabled[random() % enabled.size()];
    uint32_t choice = uint32_t(random() % execution.pending(thread).numChoices);
    execution.step(thread, choice);
    steps.push_back({thread, choice});
  }
  return steps;
}

/// The events of `steps` (each must be enabled), then the final state.
std::vector<std::string> stepAll(Execution &execution, std::span<const Choice> steps) {
  std::vector<std::string> trace;
  for (const Choice &step : steps) {
    EXPECT_TRUE(execution.isEnabled(step.thread)) << "step " << trace.size();
    trace.push_back(describe(execution.step(step.thread, step.choice)));
  }
  trace.push_back(stateOf(execution));
  return trace;
}

std::string programPath(const char *relative) {
  return fmt::format("{}/{}", BPOR_SOURCE_DIR, relative);
}

class CheckpointOnProgram : public ::testing::TestWithParam<const char *> {
protected:
  void SetUp() override {
    compiled = compileC(programPath(GetParam()));
    ASSERT_TRUE(compiled.program) << compiled.error;
    execution = std::make_unique<Execution>(*compiled.program);
  }

  Compiled compiled;
  std::unique_ptr<Execution> execution;
};

// For random schedules and a checkpoint at several depths: the state right after restore equals
// the state at checkpoint time, and the rest of the schedule gives the same events and final
// state as the replay, even after another schedule ran in between.
TEST_P(CheckpointOnProgram, RestoreThenStepEqualsReplay) {
  std::mt19937_64 random(7);
  for (int run = 0; run < 6; ++run) {
    execution->restart();
    std::vector<Choice> schedule = randomContinuation(*execution, random);
    ASSERT_FALSE(schedule.empty());
    std::vector<std::string> replayed;
    for (size_t depth : {size_t(0), schedule.size() / 3, schedule.size() / 2, schedule.size() - 1,
                         schedule.size()}) {
      SCOPED_TRACE(fmt::format("run {} depth {} of {}", run, depth, schedule.size()));
      execution->restart();
      stepAll(*execution, std::span(schedule).first(depth));
      std::string atCheckpoint = stateOf(*execution);
      std::unique_ptr<ModelCheckpoint> saved = execution->checkpoint();
      ASSERT_TRUE(saved);
      EXPECT_GT(saved->bytes(), 0u);
      std::vector<std::string> replay = stepAll(*execution, std::span(schedule).subspan(depth));

      // Something else runs in between: a restart and a different random schedule.
      execution->restart();
      randomContinuation(*execution, random);
      execution->restore(*saved);
      EXPECT_EQ(stateOf(*execution), atCheckpoint);
      EXPECT_EQ(stepAll(*execution, std::span(schedule).subspan(depth)), replay);
    }
  }
}

// One checkpoint restored many times, each time followed by a different random continuation:
// each continuation matches restart + replay of the prefix and the continuation.
TEST_P(CheckpointOnProgram, RestoreManyTimesFromOneCheckpoint) {
  std::mt19937_64 random(11);
  execution->restart();
  std::vector<Choice> schedule = randomContinuation(*execution, random);
  size_t depth = schedule.size() / 2;
  execution->restart();
  stepAll(*execution, std::span(schedule).first(depth));
  std::unique_ptr<ModelCheckpoint> saved = execution->checkpoint();
  std::set<std::string> finalStates;
  for (int round = 0; round < 20; ++round) {
    SCOPED_TRACE(fmt::format("round {}", round));
    execution->restore(*saved);
    std::vector<Choice> continuation = randomContinuation(*execution, random);
    execution->restore(*saved);
    std::vector<std::string> restored = stepAll(*execution, continuation);
    execution->restart();
    stepAll(*execution, std::span(schedule).first(depth));
    EXPECT_EQ(stepAll(*execution, continuation), restored);
    finalStates.insert(restored.back());
  }
  EXPECT_GE(finalStates.size(), 1u);
}

// checkpointInto overwrites an older checkpoint with the current state.
TEST_P(CheckpointOnProgram, CheckpointIntoOverwrites) {
  std::mt19937_64 random(3);
  std::vector<Choice> schedule = randomContinuation(*execution, random);
  execution->restart();
  std::unique_ptr<ModelCheckpoint> saved = execution->checkpoint();
  std::string initial = stateOf(*execution);
  size_t depth = schedule.size() / 2;
  stepAll(*execution, std::span(schedule).first(depth));
  std::string middle = stateOf(*execution);
  ASSERT_NE(middle, initial);
  ASSERT_TRUE(execution->checkpointInto(*saved));
  execution->restart();
  EXPECT_EQ(stateOf(*execution), initial);
  execution->restore(*saved);
  EXPECT_EQ(stateOf(*execution), middle);
}

// State keys (Model::stateKey): along random executions, equal keys mean equal states (the
// state as stateOf describes it, the program's output aside), and a restored checkpoint has the
// key its state had.
TEST_P(CheckpointOnProgram, EqualStateKeysAreEqualStates) {
  std::mt19937_64 random(13);
  std::map<std::string, std::string> stateByKey;
  auto withoutOutput = [](std::string text) {
    size_t at = text.find(" output '");
    size_t end = text.find("'\n", at + 9);
    return at == std::string::npos ? text : text.erase(at, end + 1 - at);
  };
  std::string key;
  for (int run = 0; run < 6; ++run) {
    execution->restart();
    std::vector<Choice> schedule = randomContinuation(*execution, random);
    execution->restart();
    for (size_t depth = 0; depth <= schedule.size(); ++depth) {
      ASSERT_TRUE(execution->stateKey(key));
      std::string state = withoutOutput(stateOf(*execution));
      auto [it, inserted] = stateByKey.emplace(key, state);
      EXPECT_EQ(it->second, state) << "two states share a key (run " << run << ", depth "
                                   << depth << ")";
      if (depth == schedule.size() / 2) {
        std::unique_ptr<ModelCheckpoint> saved = execution->checkpoint();
        std::string before = key, after;
        std::vector<Choice> rest(schedule.begin() + depth, schedule.end());
        stepAll(*execution, rest);
        execution->restore(*saved);
        ASSERT_TRUE(execution->stateKey(after));
        EXPECT_EQ(after, before);
      }
      if (depth < schedule.size())
        execution->step(schedule[depth].thread, schedule[depth].choice);
    }
  }
}

// Checkpoints share the copies of the threads that did not change between them (runtime/
// ThreadTable.h) and a restore copies back only the threads that differ: a checkpoint in every
// state of a schedule (the storage of each reused, as a search reuses it, from an earlier
// schedule's), restored in a random order, each followed by a different random continuation
// and then by the rest of the schedule, gives each state back with its key and its replay.
TEST_P(CheckpointOnProgram, CheckpointsInEveryStateRestoredInAnyOrder) {
  std::mt19937_64 random(17);
  std::vector<std::unique_ptr<ModelCheckpoint>> saved;
  for (int run = 0; run < 3; ++run) {
    execution->restart();
    std::vector<Choice> schedule = randomContinuation(*execution, random);
    execution->restart();
    std::vector<std::string> states, keys;
    for (size_t depth = 0; depth <= schedule.size(); ++depth) {
      if (depth == saved.size())
        saved.push_back(execution->checkpoint());
      else
        ASSERT_TRUE(execution->checkpointInto(*saved[depth]));
      states.push_back(stateOf(*execution));
      ASSERT_TRUE(execution->stateKey(keys.emplace_back()));
      if (depth < schedule.size())
        execution->step(schedule[depth].thread, schedule[depth].choice);
    }
    std::vector<std::string> rest = {stateOf(*execution)};
    std::vector<size_t> order(schedule.size() + 1);
    for (size_t i = 0; i < order.size(); ++i)
      order[i] = i;
    std::shuffle(order.begin(), order.end(), random);
    std::string key;
    for (size_t depth : order) {
      SCOPED_TRACE(fmt::format("run {} depth {} of {}", run, depth, schedule.size()));
      execution->restore(*saved[depth]);
      EXPECT_EQ(stateOf(*execution), states[depth]);
      ASSERT_TRUE(execution->stateKey(key));
      EXPECT_EQ(key, keys[depth]);
      randomContinuation(*execution, random);
      execution->restore(*saved[depth]);
      EXPECT_EQ(stepAll(*execution, std::span(schedule).subspan(depth)).back(), rest.back());
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Programs, CheckpointOnProgram,
    ::testing::Values("tests/unit/runtime/programs/checkpoint_sync.c",
                      "tests/unit/runtime/programs/checkpoint_atomic.c",
                      "tests/unit/runtime/programs/checkpoint_loop.c",
                      "bench/programs/counter_mutex_3.c", "bench/programs/ring_4.c",
                      "bench/programs/write_read_3.c", "bench/large/write_read_6.c"),
    [](const auto &info) { return std::filesystem::path(info.param).stem().string(); });

// Two threads that write different variables: both orders of their writes reach one state, with
// one key (thread numbers and object names do not depend on the schedule).
TEST(StateKey, IndependentWritesInEitherOrderGiveOneKey) {
  std::string dir = fmt::format("{}bpor_statekey_{}", ::testing::TempDir(), getpid());
  std::filesystem::create_directories(dir);
  std::string source = dir + "/independent.c";
  FILE *file = fopen(source.c_str(), "w");
  ASSERT_TRUE(file);
  fputs("#include <pthread.h>\n#include <stdlib.h>\nint a, b; int *p, *q;\n"
        "void *t1(void *x) { p = malloc(4); a = 1; return 0; }\n"
        "void *t2(void *x) { q = malloc(4); b = 2; return 0; }\n"
        "int main(void) { pthread_t x, y; pthread_create(&x, 0, t1, 0);\n"
        "  pthread_create(&y, 0, t2, 0); pthread_join(x, 0); pthread_join(y, 0); return a + b; }\n",
        file);
  fclose(file);
  Compiled compiled = compileC(source);
  std::filesystem::remove_all(dir);
  ASSERT_TRUE(compiled.program) << compiled.error;
  Execution execution(*compiled.program);
  auto keyAfter = [&](std::vector<ThreadId> order) {
    execution.restart();
    execution.step(0); // create t1
    execution.step(0); // create t2
    for (ThreadId t : order)
      while (execution.isAlive(t) && execution.isEnabled(t))
        execution.step(t);
    std::string key;
    EXPECT_TRUE(execution.stateKey(key));
    return key;
  };
  std::string first = keyAfter({1, 2}), second = keyAfter({2, 1});
  EXPECT_EQ(first, second);
  // And a state that differs (t1 only) has another key.
  EXPECT_NE(keyAfter({1}), first);
}

// A checkpoint taken while a worker stands inside its loop, its counters and local array in
// interpreter frames: the values it writes after restore are those the replay writes.
TEST(Checkpoint, MidwayInAPrivateLoop) {
  Compiled compiled = compileC(programPath("tests/unit/runtime/programs/checkpoint_loop.c"));
  ASSERT_TRUE(compiled.program) << compiled.error;
  Execution execution(*compiled.program);
  // Run main until both workers exist, then worker 1 through three iterations (three stores).
  while (execution.numThreads() < 3) {
    ASSERT_TRUE(execution.isEnabled(0));
    execution.step(0);
  }
  unsigned stores = 0;
  while (stores < 3) {
    ASSERT_TRUE(execution.isEnabled(1));
    if (execution.step(1).kind == OpKind::Store)
      ++stores;
  }
  std::unique_ptr<ModelCheckpoint> saved = execution.checkpoint();
  // Worker 1 finishes alone, then worker 2, then main.
  auto finish = [&] {
    std::vector<std::string> events;
    for (ThreadId t : {1u, 2u, 0u})
      while (execution.isEnabled(t))
        events.push_back(describe(execution.step(t)));
    events.push_back(stateOf(execution));
    return events;
  };
  std::vector<std::string> first = finish();
  ASSERT_EQ(execution.status(), ExecStatus::Finished);
  execution.restart();
  execution.restore(*saved);
  EXPECT_EQ(finish(), first);
  EXPECT_EQ(execution.status(), ExecStatus::Finished);
}

// An execution that ended in an error is restored with its error.
TEST(Checkpoint, CarriesTheError) {
  Compiled compiled = compileC(programPath("tests/unit/runtime/programs/checkpoint_race.c"));
  ASSERT_TRUE(compiled.program) << compiled.error;
  Execution execution(*compiled.program);
  std::mt19937_64 random(5);
  for (int attempt = 0; attempt < 200 && execution.status() != ExecStatus::Error; ++attempt) {
    execution.restart();
    randomContinuation(execution, random);
  }
  ASSERT_EQ(execution.status(), ExecStatus::Error);
  ASSERT_EQ(execution.error().kind, ErrorKind::AssertionFailure);
  std::string ended = stateOf(execution);
  std::unique_ptr<ModelCheckpoint> saved = execution.checkpoint();
  execution.restart();
  execution.restore(*saved);
  EXPECT_EQ(execution.status(), ExecStatus::Error);
  EXPECT_EQ(stateOf(execution), ended);
}

// Symbolic mode: a checkpoint carries the path condition, the nondet inputs drawn and the
// expressions in memory, so that after restore the schedule goes on as its replay does, with the
// same values (runtime/symbolic/SymbolicData.h).
TEST(Checkpoint, CarriesTheSymbolicPath) {
  if (!Execution::symbolicSupported())
    GTEST_SKIP() << "built without Z3";
  Compiled compiled = compileC(programPath("tests/unit/runtime/programs/checkpoint_symbolic.c"));
  ASSERT_TRUE(compiled.program) << compiled.error;
  ExecutionOptions options;
  options.symbolicNondet = true;
  Execution execution(*compiled.program, options);
  ASSERT_TRUE(execution.symbolicMode());
  auto valuesOf = [&] {
    std::string text;
    for (const NondetValue &v : execution.nondetValues())
      text += fmt::format("t{} loc{} {} after{}; ", v.thread, v.location, v.value, v.afterStep);
    return text;
  };
  std::mt19937_64 random(13);
  unsigned decided = 0;
  for (int run = 0; run < 12; ++run) {
    execution.restart();
    std::vector<Choice> schedule = randomContinuation(execution, random);
    for (size_t depth : {schedule.size() / 3, schedule.size() / 2, schedule.size() - 1}) {
      SCOPED_TRACE(fmt::format("run {} depth {} of {}", run, depth, schedule.size()));
      execution.restart();
      stepAll(execution, std::span(schedule).first(depth));
      std::string atCheckpoint = stateOf(execution) + valuesOf();
      std::unique_ptr<ModelCheckpoint> saved = execution.checkpoint();
      std::vector<std::string> replay = stepAll(execution, std::span(schedule).subspan(depth));
      replay.push_back(valuesOf());
      for (const std::string &event : replay)
        decided += event.find(" decision ") != std::string::npos;

      execution.restart();
      randomContinuation(execution, random);
      execution.restore(*saved);
      EXPECT_EQ(stateOf(execution) + valuesOf(), atCheckpoint);
      std::vector<std::string> restored = stepAll(execution, std::span(schedule).subspan(depth));
      restored.push_back(valuesOf());
      EXPECT_EQ(restored, replay);
    }
  }
  EXPECT_GT(decided, 0u); // the schedules went through decisions after their checkpoints
}

// The toy model obeys the same contract on generated programs.
TEST(Checkpoint, ProgramModelRestoreThenStepEqualsReplay) {
  for (uint64_t seed = 0; seed < 200; ++seed) {
    bpor::testing::ProgramModel model(bpor::testing::generateProgram(seed));
    std::mt19937_64 random(seed);
    std::vector<Choice> schedule;
    while (model.status() == ExecStatus::Running) {
      std::vector<ThreadId> enabled;
      for (ThreadId t = 0; t < model.numThreads(); ++t)
        if (model.isEnabled(t))
          enabled.push_back(t);
      if (enabled.empty())
        break;
      ThreadId thread = enabled[random() % enabled.size()];
      uint32_t choice = uint32_t(random() % model.pending(thread).numChoices);
      model.step(thread, choice);
      schedule.push_back({thread, choice});
    }
    auto rest = [&](size_t from) {
      std::vector<std::string> events;
      for (size_t i = from; i < schedule.size(); ++i)
        events.push_back(describe(model.step(schedule[i].thread, schedule[i].choice)));
      events.push_back(
          fmt::format("{} {}", int(model.status()), errorKindName(model.error().kind)));
      return events;
    };
    size_t depth = random() % (schedule.size() + 1);
    model.restart();
    for (size_t i = 0; i < depth; ++i)
      model.step(schedule[i].thread, schedule[i].choice);
    std::unique_ptr<ModelCheckpoint> saved = model.checkpoint();
    ASSERT_TRUE(saved);
    std::vector<std::string> replay = rest(depth);
    for (int again = 0; again < 3; ++again) {
      model.restart();
      model.restore(*saved);
      ASSERT_EQ(rest(depth), replay) << "seed " << seed << " depth " << depth;
    }
  }
}

} // namespace
