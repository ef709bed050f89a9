// Barriers under every model (docs/weak-memory.md, "Synchronisation objects"): an arrival is
// an acq_rel update of the barrier's word (its arrivals since its initialisation), a
// departure an acquire read of exactly the arrival that completes the thread's generation,
// waiting while the word it reads is short of it. Each thread writes its slot (relaxed), waits
// at the barrier, then reads the other's slot.
// - One phase (the default): ok under every model, the last arrival's release reaching both
//   departures; 2 graphs (which thread arrives first), plus a dead end (blocked).
// - Two phases, the barrier reused between them (-DREUSE): ok; the arrivals of each
//   generation in either order and the departures reading only their generation's last.
// - A hand-made barrier of relaxed atomics instead (-DRELAXED_COUNTER): the stale read of the
//   other's slot under RC11, where nothing synchronises (not under TSO, PSO or RA).
// RUN: %bporcheck --model=tso %s | %FileCheck --check-prefix=ONE %s
// RUN: %bporcheck --model=pso %s | %FileCheck --check-prefix=ONE %s
// RUN: %bporcheck --model=ra %s | %FileCheck --check-prefix=ONE %s
// RUN: %bporcheck --model=rc11 %s | %FileCheck --check-prefix=ONE %s
// ONE: verdict: ok
// ONE: executions: 3
// ONE-NEXT: finished: 2, {{.*}}waited in vain: 1
// RUN: %bporcheck --model=tso -DREUSE %s | %FileCheck --check-prefix=REUSE %s
// RUN: %bporcheck --model=rc11 -DREUSE %s | %FileCheck --check-prefix=REUSE %s
// REUSE: verdict: ok
// REUSE: executions: 15
// REUSE-NEXT: finished: 8, {{.*}}waited in vain: 7
// RUN: %bporcheck --model=pso -DRELAXED_COUNTER %s | %FileCheck --check-prefix=COUNTER-OK %s
// RUN: %bporcheck --model=ra -DRELAXED_COUNTER %s | %FileCheck --check-prefix=COUNTER-OK %s
// COUNTER-OK: verdict: ok
// RUN: not %bporcheck --model=rc11 -DRELAXED_COUNTER %s | %FileCheck --check-prefix=COUNTER %s
// COUNTER: error: assertion failure
// COUNTER: verdict: error (assertion failure)
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#define RLX memory_order_relaxed
pthread_barrier_t b;
atomic_int slot[2], arrived;
atomic_int stale; // a read of the other's slot that missed its write, checked in main

// Each thread writes its slot, waits for the other, then reads the other's slot.
static void phase(int self, int value) {
  atomic_store_explicit(&slot[self], value, RLX);
#if defined(RELAXED_COUNTER)
  atomic_fetch_add_explicit(&arrived, 1, RLX);
  while (atomic_load_explicit(&arrived, RLX) < 2) {
  }
#else
  pthread_barrier_wait(&b);
#endif
  if (atomic_load_explicit(&slot[1 - self], RLX) < value)
    atomic_store_explicit(&stale, 1, RLX);
}

void *t0(void *arg) {
  phase(0, 1);
#if defined(REUSE)
  pthread_barrier_wait(&b);
  phase(0, 2);
#endif
  return 0;
}

void *t1(void *arg) {
  phase(1, 1);
#if defined(REUSE)
  pthread_barrier_wait(&b);
  phase(1, 2);
#endif
  return 0;
}

int main(void) {
  pthread_barrier_init(&b, 0, 2);
  pthread_t h0, h1;
  pthread_create(&h0, 0, t0, 0);
  pthread_create(&h1, 0, t1, 0);
  pthread_join(h0, 0);
  pthread_join(h1, 0);
  assert(!atomic_load_explicit(&stale, RLX));
  return 0;
}
