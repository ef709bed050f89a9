// Readers share the lock, a writer excludes them.
// RUN: %bporcheck %s | %FileCheck %s
// RUN: %bporcheck --por=none -DSMALL %s | %FileCheck --check-prefix=SMALL %s
// SMALL: verdict: ok: no error in any schedule
// SMALL: executions: 43{{$}}
// Exhaustive count on the small variant (the writer and one reader): the writer's section
// has 5 events (wrlock, load, two stores, unlock), the reader's 6 (rdlock, rmw, two loads,
// rmw, unlock). Writer first: main's second create in 6 places among the writer's events,
// main's first join in 7 places among the reader's: 42; reader first: 1. Total 43.
// CHECK: verdict: ok: no error in any schedule
#include <assert.h>
#include <pthread.h>

pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int a, b, readers;

void *writer(void *arg) {
  pthread_rwlock_wrlock(&rw);
  assert(readers == 0);
  a = 1;
  b = 1;
  pthread_rwlock_unlock(&rw);
  return 0;
}

void *reader(void *arg) {
  pthread_rwlock_rdlock(&rw);
  __atomic_fetch_add(&readers, 1, __ATOMIC_SEQ_CST);
  assert(a == b);
  __atomic_fetch_sub(&readers, 1, __ATOMIC_SEQ_CST);
  pthread_rwlock_unlock(&rw);
  return 0;
}

int main(void) {
  pthread_t w, r1, r2;
  pthread_create(&w, 0, writer, 0);
  pthread_create(&r1, 0, reader, 0);
#ifndef SMALL
  pthread_create(&r2, 0, reader, 0);
#endif
  pthread_join(w, 0);
  pthread_join(r1, 0);
#ifndef SMALL
  pthread_join(r2, 0);
#endif
  assert(pthread_rwlock_tryrdlock(&rw) == 0);
  assert(pthread_rwlock_unlock(&rw) == 0);
  return 0;
}
