// A thread that loops for ever without a visible operation cannot be interrupted by the
// schedule: after --max-local-branches branches it is reported (an internal limit, exit 3).
// RUN: %expect-exit 3 %bporcheck --max-local-branches=100000 %s | %FileCheck %s
// CHECK: error: resource limit: no visible operation after 100000 branches
// CHECK: verdict: error (resource limit)
int main(void) {
  unsigned long n = 0;
  for (;;)
    n++;
}
