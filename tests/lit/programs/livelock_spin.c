// A thread spins on a flag nobody sets: the execution exceeds --max-depth.
// RUN: %expect-exit 1 %bporcheck --max-depth=50 %s | %FileCheck %s
// CHECK: error: livelock
// CHECK: verdict: error (livelock)
int flag;

int main(void) {
  while (flag == 0)
    ;
  return 0;
}
