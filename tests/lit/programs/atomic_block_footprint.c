// An executed atomic block touches what its body touched (docs/design.md, "Atomic blocks"), so
// blocks over different variables commute and optimal DPOR runs one execution per trace.
// -DSAME, three blocks increment one counter: 3! = 6 traces (44 executions while a block
// conflicted with every operation). -DMIXED, t1 and t3 share `a`, t2 and t3 share `b`, t1 and
// t2 nothing: 2 * 2 = 4 traces. -DPATH, the block's footprint depends on the value it reads (x
// or y): the error needs t2's store before t1's block, and the block before main's check.
// RUN: %bporcheck -DSAME --por=optimal %s | %FileCheck --check-prefix=SAME %s
// RUN: %bporcheck -DSAME --por=source %s | %FileCheck --check-prefix=SAME %s
// RUN: %bporcheck -DSAME --por=none %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck -DMIXED --por=optimal %s | %FileCheck --check-prefix=MIXED %s
// RUN: %bporcheck -DMIXED --por=source %s | %FileCheck --check-prefix=MIXED %s
// RUN: %bporcheck -DMIXED --por=dpor %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck -DMIXED --preemptions=2 %s | %FileCheck --check-prefix=OK %s
// RUN: %expect-exit 1 %bporcheck -DPATH --por=optimal %s | %FileCheck --check-prefix=PATH %s
// RUN: %expect-exit 1 %bporcheck -DPATH --por=source %s | %FileCheck --check-prefix=PATH %s
// RUN: %expect-exit 1 %bporcheck -DPATH --por=dpor %s | %FileCheck --check-prefix=PATH %s
// RUN: %expect-exit 1 %bporcheck -DPATH --preemptions=2 %s | %FileCheck --check-prefix=PATH %s
// RUN: %expect-exit 1 %bporcheck -DPATH --por=optimal --keep-going --dump-local-states=%t.optimal %s
// RUN: %expect-exit 1 %bporcheck -DPATH --por=none --keep-going --dump-local-states=%t.none %s
// RUN: diff %t.none %t.optimal
// SAME: verdict: ok: no error in any schedule ({{.*}}, 6 executions)
// OK: verdict: ok: no error in any schedule
// MIXED: verdict: ok: no error in any schedule ({{.*}}, 4 executions)
// PATH: error: assertion failure: assertion 'y == 0' failed
#include <assert.h>
#include <pthread.h>

extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int a, b, c, flag, x, y;

#ifdef SAME
void *inc(void *arg) {
  __VERIFIER_atomic_begin();
  a++;
  __VERIFIER_atomic_end();
  return 0;
}
int main(void) {
  pthread_t t[3];
  for (int i = 0; i < 3; ++i)
    pthread_create(&t[i], 0, inc, 0);
  for (int i = 0; i < 3; ++i)
    pthread_join(t[i], 0);
  assert(a == 3);
  return 0;
}
#endif

#ifdef MIXED
void *t1(void *arg) {
  __VERIFIER_atomic_begin();
  a++;
  __VERIFIER_atomic_end();
  return 0;
}
void *t2(void *arg) {
  __VERIFIER_atomic_begin();
  b++;
  __VERIFIER_atomic_end();
  return 0;
}
void *t3(void *arg) {
  __VERIFIER_atomic_begin();
  a++;
  c = b;
  __VERIFIER_atomic_end();
  return 0;
}
int main(void) {
  pthread_t x1, x2, x3;
  pthread_create(&x1, 0, t1, 0);
  pthread_create(&x2, 0, t2, 0);
  pthread_create(&x3, 0, t3, 0);
  pthread_join(x1, 0);
  pthread_join(x2, 0);
  pthread_join(x3, 0);
  assert(a == 2);
  return 0;
}
#endif

#ifdef PATH
void *t1(void *arg) {
  __VERIFIER_atomic_begin();
  if (flag)
    y = 1;
  else
    x = 1;
  __VERIFIER_atomic_end();
  return 0;
}
void *t2(void *arg) {
  flag = 1;
  return 0;
}
int main(void) {
  pthread_t x1, x2;
  pthread_create(&x1, 0, t1, 0);
  pthread_create(&x2, 0, t2, 0);
  pthread_join(x2, 0);
  if (x == 0)
    assert(y == 0);
  pthread_join(x1, 0);
  return 0;
}
#endif
