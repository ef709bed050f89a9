// rand(), random() and srand() share one generator state between threads, so which thread draws
// which value depends on the order of their calls: each call is a visible operation on that
// state, and the search finds the order in which the first value goes to the other thread.
// RUN: not %bporcheck --no-progress %s | %FileCheck %s
// CHECK: error: assertion failure
// CHECK: library call on the state of rand()
// CHECK: verdict: error (assertion failure)
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

static int a, b;
static void *first(void *arg) { a = rand(); return 0; }
static void *second(void *arg) { b = random(); return 0; }

int main(void) {
  int initial = rand();
  srand(1); /* restarts the sequence: whoever draws first gets `initial` */
  pthread_t x, y;
  pthread_create(&x, 0, first, 0);
  pthread_create(&y, 0, second, 0);
  pthread_join(x, 0);
  pthread_join(y, 0);
  assert(a == initial);
  return 0;
}
