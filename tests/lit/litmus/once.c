// pthread_once under every model (docs/weak-memory.md, "Synchronisation objects"): the
// control is a word, 0 not run, 1 running, 2 done. pthread_once's begin is an acquire update
// from 0 to 1 (the caller runs the routine), an acquire read of 2 (the routine has run) or a
// wait on 1; the routine's end a release write of 2. Two workers initialise a relaxed
// configuration once and read it.
// - pthread_once (the default): ok under every model, the routine run once and its writes seen
//   by the worker that did not run it; 2 graphs (which worker runs it), plus a dead end.
// - A hand-made once of relaxed atomics instead (-DFLAG): the stale configuration under PSO
//   and RC11 (not under TSO or RA).
// RUN: %bporcheck --model=tso %s | %FileCheck --check-prefix=ONCE %s
// RUN: %bporcheck --model=pso %s | %FileCheck --check-prefix=ONCE %s
// RUN: %bporcheck --model=ra %s | %FileCheck --check-prefix=ONCE %s
// RUN: %bporcheck --model=rc11 %s | %FileCheck --check-prefix=ONCE %s
// ONCE: verdict: ok
// ONCE: executions: 3
// ONCE-NEXT: finished: 2, {{.*}}waited in vain: 1
// RUN: %bporcheck --model=ra -DFLAG %s | %FileCheck --check-prefix=FLAG-OK %s
// FLAG-OK: verdict: ok
// RUN: not %bporcheck --model=rc11 -DFLAG %s | %FileCheck --check-prefix=FLAG %s
// RUN: not %bporcheck --model=pso -DFLAG %s | %FileCheck --check-prefix=FLAG %s
// FLAG: error: assertion failure
// FLAG: verdict: error (assertion failure)
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#define RLX memory_order_relaxed
pthread_once_t once = PTHREAD_ONCE_INIT;
atomic_int config, runs, started, done;
int seen[2] = {42, 42}; // what each worker read, checked in main

static void init(void) {
  atomic_fetch_add_explicit(&runs, 1, RLX);
  atomic_store_explicit(&config, 42, RLX);
}

void *worker(void *arg) {
#if defined(FLAG)
  if (atomic_exchange_explicit(&started, 1, RLX) == 0) {
    init();
    atomic_store_explicit(&done, 1, RLX);
  } else {
    while (atomic_load_explicit(&done, RLX) == 0) {
    }
  }
#else
  pthread_once(&once, init);
#endif
  seen[arg != 0] = atomic_load_explicit(&config, RLX);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, (void *)1);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(atomic_load_explicit(&runs, RLX) == 1);
  assert(seen[0] == 42 && seen[1] == 42);
  return 0;
}
