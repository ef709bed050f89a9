// The checker's explorers over real Executions: the exhaustive explorer agrees with this folder's
// own search on the number of executions, and DPOR finds an error exactly when one exists.
#include "ExecutionFixture.h"

#include "checker/Explorer.h"

using namespace bpor;
using namespace bpor::test;

namespace {

const char *Programs[] = {
    // A racy increment by two threads, checked by main.
    R"IR(
@x = global i32 0
define ptr @inc(ptr %a) {
  %v = call i64 @__bpor_load(ptr @x, i64 4, i32 0, i32 0)
  %n = add i64 %v, 1
  call void @__bpor_store(ptr @x, i64 %n, i64 4, i32 0, i32 0)
  ret ptr null
}
define i32 @main() {
  %t1 = alloca i64
  %t2 = alloca i64
  call i32 @__bpor_pthread_create(ptr %t1, ptr null, ptr @inc, ptr null)
  call i32 @__bpor_pthread_create(ptr %t2, ptr null, ptr @inc, ptr null)
  %h1 = load i64, ptr %t1
  %h2 = load i64, ptr %t2
  call i32 @__bpor_pthread_join(i64 %h1, ptr null)
  call i32 @__bpor_pthread_join(i64 %h2, ptr null)
  %v = call i64 @__bpor_load(ptr @x, i64 4, i32 0, i32 0)
  %ok = icmp eq i64 %v, 2
  br i1 %ok, label %done, label %fail
fail:
  call void @__bpor_reach_error()
  unreachable
done:
  ret i32 0
}
)IR",
    // The same with a mutex: no error.
    R"IR(
@x = global i32 0
@m = global [40 x i8] zeroinitializer
define ptr @inc(ptr %a) {
  call i32 @__bpor_pthread_mutex_lock(ptr @m)
  %v = call i64 @__bpor_load(ptr @x, i64 4, i32 0, i32 0)
  %n = add i64 %v, 1
  call void @__bpor_store(ptr @x, i64 %n, i64 4, i32 0, i32 0)
  call i32 @__bpor_pthread_mutex_unlock(ptr @m)
  ret ptr null
}
define i32 @main() {
  %t1 = alloca i64
  %t2 = alloca i64
  call i32 @__bpor_pthread_create(ptr %t1, ptr null, ptr @inc, ptr null)
  call i32 @__bpor_pthread_create(ptr %t2, ptr null, ptr @inc, ptr null)
  %h1 = load i64, ptr %t1
  %h2 = load i64, ptr %t2
  call i32 @__bpor_pthread_join(i64 %h1, ptr null)
  call i32 @__bpor_pthread_join(i64 %h2, ptr null)
  %v = call i64 @__bpor_load(ptr @x, i64 4, i32 0, i32 0)
  %ok = icmp eq i64 %v, 2
  br i1 %ok, label %done, label %fail
fail:
  call void @__bpor_reach_error()
  unreachable
done:
  ret i32 0
}
)IR",
};

} // namespace

TEST(Explorers, ExhaustiveCountsMatchAndDporAgreesOnErrors) {
  const bool hasError[] = {true, false};
  for (size_t i = 0; i < std::size(Programs); ++i) {
    BuiltProgram built = buildProgram(Programs[i]);
    ASSERT_TRUE(built.program);
    Execution execution(*built.program);
    std::set<RunOutcome> outcomes;
    uint64_t expected = exhaustiveRuns(execution, outcomes);

    SearchOptions exhaustive;
    exhaustive.keepGoing = true;
    SearchResult all = explore(execution, exhaustive);
    EXPECT_TRUE(all.complete) << i;
    EXPECT_EQ(all.stats.executions, expected) << i;
    EXPECT_EQ(!all.errors.empty(), hasError[i]) << i;

    SearchOptions dpor;
    dpor.por = PorMode::Dpor;
    SearchResult reduced = explore(execution, dpor);
    EXPECT_EQ(!reduced.errors.empty(), hasError[i]) << i;
    if (hasError[i]) {
      // The reported schedule reproduces the error.
      ReplayResult again = replay(execution, reduced.errors[0].schedule);
      EXPECT_TRUE(again.followed) << again.problem;
      EXPECT_EQ(again.status, ExecStatus::Error);
      EXPECT_EQ(again.error.kind, ErrorKind::AssertionFailure);
    } else {
      EXPECT_TRUE(reduced.complete);
      EXPECT_LT(reduced.stats.executions, expected) << i;
    }
  }
}
