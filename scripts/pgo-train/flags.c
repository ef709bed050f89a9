// Training program for the profile-guided build (scripts/pgo-train.sh): five threads each
// publish a value in their own slot, raise a flag, and read the slots of the threads whose
// flags they see (C11 atomics, sequentially consistent).
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#define THREADS 5
static int slot[THREADS];
static atomic_int flag[THREADS];
static int seen[THREADS];

static void *worker(void *arg) {
  long me = (long)arg;
  slot[me] = (int)me + 1;
  atomic_store(&flag[me], 1);
  for (int other = 0; other < THREADS; other++)
    if (other != me && atomic_load(&flag[other]))
      seen[me] += slot[other];
  return 0;
}

int main(void) {
  pthread_t t[THREADS];
  for (long k = 0; k < THREADS; k++)
    pthread_create(&t[k], 0, worker, (void *)k);
  for (int k = 0; k < THREADS; k++)
    pthread_join(t[k], 0);
  for (int k = 0; k < THREADS; k++)
    assert(seen[k] <= 1 + 2 + 3 + 4 + 5);
  return 0;
}
