// Spin loops under the weak models (docs/weak-memory.md, "Spin loops"): a loop whose iterations
// only read is an await of its exit condition; a thread whose iteration read the latest values
// and still loops spins forever, a livelock.
// - Message passing with a spin-waiting consumer and a relaxed flag (the default): the consumer
//   may read stale data under RC11 and PSO (whose stores may leave in any order); not under RA
//   (every atomic release/acquire) or TSO.
// - The same with release/acquire (-DSYNC): ok everywhere, with the graph where the consumer
//   waited on the initial flag counted blocked.
// - A flag nobody sets (-DNEVER): the waiter spins forever under every model.
// RUN: not %bporcheck --model=rc11 %s | %FileCheck --check-prefix=STALE %s
// RUN: not %bporcheck %s | %FileCheck --check-prefix=STALE %s
// RUN: not %bporcheck --model=pso %s | %FileCheck --check-prefix=STALE %s
// STALE: 1  thread 0 (main)  create thread 1 (producer)
// STALE: load global data = 0 (the initial value, although step {{[0-9]+}} stored to it)
// STALE: verdict: error (assertion failure)
// RUN: %bporcheck --model=ra %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck --model=tso %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck --model=rc11 -DSYNC %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck --model=pso -DSYNC %s | %FileCheck --check-prefix=OK %s
// OK: verdict: ok
// OK: executions: 2
// OK-NEXT: finished: 1, {{.*}}waited in vain: 1
// RUN: not %bporcheck --model=rc11 -DNEVER %s | %FileCheck --check-prefix=NEVER %s
// RUN: not %bporcheck --model=tso -DNEVER %s | %FileCheck --check-prefix=NEVER %s
// NEVER: error: livelock: thread 2 (consumer) spins forever in this loop: every value its iteration reads is the latest write of its location under {{RC11|TSO}}
// NEVER: verdict: error (livelock)
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifdef SYNC
#define W memory_order_release
#define R memory_order_acquire
#else
#define W memory_order_relaxed
#define R memory_order_relaxed
#endif
atomic_int data, flag;
int seen = 42;

void *producer(void *arg) {
  atomic_store_explicit(&data, 42, memory_order_relaxed);
#ifndef NEVER
  atomic_store_explicit(&flag, 1, W);
#endif
  return 0;
}

void *consumer(void *arg) {
  while (atomic_load_explicit(&flag, R) == 0) {
  }
  seen = atomic_load_explicit(&data, memory_order_relaxed);
  return 0;
}

int main(void) {
  pthread_t p, c;
  pthread_create(&p, 0, producer, 0);
  pthread_create(&c, 0, consumer, 0);
  pthread_join(p, 0);
  pthread_join(c, 0);
  assert(seen == 42);
  return 0;
}
