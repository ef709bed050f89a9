// The rest of the runtime's state: an atomic block with a data choice inside (the atomic owner),
// a barrier (generations), a read-write lock, a semaphore, a detached thread and pthread_exit.
#include <pthread.h>
#include <semaphore.h>

extern int __VERIFIER_nondet_int(void);

pthread_barrier_t barrier;
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
sem_t sem;
int shared, reads;

void __VERIFIER_atomic_choose(void) {
  int v = __VERIFIER_nondet_int();
  shared = shared * 3 + v;
}

void *worker(void *arg) {
  __VERIFIER_atomic_choose();
  pthread_barrier_wait(&barrier);
  pthread_rwlock_rdlock(&rw);
  reads += shared;
  pthread_rwlock_unlock(&rw);
  sem_post(&sem);
  if (arg)
    pthread_exit(0);
  return 0;
}

void *detached(void *arg) {
  pthread_rwlock_wrlock(&rw);
  shared++;
  pthread_rwlock_unlock(&rw);
  return 0;
}

int main(void) {
  pthread_barrier_init(&barrier, 0, 2);
  sem_init(&sem, 0, 0);
  pthread_t a, b, d;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, (void *)1);
  pthread_create(&d, 0, detached, 0);
  pthread_detach(d);
  sem_wait(&sem);
  sem_wait(&sem);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return reads & 0x7f;
}
