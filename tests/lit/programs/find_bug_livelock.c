// --find-bug on a program whose spin can never end in one schedule: a ticket lock whose ticket
// is drawn in two steps lets a thread keep a ticket that is never served. The hunt reports the
// livelock as a fair cycle (an execution that reaches the depth limit is checked for one).
// RUN: %expect-exit 1 %bporcheck --find-bug %s | %FileCheck %s
// CHECK: best-first BPOR (fewest preemptions first, fair bound 2)
// CHECK: error: livelock: a fair cycle of
// CHECK: verdict: error (livelock)
#include <pthread.h>
#include <stdatomic.h>

atomic_int next_ticket, now_serving;

static void *worker(void *arg) {
  int mine = atomic_load(&next_ticket);
  atomic_store(&next_ticket, mine + 1); // should be atomic_fetch_add
  while (atomic_load(&now_serving) != mine)
    ;
  atomic_store(&now_serving, mine + 1);
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
