// Semaphores under every model (docs/weak-memory.md, "Synchronisation objects"): sem_post is a
// release update of the semaphore's count, sem_wait an acquire update that waits while the
// count it reads is 0, sem_trywait the same failing instead of waiting.
// - Message passing with relaxed data through a semaphore (the default): ok under every
//   model, as sem_post releases what came before it to the sem_wait that reads it; one graph,
//   plus the dead end where the wait still reads the initial 0 after the post (blocked).
// - The same with a relaxed flag instead (-DFLAG): the stale read under PSO and RC11.
// - sem_trywait (-DTRYWAIT): fails or succeeds; when it succeeds it sees the data.
// - A semaphore of count 1 as a lock around a plain counter (-DCOUNT): ok, 2 graphs (which
//   thread enters first); of count 2 (-DCOUNT -DTWO) both enter at once: the lost update, an
//   error only the semaphore's count lets happen.
// RUN: %bporcheck --model=tso %s | %FileCheck --check-prefix=MP %s
// RUN: %bporcheck --model=pso %s | %FileCheck --check-prefix=MP %s
// RUN: %bporcheck --model=ra %s | %FileCheck --check-prefix=MP %s
// RUN: %bporcheck --model=rc11 %s | %FileCheck --check-prefix=MP %s
// MP: verdict: ok
// MP: executions: 2
// MP-NEXT: finished: 1, {{.*}}waited in vain: 1
// RUN: %bporcheck --model=tso -DFLAG %s | %FileCheck --check-prefix=FLAG-OK %s
// RUN: %bporcheck --model=ra -DFLAG %s | %FileCheck --check-prefix=FLAG-OK %s
// FLAG-OK: verdict: ok
// RUN: not %bporcheck --model=pso -DFLAG %s | %FileCheck --check-prefix=FLAG %s
// RUN: not %bporcheck --model=rc11 -DFLAG %s | %FileCheck --check-prefix=FLAG %s
// FLAG: verdict: error (assertion failure)
// RUN: %bporcheck --model=rc11 -DTRYWAIT %s | %FileCheck --check-prefix=TRY %s
// RUN: %bporcheck --model=tso -DTRYWAIT %s | %FileCheck --check-prefix=TRY %s
// TRY: verdict: ok
// TRY: executions: 2
// TRY-NEXT: finished: 2, {{.*}}errors: 0{{$}}
// RUN: %bporcheck --model=rc11 -DCOUNT %s | %FileCheck --check-prefix=COUNT %s
// RUN: %bporcheck --model=pso -DCOUNT %s | %FileCheck --check-prefix=COUNT %s
// COUNT: verdict: ok
// COUNT: executions: 3
// COUNT-NEXT: finished: 2, {{.*}}waited in vain: 1
// RUN: not %bporcheck --model=tso -DCOUNT -DTWO %s | %FileCheck --check-prefix=TWO %s
// TWO: error: assertion failure: assertion 'counter == 2' failed
// TWO: verdict: error (assertion failure)
// Under RC11 the two plain increments race, undefined behaviour before the assertion reads
// the counter: the race is the error.
// RUN: not %bporcheck --model=rc11 -DCOUNT -DTWO %s | %FileCheck --check-prefix=TWO-RACE %s
// TWO-RACE: error: data race: this access and one by thread
// TWO-RACE: verdict: error (data race)
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdatomic.h>

#define RLX memory_order_relaxed
sem_t s;
atomic_int data, flag;
int counter;
int seen = 42; // what the consumer read, checked in main (an error in main ends no thread)

void *producer(void *arg) {
#if defined(COUNT)
  sem_wait(&s);
  counter = counter + 1;
  sem_post(&s);
#else
  atomic_store_explicit(&data, 42, RLX);
#if defined(FLAG)
  atomic_store_explicit(&flag, 1, RLX);
#else
  sem_post(&s);
#endif
#endif
  return 0;
}

void *consumer(void *arg) {
#if defined(COUNT)
  sem_wait(&s);
  counter = counter + 1;
  sem_post(&s);
#elif defined(TRYWAIT)
  if (sem_trywait(&s) == 0)
    seen = atomic_load_explicit(&data, RLX);
#elif defined(FLAG)
  while (atomic_load_explicit(&flag, RLX) == 0) {
  }
  seen = atomic_load_explicit(&data, RLX);
#else
  sem_wait(&s);
  seen = atomic_load_explicit(&data, RLX);
#endif
  return 0;
}

int main(void) {
#if defined(COUNT) && defined(TWO)
  sem_init(&s, 0, 2);
#elif defined(COUNT)
  sem_init(&s, 0, 1);
#else
  sem_init(&s, 0, 0);
#endif
  pthread_t c, p;
  pthread_create(&c, 0, consumer, 0);
  pthread_create(&p, 0, producer, 0);
  pthread_join(c, 0);
  pthread_join(p, 0);
#if defined(COUNT)
  assert(counter == 2);
#else
  assert(seen == 42);
#endif
  return 0;
}
