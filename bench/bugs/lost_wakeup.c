// Lost wakeup: the consumer tests the flag outside the lock and only then waits. If the
// producer sets the flag and signals between the test and the wait, the signal finds no
// waiter and the consumer (and main, joining it) blocks for ever: a deadlock that needs the
// consumer to be preempted between its test and its wait.
#include <pthread.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t ready_cond = PTHREAD_COND_INITIALIZER;
int ready;
int item;

void *consumer(void *arg) {
  if (!ready) { // BUG: tested without the lock, and with if instead of a loop under it
    pthread_mutex_lock(&lock);
    pthread_cond_wait(&ready_cond, &lock);
    pthread_mutex_unlock(&lock);
  }
  return (void *)(long)item;
}

void *producer(void *arg) {
  item = 7;
  pthread_mutex_lock(&lock);
  ready = 1;
  pthread_cond_signal(&ready_cond);
  pthread_mutex_unlock(&lock);
  return 0;
}

int main(void) {
  pthread_t c, p;
  pthread_create(&c, 0, consumer, 0);
  pthread_create(&p, 0, producer, 0);
  pthread_join(c, 0);
  pthread_join(p, 0);
  return 0;
}
