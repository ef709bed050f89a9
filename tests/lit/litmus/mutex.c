// Mutexes under every model (docs/weak-memory.md, "Mutexes"): a lock is an acquire update of
// the mutex's lock word, an unlock a release write, so critical sections of one mutex are
// ordered whatever the model, and code outside them is not.
// - SB with each thread's store and load in a critical section of one mutex (the default):
//   forbidden everywhere; 2 graphs (which section goes first), plus the blocked executions of
//   the search (TruSt's dead ends, counted as blocked).
// - SB with the sections on different mutexes (-DTWO_MUTEXES): allowed where SB is (TSO, PSO,
//   RA, RC11), the relaxed loads reading the initial value.
// - Message passing through plain variables under the lock (-DMP): no data race and no stale
//   read under RC11 or RA, no error under TSO or PSO.
// - Two mutexes taken in opposite orders (-DABBA): a deadlock under every model.
// - A trylock (-DTRYLOCK) that fails while the other thread holds the mutex, or succeeds
//   before or after the other's section; after it, it sees both relaxed stores of the
//   section (the unlock synchronises with the trylock).
// RUN: %bporcheck --model=tso --keep-going %s | %FileCheck --check-prefix=SB %s
// RUN: %bporcheck --model=pso --keep-going %s | %FileCheck --check-prefix=SB %s
// RUN: %bporcheck --model=ra --keep-going %s | %FileCheck --check-prefix=SB %s
// RUN: %bporcheck --model=rc11 --keep-going %s | %FileCheck --check-prefix=SB %s
// SB: verdict: ok
// SB: executions: 3
// SB-NEXT: finished: 2, {{.*}}waited in vain: 1
// RUN: not %bporcheck --model=tso -DTWO_MUTEXES %s | %FileCheck --check-prefix=SB2 %s
// RUN: not %bporcheck --model=rc11 -DTWO_MUTEXES %s | %FileCheck --check-prefix=SB2 %s
// SB2: verdict: error (assertion failure)
// RUN: %bporcheck --model=rc11 -DMP %s | %FileCheck --check-prefix=MP %s
// RUN: %bporcheck --model=ra -DMP %s | %FileCheck --check-prefix=MP %s
// RUN: %bporcheck --model=pso -DMP %s | %FileCheck --check-prefix=MP %s
// MP: verdict: ok
// MP: executions: 3
// RUN: not %bporcheck --model=rc11 -DABBA %s | %FileCheck --check-prefix=ABBA %s
// RUN: not %bporcheck --model=tso -DABBA %s | %FileCheck --check-prefix=ABBA %s
// ABBA: error: deadlock: no thread can run: thread 0 (main) waits to join thread 1 (t0); thread 1 (t0) waits for mutex global b, held by thread 2 (t1); thread 2 (t1) waits for mutex global a, held by thread 1 (t0)
// ABBA: verdict: error (deadlock)
// RUN: %bporcheck --model=rc11 --keep-going -DTRYLOCK %s | %FileCheck --check-prefix=TRY %s
// RUN: %bporcheck --model=sc --keep-going -DTRYLOCK %s | %FileCheck --check-prefix=TRYSC %s
// TRY: verdict: ok
// TRY: executions: 4
// TRYSC: verdict: ok
// TRYSC: executions: 3
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#define RLX memory_order_relaxed
pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
atomic_int x, y;
int data, ready, r0, r1;

void *t0(void *arg) {
#if defined(MP)
  data = 42;
  pthread_mutex_lock(&a);
  ready = 1;
  pthread_mutex_unlock(&a);
#elif defined(ABBA)
  pthread_mutex_lock(&a);
  pthread_mutex_lock(&b);
  pthread_mutex_unlock(&b);
  pthread_mutex_unlock(&a);
#elif defined(TRYLOCK)
  pthread_mutex_lock(&a);
  atomic_store_explicit(&x, 1, RLX);
  atomic_store_explicit(&y, 1, RLX);
  pthread_mutex_unlock(&a);
#else
  pthread_mutex_lock(&a);
  atomic_store_explicit(&x, 1, RLX);
  r0 = atomic_load_explicit(&y, RLX);
  pthread_mutex_unlock(&a);
#endif
  return 0;
}

void *t1(void *arg) {
#if defined(MP)
  pthread_mutex_lock(&a);
  int seen = ready;
  pthread_mutex_unlock(&a);
  if (seen)
    assert(data == 42);
#elif defined(ABBA)
  pthread_mutex_lock(&b);
  pthread_mutex_lock(&a);
  pthread_mutex_unlock(&a);
  pthread_mutex_unlock(&b);
#elif defined(TRYLOCK)
  if (pthread_mutex_trylock(&a) == 0) {
    r1 = atomic_load_explicit(&y, RLX);
    r0 = atomic_load_explicit(&x, RLX);
    pthread_mutex_unlock(&a);
  }
#else
#if defined(TWO_MUTEXES)
  pthread_mutex_t *mine = &b;
#else
  pthread_mutex_t *mine = &a;
#endif
  pthread_mutex_lock(mine);
  atomic_store_explicit(&y, 1, RLX);
  r1 = atomic_load_explicit(&x, RLX);
  pthread_mutex_unlock(mine);
#endif
  return 0;
}

int main(void) {
  pthread_t h0, h1;
  pthread_create(&h0, 0, t0, 0);
  pthread_create(&h1, 0, t1, 0);
  pthread_join(h0, 0);
  pthread_join(h1, 0);
#if defined(TRYLOCK)
  assert(!(r1 == 1 && r0 == 0));
#elif !defined(MP) && !defined(ABBA)
  assert(!(r0 == 0 && r1 == 0));
#endif
  return 0;
}
