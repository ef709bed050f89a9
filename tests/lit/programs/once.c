// pthread_once runs its routine exactly once.
// RUN: %bporcheck --por=none %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule
// CHECK: executions: 31{{$}}
// The initialiser runs pthread_once, init's load and store of runs, then the assert's
// load (4 events); the other thread's pthread_once waits until init has stored, then it
// loads (2 events). First-created thread initialises: with 4, 3, 2, 1, 0 of its events
// before main's second create: 3 + 6 + 6 + 6 + 6 = 27. The other initialises: the first
// thread's once, load and main's first join interleave with its last load: 4. Total 31.
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
