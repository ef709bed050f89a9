// The default search for a program with update loops (compare-and-swap retry loops whose failed
// round changes nothing, passes/SpinLoopPass.h) is the reads-from search: a failed round is an
// await, and an execution in which a thread waits in vain is counted apart. Two threads take
// one item each from a stock of STOCK by a compare-and-swap that retries while the stock is
// above zero.
// RUN: %bporcheck --no-progress %s | %FileCheck %s
// CHECK: bporcheck: {{.*}}default_update_loops.c: reads-from search
// CHECK: verdict: ok: no error in any schedule (reads-from search, 4 executions)
// CHECK-NEXT: executions: 4
// CHECK-NEXT: finished: 2, {{.*}}errors: 0, waited in vain: 2
// RUN: %bporcheck --no-progress --json %s | %FileCheck --check-prefix=JSON %s
// JSON: "waited_in_vain": 2
// An assertion that fails in some class: the error, and its schedule replays.
// RUN: %expect-exit 1 %bporcheck --no-progress -DSTOCK=2 --save-trace=%t.trace %s | %FileCheck --check-prefix=BUG %s
// BUG: error: assertion failure
// BUG: verdict: error (assertion failure)
// RUN: %expect-exit 1 %bporcheck --replay=%t.trace -DSTOCK=2 %s | %FileCheck --check-prefix=BUG %s
// With a construct the reads-from search does not take yet (a condition variable), it says so
// and optimal DPOR decides.
// RUN: %bporcheck --no-progress -DCONDVAR %s | %FileCheck --check-prefix=FALLBACK %s
// FALLBACK: bporcheck: the reads-from search (--search=rf) does not take a {{[a-z-]+}} operation yet ({{.*}}default_update_loops.c:{{[0-9]+}}:{{[0-9]+}}); optimal DPOR decides
// FALLBACK: verdict: ok: no error in any schedule (optimal DPOR, {{[0-9]+}} executions)
// A search named on the command line is never replaced.
// RUN: %bporcheck --no-progress --search=optimal %s | %FileCheck --check-prefix=OPTIMAL %s
// OPTIMAL: verdict: ok: no error in any schedule (optimal DPOR, {{[0-9]+}} executions)
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef STOCK
#define STOCK 1
#endif

atomic_int stock = STOCK;
int taken[2];
#ifdef CONDVAR
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t done = PTHREAD_COND_INITIALIZER;
int finished;
#endif

void *take(void *arg) {
  int id = (int)(long)arg, old;
  do {
    old = atomic_load(&stock);
    if (old == 0)
      break;
  } while (!atomic_compare_exchange_strong(&stock, &old, old - 1));
  taken[id] = old != 0;
#ifdef CONDVAR
  pthread_mutex_lock(&m);
  finished++;
  pthread_cond_signal(&done);
  pthread_mutex_unlock(&m);
#endif
  return 0;
}

int main(void) {
  pthread_t t[2];
  for (long i = 0; i < 2; i++)
    pthread_create(&t[i], 0, take, (void *)i);
#ifdef CONDVAR
  pthread_mutex_lock(&m);
  while (finished < 2)
    pthread_cond_wait(&done, &m);
  pthread_mutex_unlock(&m);
#endif
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
  assert(taken[0] + taken[1] == 1);
  return 0;
}
