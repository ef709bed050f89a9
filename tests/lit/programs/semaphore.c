// A counting semaphore admits at most two threads at a time.
// RUN: %bporcheck %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>

sem_t slots;
int inside;

void *worker(void *arg) {
  sem_wait(&slots);
  int now = __atomic_add_fetch(&inside, 1, __ATOMIC_SEQ_CST);
  assert(now <= 2);
  __atomic_sub_fetch(&inside, 1, __ATOMIC_SEQ_CST);
  sem_post(&slots);
  return 0;
}

int main(void) {
  sem_init(&slots, 0, 2);
  pthread_t t[3];
  for (int i = 0; i < 3; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 3; i++)
    pthread_join(t[i], 0);
  int value;
  sem_getvalue(&slots, &value);
  assert(value == 2);
  return 0;
}
