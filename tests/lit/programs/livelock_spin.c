// A thread spins on a flag nobody sets. A stateless search runs it to --max-depth and says
// only that (inconclusive, exit 3); the trace shows the loop's first and last rounds and folds
// the 23 rounds between into one line. The stateful search (the default here) finds the cycle:
// a livelock, with the cycle as the end of its trace.
// RUN: %expect-exit 3 %bporcheck --por=optimal --max-depth=50 %s | %FileCheck %s
// CHECK: error: depth limit: an execution exceeded the maximum depth of 50 steps
// CHECK: trace (50 steps):
// CHECK-NEXT: {{^ +}}1  thread 0 (main)  load global flag = 0
// CHECK-NEXT: {{^ +}}2  thread 0 (main)  yield
// CHECK-NEXT: {{^ +}}steps 3-48: the 2 steps above repeat 23 more times (from {{.*}}livelock_spin.c:{{[0-9]+}}:10)
// CHECK-NEXT: {{^ +}}49  thread 0 (main)  load global flag = 0
// CHECK-NEXT: {{^ +}}50  thread 0 (main)  yield
// CHECK: verdict: inconclusive: an execution went on for more than 50 steps
// RUN: %expect-exit 1 %bporcheck --no-progress %s | %FileCheck --check-prefix=DEFAULT %s
// DEFAULT: error: livelock: a fair cycle of 2 steps (steps 1-2) returns to the state after step 0
// DEFAULT: verdict: error (livelock)
int flag;

int main(void) {
  while (flag == 0)
    ;
  return 0;
}
