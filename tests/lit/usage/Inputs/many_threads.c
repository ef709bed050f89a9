// 180 threads that each take a lock once: 180! orders of the critical sections (about 2e329),
// beyond a double's range (estimate.test).
#include <pthread.h>

#define THREADS 180
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int counter;

static void *work(void *arg) {
  (void)arg;
  pthread_mutex_lock(&lock);
  counter++;
  pthread_mutex_unlock(&lock);
  return 0;
}

int main(void) {
  pthread_t t[THREADS];
  for (int i = 0; i < THREADS; i++)
    pthread_create(&t[i], 0, work, 0);
  for (int i = 0; i < THREADS; i++)
    pthread_join(t[i], 0);
  return 0;
}
