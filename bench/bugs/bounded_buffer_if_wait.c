// A one-slot buffer whose consumers wait with `if` instead of `while`: a consumer woken by the
// producer's signal may find the slot already emptied by the other consumer, which took the
// lock first, and then consumes from an empty buffer.
#include <assert.h>
#include <pthread.h>

pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t filled = PTHREAD_COND_INITIALIZER;
pthread_cond_t emptied = PTHREAD_COND_INITIALIZER;
int count; // items in the slot: 0 or 1
int consumed;

static void *consumer(void *arg) {
  pthread_mutex_lock(&lock);
  if (count == 0) // should be while
    pthread_cond_wait(&filled, &lock);
  assert(count == 1);
  count = 0;
  ++consumed;
  pthread_cond_signal(&emptied);
  pthread_mutex_unlock(&lock);
  return 0;
}

static void *producer(void *arg) {
  for (int i = 0; i < 2; ++i) {
    pthread_mutex_lock(&lock);
    while (count == 1)
      pthread_cond_wait(&emptied, &lock);
    count = 1;
    pthread_cond_signal(&filled);
    pthread_mutex_unlock(&lock);
  }
  return 0;
}

int main(void) {
  pthread_t p, c1, c2;
  pthread_create(&c1, 0, consumer, 0);
  pthread_create(&c2, 0, consumer, 0);
  pthread_create(&p, 0, producer, 0);
  pthread_join(p, 0);
  pthread_join(c1, 0);
  pthread_join(c2, 0);
  assert(consumed == 2);
  return 0;
}
