// Peterson's mutual exclusion, two threads, ROUNDS rounds each, sequentially consistent atomics.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#ifndef ROUNDS
#define ROUNDS 2
#endif
atomic_int flag[2], turn;
int inside;

void *proc(void *arg) {
  int me = (int)(long)arg, other = 1 - me;
  for (int round = 0; round < ROUNDS; round++) {
    atomic_store(&flag[me], 1);
    atomic_store(&turn, other);
    while (atomic_load(&flag[other]) && atomic_load(&turn) == other) {
    }
    inside++;
    assert(inside == 1);
    inside--;
    atomic_store(&flag[me], 0);
  }
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, proc, (void *)0L);
  pthread_create(&b, 0, proc, (void *)1L);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
