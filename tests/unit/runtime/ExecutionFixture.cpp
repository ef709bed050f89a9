#include "ExecutionFixture.h"

#include "runtime/Externals.h"

#include <llvm/AsmParser/Parser.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

namespace bpor::test {

const char *AbiDeclarations = R"IR(
declare i64 @__bpor_load(ptr, i64, i32, i32)
declare void @__bpor_store(ptr, i64, i64, i32, i32)
declare void @__bpor_load_bytes(ptr, ptr, i64, i32, i32)
declare void @__bpor_store_bytes(ptr, ptr, i64, i32, i32)
declare i64 @__bpor_rmw(ptr, i64, i64, i32, i32, i32)
declare i64 @__bpor_cmpxchg(ptr, i64, i64, i64, i32, i32, i32)
declare void @__bpor_fence(i32, i32)
declare void @__bpor_memcpy(ptr, ptr, i64, i32)
declare void @__bpor_memset(ptr, i8, i64, i32)
declare i32 @__bpor_sched_yield()
declare void @__bpor_spin_yield(i32)
declare void @__bpor_assert_fail(ptr, ptr, i32, ptr)
declare void @__bpor_reach_error()
declare void @__bpor_abort()
declare void @__bpor_exit(i32)
declare void @__bpor_assume(i32)
declare i64 @__bpor_nondet(i32, i32, i32)
declare void @__bpor_atomic_begin(i32)
declare void @__bpor_atomic_end(i32)
declare i32 @__bpor_pthread_create(ptr, ptr, ptr, ptr)
declare i32 @__bpor_pthread_join(i64, ptr)
declare void @__bpor_pthread_exit(ptr)
declare i64 @__bpor_pthread_self()
declare i32 @__bpor_pthread_equal(i64, i64)
declare i32 @__bpor_pthread_detach(i64)
declare i32 @__bpor_pthread_mutex_init(ptr, ptr)
declare i32 @__bpor_pthread_mutex_destroy(ptr)
declare i32 @__bpor_pthread_mutex_lock(ptr)
declare i32 @__bpor_pthread_mutex_trylock(ptr)
declare i32 @__bpor_pthread_mutex_unlock(ptr)
declare i32 @__bpor_pthread_mutexattr_init(ptr)
declare i32 @__bpor_pthread_mutexattr_destroy(ptr)
declare i32 @__bpor_pthread_mutexattr_settype(ptr, i32)
declare i32 @__bpor_pthread_cond_init(ptr, ptr)
declare i32 @__bpor_pthread_cond_destroy(ptr)
declare i32 @__bpor_pthread_cond_wait(ptr, ptr)
declare i32 @__bpor_pthread_cond_timedwait(ptr, ptr, ptr)
declare i32 @__bpor_pthread_cond_signal(ptr)
declare i32 @__bpor_pthread_cond_broadcast(ptr)
declare i32 @__bpor_pthread_rwlock_init(ptr, ptr)
declare i32 @__bpor_pthread_rwlock_destroy(ptr)
declare i32 @__bpor_pthread_rwlock_rdlock(ptr)
declare i32 @__bpor_pthread_rwlock_wrlock(ptr)
declare i32 @__bpor_pthread_rwlock_tryrdlock(ptr)
declare i32 @__bpor_pthread_rwlock_trywrlock(ptr)
declare i32 @__bpor_pthread_rwlock_unlock(ptr)
declare i32 @__bpor_pthread_barrier_init(ptr, ptr, i32)
declare i32 @__bpor_pthread_barrier_destroy(ptr)
declare i32 @__bpor_pthread_barrier_wait(ptr)
declare i32 @__bpor_sem_init(ptr, i32, i32)
declare i32 @__bpor_sem_destroy(ptr)
declare i32 @__bpor_sem_wait(ptr)
declare i32 @__bpor_sem_trywait(ptr)
declare i32 @__bpor_sem_post(ptr)
declare i32 @__bpor_sem_getvalue(ptr, ptr)
declare i32 @__bpor_once_begin(ptr, i32)
declare void @__bpor_once_end(ptr, i32)
declare i32 @__bpor_pthread_key_create(ptr, ptr)
declare i32 @__bpor_pthread_key_delete(i32)
declare ptr @__bpor_pthread_getspecific(i32)
declare i32 @__bpor_pthread_setspecific(i32, ptr)
declare i32 @__bpor_pthread_attr_init(ptr)
declare i32 @__bpor_pthread_attr_destroy(ptr)
declare i32 @__bpor_pthread_attr_setdetachstate(ptr, i32)
declare ptr @malloc(i64)
declare ptr @calloc(i64, i64)
declare ptr @realloc(ptr, i64)
declare void @free(ptr)
declare ptr @memcpy(ptr, ptr, i64)
declare ptr @memset(ptr, i32, i64)
declare i32 @memcmp(ptr, ptr, i64)
declare i64 @strlen(ptr)
declare i32 @strcmp(ptr, ptr)
declare i32 @strncmp(ptr, ptr, i64)
declare ptr @strcpy(ptr, ptr)
declare ptr @strncpy(ptr, ptr, i64)
declare ptr @strcat(ptr, ptr)
declare ptr @strchr(ptr, i32)
declare ptr @strdup(ptr)
declare i32 @printf(ptr, ...)
declare i32 @sprintf(ptr, ptr, ...)
declare i32 @snprintf(ptr, i64, ptr, ...)
declare i32 @puts(ptr)
declare i32 @putchar(i32)
declare i32 @atoi(ptr)
declare i32 @abs(i32)
declare i32 @rand()
declare i32 @usleep(i32)
declare i32 @fork()
)IR";

std::string cat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (std::string_view part : parts)
    out.append(part);
  return out;
}

BuiltProgram buildProgram(const std::string &body) {
  BuiltProgram built;
  built.context = std::make_unique<llvm::LLVMContext>();
  llvm::SMDiagnostic diagnostic;
  std::string text = std::string(AbiDeclarations) + body;
  std::unique_ptr<llvm::Module> module = llvm::parseAssemblyString(text, diagnostic, *built.context);
  if (!module) {
    std::string message;
    llvm::raw_string_ostream os(message);
    diagnostic.print("test", os);
    ADD_FAILURE() << "IR does not parse: " << message;
    return built;
  }
  ExternalRegistry registry;
  runtime::registerExternals(registry);
  std::string error;
  built.program = Program::build(*module, registry, error);
  if (!built.program)
    ADD_FAILURE() << "Program::build failed: " << error;
  return built;
}

namespace {

struct Search {
  Execution &execution;
  std::set<RunOutcome> &outcomes;
  const std::function<std::string(Execution &)> &observe;
  uint64_t maxExecutions;
  uint64_t executions = 0;
  std::vector<std::pair<ThreadId, uint32_t>> prefix;

  void replayPrefix() {
    execution.restart();
    for (auto [thread, choice] : prefix)
      execution.step(thread, choice);
  }

  void explore() {
    if (executions >= maxExecutions)
      return;
    std::vector<std::pair<ThreadId, uint32_t>> moves;
    if (execution.status() == ExecStatus::Running) {
      for (ThreadId t = 0; t < execution.numThreads(); ++t)
        if (execution.isEnabled(t))
          for (uint32_t c = 0; c < execution.pending(t).numChoices; ++c)
            moves.emplace_back(t, c);
    }
    if (moves.empty()) {
      RunOutcome outcome;
      outcome.status = execution.status();
      outcome.error = execution.status() == ExecStatus::Error ? execution.error().kind
                                                              : ErrorKind::None;
      outcome.deadlock = execution.status() == ExecStatus::Running;
      if (observe)
        outcome.observed = observe(execution);
      outcomes.insert(outcome);
      ++executions;
      return;
    }
    bool first = true;
    for (auto move : moves) {
      if (!first)
        replayPrefix();
      first = false;
      prefix.push_back(move);
      execution.step(move.first, move.second);
      explore();
      prefix.pop_back();
    }
  }
};

} // namespace

uint64_t exhaustiveRuns(Execution &execution, std::set<RunOutcome> &outcomes,
                        const std::function<std::string(Execution &)> &observe,
                        uint64_t maxExecutions) {
  Search search{execution, outcomes, observe, maxExecutions, 0, {}};
  execution.restart();
  search.explore();
  return search.executions;
}

void stepMainToEnd(Execution &execution, int maxSteps) {
  for (int i = 0; i < maxSteps && execution.status() == ExecStatus::Running; ++i)
    execution.step(0);
}

void runSchedule(Execution &execution, const std::vector<ThreadId> &schedule) {
  execution.restart();
  for (size_t i = 0; i < schedule.size(); ++i) {
    ThreadId t = schedule[i];
    ASSERT_EQ(execution.status(), ExecStatus::Running) << "at step " << i;
    ASSERT_LT(t, execution.numThreads()) << "at step " << i;
    ASSERT_TRUE(execution.isEnabled(t)) << "thread " << t << " at step " << i;
    execution.step(t);
  }
}

uint64_t globalValue(const Execution &execution, const Program &program, const char *name,
                     uint64_t size) {
  Address address = program.findGlobal(name);
  EXPECT_NE(address, 0u) << name;
  uint64_t value = 0;
  EXPECT_EQ(execution.memory().read(address, size, value), MemoryFault::None);
  return value;
}

} // namespace bpor::test
