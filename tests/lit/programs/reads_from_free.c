// free() in the reads-from search: an event of its thread alone, sound where every access of
// the object before it happens before it (docs/reads-from.md, "Heap objects").
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
// RACE-NEXT: in thread 2 (freer) at reads_from_free.c:32:{{[0-9]+}}
// RUN: %expect-exit 1 %bporcheck --no-progress -DRACE %s | %FileCheck --check-prefix=EARLY %s
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

int *_Atomic shared;
int seen;

void *reader(void *arg) {
  int *p = atomic_load(&shared);
  if (p)
    seen = *p;
  return 0;
}

void *freer(void *arg) {
  free(atomic_load(&shared));
  return 0;
}

int main(void) {
  int *p = malloc(sizeof(int));
  *p = 1;
  pthread_t t;
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
