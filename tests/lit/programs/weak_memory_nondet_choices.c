// Nondet inputs and branches on them under the weak-memory graph search: a draw of a bool or a
// char (values mode) and a decision on a symbolic value (symbolic mode) are data choices, each
// an event of its own with one branch per choice; a backward revisit that deletes one requires
// it to have taken its first choice (checker/graph/GraphRevisits.cpp), so each graph is
// explored once: r in {0, 1} times the input's choices (4 classes of a char compared with 1,
// 2 values of a bool), as many as optimal DPOR explores under SC.
// RUN: %expect-exit 1 %bporcheck --no-progress %s | %FileCheck %s --check-prefix=ERROR
// RUN: %expect-exit 1 %bporcheck --no-progress -DBOOL_INPUT %s | %FileCheck %s --check-prefix=ERROR
// RUN: %expect-exit 1 %bporcheck --no-progress --nondet=values -DBOOL_INPUT %s | %FileCheck %s --check-prefix=ERROR
// RUN: %expect-exit 0 %bporcheck --no-progress -DNO_ERROR %s | %FileCheck %s --check-prefix=CHAR
// RUN: %expect-exit 0 %bporcheck --no-progress --nondet=values -DNO_ERROR %s | %FileCheck %s --check-prefix=CHAR
// RUN: %expect-exit 0 %bporcheck --no-progress --model=sc -DNO_ERROR %s | %FileCheck %s --check-prefix=CHAR
// RUN: %expect-exit 0 %bporcheck --no-progress -DNO_ERROR -DBOOL_INPUT %s | %FileCheck %s --check-prefix=BOOL
// RUN: %expect-exit 0 %bporcheck --no-progress --nondet=values -DNO_ERROR -DBOOL_INPUT %s | %FileCheck %s --check-prefix=BOOL
// RUN: %expect-exit 0 %bporcheck --no-progress --model=sc -DNO_ERROR -DBOOL_INPUT %s | %FileCheck %s --check-prefix=BOOL
// ERROR: verdict: error (assertion failure)
// CHAR: executions: 8
// BOOL: executions: 4
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);

atomic_int x;
int seen;

void *reader(void *arg) {
  int r = atomic_load_explicit(&x, memory_order_relaxed);
#ifdef BOOL_INPUT
  _Bool n = __VERIFIER_nondet_bool();
#else
  unsigned char n = __VERIFIER_nondet_uchar();
#endif
  if (n == 1)
    seen = r + 1;
  return 0;
}

void *writer(void *arg) {
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  return 0;
}

int main(void) {
  pthread_t t, u;
  pthread_create(&t, 0, reader, 0);
  pthread_create(&u, 0, writer, 0);
  pthread_join(t, 0);
  pthread_join(u, 0);
#ifndef NO_ERROR
  assert(seen != 2);
#endif
  return 0;
}
