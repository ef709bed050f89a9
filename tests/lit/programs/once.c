// pthread_once runs its routine exactly once.
// RUN: %bporcheck %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule
#include <assert.h>
#include <pthread.h>

pthread_once_t once = PTHREAD_ONCE_INIT;
int runs;

void init(void) { runs++; }

void *worker(void *arg) {
  pthread_once(&once, init);
  assert(runs == 1);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
