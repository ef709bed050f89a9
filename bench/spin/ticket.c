// A ticket lock, THREADS threads entering once each.
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#ifndef THREADS
#define THREADS 3
#endif
atomic_int next_ticket, now_serving;
int inside;

void *worker(void *arg) {
  int mine = atomic_fetch_add(&next_ticket, 1);
  while (atomic_load(&now_serving) != mine) {
  }
  inside++;
  assert(inside == 1);
  inside--;
  atomic_store(&now_serving, mine + 1);
  return 0;
}

int main(void) {
  pthread_t t[THREADS];
  for (int i = 0; i < THREADS; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < THREADS; i++)
    pthread_join(t[i], 0);
  return 0;
}
