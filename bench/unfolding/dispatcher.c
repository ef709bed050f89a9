// A dispatcher (the family of seeds/004's dispatcher benchmark): one thread hands R requests to
// W workers through one mailbox slot per worker, each guarded by its own mutex; a worker polls
// its slot until a request arrives, handles it, and stops after R / W requests. The polling
// spins: optimal DPOR never ends without a bound, cutoffs end each idle poll at once.
#include <assert.h>
#include <pthread.h>

#ifndef W
#define W 2
#endif
#ifndef R
#define R 2
#endif

pthread_mutex_t slotLock[W];
int slot[W];  // 0: empty, else a request number
int handled;  // requests handled, under doneLock
pthread_mutex_t doneLock = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg) {
  int me = (int)(long)arg;
  for (int k = 0; k < R / W; k++) {
    int request = 0;
    while (!request) {
      pthread_mutex_lock(&slotLock[me]);
      request = slot[me];
      slot[me] = 0;
      pthread_mutex_unlock(&slotLock[me]);
    }
    pthread_mutex_lock(&doneLock);
    handled++;
    pthread_mutex_unlock(&doneLock);
  }
  return 0;
}

void *dispatcher(void *arg) {
  for (int r = 1; r <= R; r++) {
    int target = r % W;
    int sent = 0;
    while (!sent) {
      pthread_mutex_lock(&slotLock[target]);
      if (!slot[target]) {
        slot[target] = r;
        sent = 1;
      }
      pthread_mutex_unlock(&slotLock[target]);
    }
  }
  return 0;
}

int main(void) {
  pthread_t workers[W], d;
  for (int i = 0; i < W; i++)
    pthread_mutex_init(&slotLock[i], 0);
  for (long i = 0; i < W; i++)
    pthread_create(&workers[i], 0, worker, (void *)i);
  pthread_create(&d, 0, dispatcher, 0);
  pthread_join(d, 0);
  for (int i = 0; i < W; i++)
    pthread_join(workers[i], 0);
  assert(handled == R);
  return 0;
}
