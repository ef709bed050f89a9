// Training program for the profile-guided build (scripts/pgo-train.sh): two producers and two
// consumers pass messages through a two-slot buffer guarded by a mutex and two condition
// variables.
#include <assert.h>
#include <pthread.h>

static int slots[2], count, taken, sum;
static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t notFull = PTHREAD_COND_INITIALIZER, notEmpty = PTHREAD_COND_INITIALIZER;

static void *producer(void *arg) {
  for (int i = 0; i < 2; i++) {
    pthread_mutex_lock(&mutex);
    while (count == 2)
      pthread_cond_wait(&notFull, &mutex);
    slots[count++] = (int)(long)arg + i;
    pthread_cond_signal(&notEmpty);
    pthread_mutex_unlock(&mutex);
  }
  return 0;
}

static void *consumer(void *arg) {
  for (int i = 0; i < 2; i++) {
    pthread_mutex_lock(&mutex);
    while (count == 0)
      pthread_cond_wait(&notEmpty, &mutex);
    sum += slots[--count];
    taken++;
    pthread_cond_signal(&notFull);
    pthread_mutex_unlock(&mutex);
  }
  return 0;
}

int main(void) {
  pthread_t t[4];
  pthread_create(&t[0], 0, producer, (void *)10);
  pthread_create(&t[1], 0, producer, (void *)20);
  pthread_create(&t[2], 0, consumer, 0);
  pthread_create(&t[3], 0, consumer, 0);
  for (int k = 0; k < 4; k++)
    pthread_join(t[k], 0);
  assert(taken == 4 && sum == 10 + 11 + 20 + 21);
  return 0;
}
