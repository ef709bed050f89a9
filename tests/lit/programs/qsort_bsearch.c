// qsort and bsearch call back into the program (runtime/libc-support/sort.c runs interpreted
// with it): a sort in another thread races with main's read of the array.
// RUN: %bporcheck %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck -DBAD %s | %FileCheck --check-prefix=BAD %s
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 13 executions)
// BAD: error: assertion failure: assertion 'first == 5' failed
#include <stdlib.h>
#include <assert.h>
#include <pthread.h>
#include <string.h>
int shared[8] = {5, 3, 7, 1, 8, 2, 6, 4};
int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
void *sorter(void *arg) { qsort(shared, 8, sizeof(int), cmp); return 0; }
int main() {
  int big[40]; for (int i = 0; i < 40; i++) big[i] = (i * 17) % 40;
  qsort(big, 40, sizeof(int), cmp);
  for (int i = 0; i < 40; i++) assert(big[i] == i);
  int key = 23; int *found = bsearch(&key, big, 40, sizeof(int), cmp); assert(found && *found == 23);
  key = 99; assert(!bsearch(&key, big, 40, sizeof(int), cmp));
  pthread_t t; pthread_create(&t, 0, sorter, 0);
  int first = shared[0];
  pthread_join(t, 0);
  assert(shared[0] == 1 && shared[7] == 8);
#ifdef BAD
  assert(first == 5);
#endif
  return 0;
}
