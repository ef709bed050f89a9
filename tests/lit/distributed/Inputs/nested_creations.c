// Workers that each create a helper thread, and all of them add to one counter under a lock.
// A creation by a worker and one by main both take the next thread number, so they race: the
// distributed source-DPOR search's single branches above the split need a later round.
#include <assert.h>
#include <pthread.h>
#ifndef N
#define N 3
#endif
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int counter;

static void add(void) {
  pthread_mutex_lock(&lock);
  counter++;
  pthread_mutex_unlock(&lock);
}

static void *helper(void *arg) {
  (void)arg;
  add();
  return 0;
}

static void *worker(void *arg) {
  (void)arg;
  pthread_t h;
  pthread_create(&h, 0, helper, 0);
  add();
  pthread_join(h, 0);
  return 0;
}

int main(void) {
  pthread_t t[N];
  for (int i = 0; i < N; ++i)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < N; ++i)
    pthread_join(t[i], 0);
  assert(counter == 2 * N);
  return 0;
}
