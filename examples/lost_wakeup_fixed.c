// The lost wakeup, corrected: the consumer waits in a loop on a predicate set under the lock.
#include <pthread.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t ready = PTHREAD_COND_INITIALIZER;
int data;
int has_data;

void *consumer(void *arg) {
  pthread_mutex_lock(&lock);
  while (!has_data)
    pthread_cond_wait(&ready, &lock);
  int got = data;
  pthread_mutex_unlock(&lock);
  return (void *)(long)got;
}

void *producer(void *arg) {
  pthread_mutex_lock(&lock);
  data = 1;
  has_data = 1;
  pthread_cond_signal(&ready);
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
