// Every value of every nondet input (issue: data nondeterminism decided with Z3): bugs that need
// one value out of 2^32 are found with a trace showing it; correct programs get a complete
// verdict; a verification in which no execution finished says so.
// RUN: %expect-exit 1 %bporcheck -DMAGIC %s | %FileCheck --check-prefix=MAGIC %s
// RUN: %expect-exit 1 %bporcheck -DWRAP %s | %FileCheck --check-prefix=WRAP %s
// RUN: %expect-exit 1 %bporcheck -DLOOP %s | %FileCheck --check-prefix=LOOP %s
// RUN: %expect-exit 1 %bporcheck -DINDEX %s | %FileCheck --check-prefix=INDEX %s
// RUN: %bporcheck -DCORRECT %s | %FileCheck --check-prefix=CORRECT %s
// RUN: %bporcheck -DCORRECT --json %s | %FileCheck --check-prefix=JSON %s
// RUN: %expect-exit 1 %bporcheck -DSTOPS %s | %FileCheck --check-prefix=STOPS %s
// RUN: %bporcheck -DVACUOUS %s | %FileCheck --check-prefix=VACUOUS %s
// RUN: %bporcheck -DVACUOUS --json %s | %FileCheck --check-prefix=VACUOUS-JSON %s
// MAGIC: error: assertion failure: assertion 'seen != 123456789'
// MAGIC: load global shared = 123456789
// MAGIC: nondet inputs:
// MAGIC-NEXT: thread 1 at {{.*}}: 123456789
// WRAP: error: assertion failure: assertion 'u + 1 != 0'
// WRAP: nondet inputs:
// WRAP-NEXT: thread 0 at {{.*}}: 4294967295
// LOOP: error: assertion failure: assertion 'i != 35'
// LOOP: nondet inputs:
// LOOP-NEXT: thread 0 at {{.*}}: 35
// INDEX: error: assertion failure: assertion 'a != b'
// INDEX: nondet inputs:
// INDEX-NEXT: thread 1 at {{.*}}: [[V:-?[0-9]+]]
// INDEX-NEXT: thread 2 at {{.*}}: [[V]]
// CORRECT: verdict: ok: no error in any schedule, every value of every nondet input (optimal DPOR
// JSON: "complete": true,
// JSON: "nondet": "every value of every nondet input",
// A failed symbolic assumption stops its thread only: main still sees the store before it.
// STOPS: error: assertion failure: assertion 'shared != 1'
// VACUOUS: verdict: ok: no error, but no execution finished: every one was cut by an assumption
// VACUOUS-JSON: "complete": false,
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

int shared;
int values[2];

void *writer(void *arg) {
  shared = __VERIFIER_nondet_int();
  return 0;
}

void *stopper(void *arg) {
  shared = 1;
  int v = __VERIFIER_nondet_int();
  __VERIFIER_assume(v > 5);
  __VERIFIER_assume(v < 3);
  return 0;
}

void *pick(void *arg) {
  values[(long)arg] = __VERIFIER_nondet_int();
  return 0;
}

int main(void) {
#if defined(MAGIC)
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  pthread_join(t, 0);
  int seen = shared;
  assert(seen != 123456789);
#elif defined(WRAP)
  unsigned u = __VERIFIER_nondet_uint();
  assert(u + 1 != 0);
#elif defined(LOOP)
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n < 40);
  int i = 0;
  while (i < n)
    ++i;
  assert(i != 35);
#elif defined(INDEX)
  pthread_t t1, t2;
  pthread_create(&t1, 0, pick, (void *)0);
  pthread_create(&t2, 0, pick, (void *)1);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  int a = values[0], b = values[1];
  assert(a != b);
#elif defined(CORRECT)
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  pthread_join(t, 0);
  int x = shared;
  __VERIFIER_assume(x > 10 && x < 1000000);
  assert(x * 2 > 20 && x / 3 < 400000);
#elif defined(STOPS)
  pthread_t t;
  pthread_create(&t, 0, stopper, 0);
  assert(shared != 1);
#elif defined(VACUOUS)
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 5);
  __VERIFIER_assume(x < 3);
  assert(0);
#endif
  return 0;
}
