// A lock-heavy parallel computation in the spirit of the dissertation's ParallelFFT test
// (Table 8.1): three workers each compute butterflies over their part of a shared array, add
// their partial energy to a shared total under a lock, meet at a barrier, then combine their
// part with a partner's part (the second butterfly stage) into an output array, again adding
// to a locked total. main checks the result against the sequential computation. As in FFT,
// every conflicting access is protected by a lock or ordered by the barrier.
#include <assert.h>
#include <pthread.h>

#ifndef WORKERS
#define WORKERS 3
#endif

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
  // Stage 1: a butterfly over the worker's own pair.
  int a = in[2 * k], b = in[2 * k + 1];
  stage[2 * k] = a + b;
  stage[2 * k + 1] = a - b;
  add_energy(a * a + b * b);
  pthread_barrier_wait(&phase);
  // Stage 2: combine the own sum with the next worker's difference.
  long partner = (k + 1) % WORKERS;
  int s = stage[2 * k], d = stage[2 * partner + 1];
  out[2 * k] = s + d;
  out[2 * k + 1] = s - d;
  add_energy(s * d);
  return 0;
}

int main(void) {
  pthread_t t[WORKERS];
  pthread_barrier_init(&phase, 0, WORKERS);
  for (long k = 0; k < WORKERS; k++)
    pthread_create(&t[k], 0, worker, (void *)k);
  for (int k = 0; k < WORKERS; k++)
    pthread_join(t[k], 0);
  // stage = {3,-1, 7,-1, 11,-1}; out[2k] = stage[2k] + stage[2k'+1] with k' = k+1 mod 3.
  assert(out[0] == 2 && out[1] == 4 && out[2] == 6 && out[3] == 8 && out[4] == 10 &&
         out[5] == 12);
  // sum of squares 91, plus 3*-1 + 7*-1 + 11*-1 = -21.
  assert(energy == 70);
  return 0;
}
