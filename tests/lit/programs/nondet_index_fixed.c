// A nondet index into an array of 2000 ints (8,000 bytes): larger than the objects the symbolic
// memory keeps every value of an index into (4 KiB; symbolic_index_large_array.c: 1,000 ints),
// so the index is fixed to the value it had. The search covered every schedule but not every value: the verdict says so, and the exit
// code is 4 (incomplete), not 0; --json says the same.
// RUN: %expect-exit 4 %bporcheck --no-progress %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule, but not every behaviour was covered: 1 time a value computed from nondet inputs was fixed to one value (1 as a pointer or memory index) (optimal DPOR, 3 executions)
// RUN: %expect-exit 4 %bporcheck --json %s | %FileCheck --check-prefix=JSON %s
// JSON: "complete": false,
// JSON: "nondet": "every value of every nondet input, except nondet_not_covered",
// JSON: "nondet_not_covered": "1 time a value computed from nondet inputs was fixed to one value (1 as a pointer or memory index)",
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

int a[2000];

static void *writer(void *arg) {
  (void)arg;
  a[5] = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  int i = __VERIFIER_nondet_int();
  if (i >= 0 && i < 2000)
    a[i] = 2;
  pthread_join(t, 0);
  return 0;
}
