// Condition variables under every model (docs/weak-memory.md, "Condition variables"): a wait
// is four steps (it becomes a waiter, unlocks its mutex, takes the wakeup a signal owes it,
// locks its mutex again), a signal and a broadcast are acq_rel updates of the condition
// variable's word.
// - Message passing (the default): the producer writes relaxed data, then sets `ready` under
//   the mutex and signals; the consumer waits under the mutex while `ready` is 0, then reads the
//   data: ok under every model, the mutex orders the data. Two graphs (the consumer waits or
//   finds `ready` set), plus the one where the consumer never waits because it locks after the
//   producer.
// - The flag outside the mutex (-DFLAG_OUTSIDE): the producer sets a relaxed `ready` without
//   the mutex and signals; the consumer checks it under the mutex and waits. The signal may
//   come between the check and the wait: the wakeup is lost and the consumer waits for ever
//   (a deadlock under every model, SC too).
// - Two waiters, one signal (-DTWO): one waiter stays blocked for ever, whichever the signal
//   woke: a deadlock; with a broadcast (-DTWO -DBROADCAST) both leave: ok.
// RUN: %bporcheck --model=sc %s | %FileCheck --check-prefix=MP %s
// RUN: %bporcheck --model=tso %s | %FileCheck --check-prefix=MP %s
// RUN: %bporcheck --model=pso %s | %FileCheck --check-prefix=MP %s
// RUN: %bporcheck --model=ra %s | %FileCheck --check-prefix=MP %s
// RUN: %bporcheck --model=rc11 %s | %FileCheck --check-prefix=MP %s
// RUN: %bporcheck %s | %FileCheck --check-prefix=MP-DEFAULT %s
// MP: verdict: ok
// MP-DEFAULT: verdict: ok: no error in any schedule (graph search under RC11
// RUN: not %bporcheck --model=rc11 -DFLAG_OUTSIDE %s | %FileCheck --check-prefix=LOST %s
// RUN: not %bporcheck --model=tso -DFLAG_OUTSIDE %s | %FileCheck --check-prefix=LOST %s
// LOST: verdict: error (deadlock)
// RUN: not %bporcheck --model=rc11 -DTWO %s | %FileCheck --check-prefix=TWO %s
// RUN: not %bporcheck --model=pso -DTWO %s | %FileCheck --check-prefix=TWO %s
// TWO: verdict: error (deadlock)
// RUN: %bporcheck --model=rc11 -DTWO -DBROADCAST %s | %FileCheck --check-prefix=BOTH %s
// RUN: %bporcheck --model=tso -DTWO -DBROADCAST %s | %FileCheck --check-prefix=BOTH %s
// BOTH: verdict: ok
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#define RLX memory_order_relaxed
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
atomic_int data;
#ifdef FLAG_OUTSIDE
atomic_int ready;
#define READY atomic_load_explicit(&ready, RLX)
#else
int ready;
#define READY ready
#endif

void *consumer(void *arg) {
  pthread_mutex_lock(&m);
#ifdef FLAG_OUTSIDE
  if (!READY)
    pthread_cond_wait(&c, &m);
#else
  while (!READY)
    pthread_cond_wait(&c, &m);
#endif
  pthread_mutex_unlock(&m);
#ifndef TWO
  assert(atomic_load_explicit(&data, RLX) == 42);
#endif
  return arg;
}

void *producer(void *arg) {
  atomic_store_explicit(&data, 42, RLX);
#ifdef FLAG_OUTSIDE
  atomic_store_explicit(&ready, 1, RLX);
  pthread_cond_signal(&c);
#else
  pthread_mutex_lock(&m);
  ready = 1;
#ifdef BROADCAST
  pthread_cond_broadcast(&c);
#else
  pthread_cond_signal(&c);
#endif
  pthread_mutex_unlock(&m);
#endif
  return arg;
}

int main(void) {
  pthread_t a, b, p;
  pthread_create(&a, 0, consumer, 0);
#ifdef TWO
  pthread_create(&b, 0, consumer, 0);
#endif
  pthread_create(&p, 0, producer, 0);
  pthread_join(a, 0);
#ifdef TWO
  pthread_join(b, 0);
#endif
  pthread_join(p, 0);
  return 0;
}
