// pthread_once runs its routine exactly once; every complete search reaches the same states.
// RUN: %bporcheck --por=none --hash-states %s | %FileCheck %s --check-prefixes=CHECK,NONE
// RUN: %bporcheck --por=dpor --hash-states %s | %FileCheck %s
// RUN: %bporcheck --por=source --hash-states %s | %FileCheck %s
// RUN: %bporcheck --por=optimal --hash-states %s | %FileCheck %s
// RUN: %bporcheck --preemptions=2 --hash-states %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule
// NONE: executions: 37{{$}}
// CHECK: unique local states: 22{{$}}
// Executions: the initialiser runs once_begin, init's load and store of runs, once_end, then
// the assert's load (5 events); the other thread's once_begin waits for once_end, then it loads
// (2 events). First-created thread initialises, with k of its events before main's second
// create: k = 5: main's first join goes before, between or after the other's 2 events (3);
// k = 4: its last load and main's join interleave with the other's 2 events (6); k = 0..3:
// likewise after its once_end (6 each): 3 + 6 + 4 * 6 = 33. The other initialises (its
// once_begin after both creates): the first thread's once_begin, load and main's first join
// interleave with its last load: 4. Total 37.
// Local states: c1 and c2 (main's creates) in both traces; per trace the initialiser's 5
// events, the other's 2 and main's 2 joins and exit: 2 + 2 * 10 = 22.
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
