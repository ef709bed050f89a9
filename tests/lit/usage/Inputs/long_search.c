// Seven threads that each take a lock three times: 21!/(3!)^7 orders of the critical sections,
// one execution each for optimal DPOR, so a search of it never ends in a test's time.
#include <assert.h>
#include <pthread.h>

#define THREADS 7
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int counter;

static void *work(void *arg) {
  (void)arg;
  for (int k = 0; k < 3; k++) {
    pthread_mutex_lock(&lock);
    counter++;
    pthread_mutex_unlock(&lock);
  }
  return 0;
}

int main(void) {
  pthread_t t[THREADS];
  for (int i = 0; i < THREADS; i++)
    pthread_create(&t[i], 0, work, 0);
  for (int i = 0; i < THREADS; i++)
    pthread_join(t[i], 0);
  assert(counter == 3 * THREADS);
  return 0;
}
