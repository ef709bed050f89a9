// Every kind of synchronisation the pictures of a trace draw (trace_html*.test, trace_dot.test):
// a semaphore hands over data, a condition variable wakes the main thread, a barrier ends a
// phase. The assertion fails only where the main thread waited on the condition variable, so
// the trace has the signal and the wake.
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>

sem_t ready;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
pthread_barrier_t phase;
int data, flag, after;

void *producer(void *arg) {
  data = 1;
  sem_post(&ready);
  pthread_mutex_lock(&lock);
  flag = 1;
  pthread_cond_signal(&changed);
  pthread_mutex_unlock(&lock);
  after = 2;
  pthread_barrier_wait(&phase);
  return 0;
}

int main(void) {
  sem_init(&ready, 0, 0);
  pthread_barrier_init(&phase, 0, 2);
  pthread_t t;
  pthread_create(&t, 0, producer, 0);
  sem_wait(&ready);
  int seen = data;
  int waited = 0;
  pthread_mutex_lock(&lock);
  while (!flag) {
    waited = 1;
    pthread_cond_wait(&changed, &lock);
  }
  pthread_mutex_unlock(&lock);
  pthread_barrier_wait(&phase);
  assert(!waited || seen + after != 3);
  pthread_join(t, 0);
  return 0;
}
