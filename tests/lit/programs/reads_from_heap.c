// Heap objects in the reads-from search (docs/reads-from.md, "Heap objects and copies"): free()
// is an event of its thread alone, sound where every access of the object before it happens
// before it; a copy (memcpy) too, where it is local to its thread.
// - The reader joined before the free (the default): ok, its two classes (it reads the pointer
//   published or not).
// - The free while the reader may still use the object (-DEARLY): the use after free is found.
// - A free by a third thread that the reader's access, before it in the first execution, does
//   not happen before (-DRACE): refused (exit 3), as the classes do not order the two; optimal
//   DPOR finds the use after free of the other order.
// RUN: %bporcheck --no-progress --search=rf %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule (reads-from search, 2 executions)
// RUN: %expect-exit 1 %bporcheck --no-progress --search=rf -DEARLY %s | %FileCheck --check-prefix=EARLY %s
// EARLY: error: memory error: use after free: load of 4 bytes at heap object {{.*}} (freed)
// RUN: %expect-exit 3 %bporcheck --no-progress --search=rf -DRACE %s | %FileCheck --check-prefix=RACE %s
// RACE: error: unsupported construct: the reads-from search (--search=rf) does not take a free of memory another thread accessed without synchronising with it yet
// RACE-NEXT: in thread 2 (freer) at reads_from_heap.c:56:{{[0-9]+}}
// RUN: %expect-exit 1 %bporcheck --no-progress -DRACE %s | %FileCheck --check-prefix=EARLY %s
// - An object filled by a copy of another over a value stored first, then published (-DCOPY):
//   the reader reads the copied value, in its two classes, as optimal DPOR's two traces do.
// RUN: %bporcheck --no-progress --search=rf -DCOPY %s | %FileCheck --check-prefix=COPY %s
// RUN: %bporcheck --no-progress --search=optimal -DCOPY %s | %FileCheck --check-prefix=COPY %s
// COPY: verdict: ok: no error in any schedule ({{.*}}, 2 executions)
// RUN: %expect-exit 1 %bporcheck --no-progress --search=rf -DCOPY -DWRONG=2 %s | %FileCheck --check-prefix=WRONG %s
// WRONG: error: assertion failure
// - A copy into an object already published, which the reader may read before it
//   (-DCOPY_LATE): the reader's read of the value stored before the copy fails the assertion;
//   going on, the execution in which that read comes before the copy is refused.
// RUN: %expect-exit 1 %bporcheck --no-progress --search=rf -DCOPY_LATE --keep-going %s | %FileCheck --check-prefix=LATE %s
// LATE: error: assertion failure
// LATE: error: unsupported construct: the reads-from search (--search=rf) does not take a copy into memory another thread accessed before it yet
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#ifndef WRONG
#define WRONG 1
#endif

int *_Atomic shared;
int seen;

void *reader(void *arg) {
  int *p = atomic_load(&shared);
  if (p)
    seen = *p;
#if defined(COPY) || defined(COPY_LATE)
  if (p)
    assert(seen == WRONG);
#endif
  return 0;
}

void *freer(void *arg) {
  free(atomic_load(&shared));
  return 0;
}

int main(void) {
  int *p = malloc(3 * sizeof(int));
  *p = 1;
  pthread_t t;
#if defined(COPY) || defined(COPY_LATE)
  // A copy between two heap objects (a copy out of a local is a store to its destination).
  int *q = malloc(3 * sizeof(int));
  q[0] = 7;
  p[1] = 2;
  p[2] = 3;
  pthread_create(&t, 0, reader, 0);
#ifdef COPY
  memcpy(q, p, 3 * sizeof(int));
  atomic_store(&shared, q);
#else
  atomic_store(&shared, q);
  memcpy(q, p, 3 * sizeof(int));
#endif
  pthread_join(t, 0);
  return 0;
#endif
#ifdef RACE
  atomic_store(&shared, p);
  pthread_t f;
  pthread_create(&t, 0, reader, 0);
  pthread_create(&f, 0, freer, 0);
  pthread_join(t, 0);
  pthread_join(f, 0);
  return 0;
#endif
  pthread_create(&t, 0, reader, 0);
  atomic_store(&shared, p);
#ifdef EARLY
  free(p);
  pthread_join(t, 0);
#else
  pthread_join(t, 0);
  free(p);
#endif
  return 0;
}
