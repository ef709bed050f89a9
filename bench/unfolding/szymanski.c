// Szymanski's mutual exclusion algorithm for two threads (the protocol of seeds/004's Table 2),
// with sequentially consistent atomics; each thread enters the critical section ROUNDS times.
// Its waits spin: only cutoffs or stored states end them.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifndef ROUNDS
#define ROUNDS 1
#endif

atomic_int flag[2];
int inside;

void *thread(void *arg) {
  int me = (int)(long)arg, other = 1 - me;
  for (int round = 0; round < ROUNDS; round++) {
    atomic_store(&flag[me], 1);
    while (atomic_load(&flag[other]) >= 3) {
    }
    atomic_store(&flag[me], 3);
    if (atomic_load(&flag[other]) == 1) {
      atomic_store(&flag[me], 2);
      while (atomic_load(&flag[other]) != 4) {
      }
    }
    atomic_store(&flag[me], 4);
    if (me == 1)
      while (atomic_load(&flag[0]) >= 2) {
      }
    inside++;
    assert(inside == 1);
    inside--;
    if (me == 0)
      while (atomic_load(&flag[1]) >= 2 && atomic_load(&flag[1]) <= 3) {
      }
    atomic_store(&flag[me], 0);
  }
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, thread, (void *)0);
  pthread_create(&b, 0, thread, (void *)1);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
