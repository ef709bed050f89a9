// A counting semaphore admits at most two threads at a time.
// RUN: %bporcheck %s | %FileCheck %s
// RUN: %bporcheck --por=none -DSMALL %s | %FileCheck --check-prefix=SMALL %s
// SMALL: verdict: ok: no error in any schedule
// SMALL: executions: 26{{$}}
// Exhaustive count on the small variant (2 threads, 1 slot): the semaphore acts as a mutex
// around 4-event sections (wait, two read-modify-writes, post); as in locked_counter.c,
// (4+1)^2 + 1 = 26.
// CHECK: verdict: ok: no error in any schedule
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>

#ifdef SMALL
#define THREADS 2
#define SLOTS 1
#else
#define THREADS 3
#define SLOTS 2
#endif

sem_t slots;
int inside;

void *worker(void *arg) {
  sem_wait(&slots);
  int now = __atomic_add_fetch(&inside, 1, __ATOMIC_SEQ_CST);
  assert(now <= SLOTS);
  __atomic_sub_fetch(&inside, 1, __ATOMIC_SEQ_CST);
  sem_post(&slots);
  return 0;
}

int main(void) {
  sem_init(&slots, 0, SLOTS);
  pthread_t t[THREADS];
  for (int i = 0; i < THREADS; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < THREADS; i++)
    pthread_join(t[i], 0);
  int value;
  sem_getvalue(&slots, &value);
  assert(value == SLOTS);
  return 0;
}
