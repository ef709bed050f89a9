// A thread spins on a flag nobody sets: the execution exceeds --max-depth. The trace shows
// the loop's first and last rounds and folds the 23 rounds between into one line.
// RUN: %expect-exit 1 %bporcheck --por=optimal --max-depth=50 %s | %FileCheck %s
// CHECK: error: livelock
// CHECK: trace (50 steps):
// CHECK-NEXT: {{^ +}}1  thread 0  load global flag = 0
// CHECK-NEXT: {{^ +}}2  thread 0  yield
// CHECK-NEXT: {{^ +}}steps 3-48: the 2 steps above repeat 23 more times (from {{.*}}livelock_spin.c:{{[0-9]+}}:10)
// CHECK-NEXT: {{^ +}}49  thread 0  load global flag = 0
// CHECK-NEXT: {{^ +}}50  thread 0  yield
// CHECK: verdict: error (livelock)
int flag;

int main(void) {
  while (flag == 0)
    ;
  return 0;
}
