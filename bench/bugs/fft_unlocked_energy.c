// Variant of bench/bpor/fft.c with an atomicity violation: the second stage adds to the
// shared energy without the lock, so two workers' read-modify-write sequences can interleave
// and an update is lost (the final assertion fails).
#include <assert.h>
#include <pthread.h>

#define WORKERS 3

const int in[2 * WORKERS] = {1, 2, 3, 4, 5, 6};
int stage[2 * WORKERS];
int out[2 * WORKERS];
int energy;
pthread_mutex_t energy_lock = PTHREAD_MUTEX_INITIALIZER;
pthread_barrier_t phase;

static void add_energy(int e) {
  pthread_mutex_lock(&energy_lock);
  energy += e;
  pthread_mutex_unlock(&energy_lock);
}

void *worker(void *arg) {
  long k = (long)arg;
  int a = in[2 * k], b = in[2 * k + 1];
  stage[2 * k] = a + b;
  stage[2 * k + 1] = a - b;
  add_energy(a * a + b * b);
  pthread_barrier_wait(&phase);
  long partner = (k + 1) % WORKERS;
  int s = stage[2 * k], d = stage[2 * partner + 1];
  out[2 * k] = s + d;
  out[2 * k + 1] = s - d;
  energy += s * d; // BUG: not under energy_lock
  return 0;
}

int main(void) {
  pthread_t t[WORKERS];
  pthread_barrier_init(&phase, 0, WORKERS);
  for (long k = 0; k < WORKERS; k++)
    pthread_create(&t[k], 0, worker, (void *)k);
  for (int k = 0; k < WORKERS; k++)
    pthread_join(t[k], 0);
  assert(energy == 70);
  return 0;
}
