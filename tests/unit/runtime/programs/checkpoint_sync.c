// Exercises every kind of runtime state a checkpoint must carry: mutexes, a condition variable,
// heap objects (one freed), nondet choices, output, thread-specific data and pthread_once.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
pthread_once_t once = PTHREAD_ONCE_INIT;
pthread_key_t key;
int ready, total, inits;
int *shared;

static void init(void) { inits++; }
static void dtor(void *p) { total += 100; }

void *producer(void *arg) {
  pthread_once(&once, init);
  pthread_setspecific(key, arg);
  int *cell = malloc(sizeof(int));
  *cell = __VERIFIER_nondet_int();
  pthread_mutex_lock(&m);
  shared = cell;
  ready = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
  printf("produced %d\n", *cell);
  return 0;
}

void *consumer(void *arg) {
  pthread_once(&once, init);
  pthread_mutex_lock(&m);
  while (!ready)
    pthread_cond_wait(&c, &m);
  total += *shared;
  free(shared);
  shared = 0;
  pthread_mutex_unlock(&m);
  printf("consumed\n");
  return 0;
}

int main(void) {
  pthread_key_create(&key, dtor);
  pthread_t p, q;
  pthread_create(&p, 0, producer, (void *)1);
  pthread_create(&q, 0, consumer, 0);
  pthread_join(p, 0);
  pthread_join(q, 0);
  printf("total %d inits %d\n", total, inits);
  if (inits != 1)
    reach_error();
  return total;
}
