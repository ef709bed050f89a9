// Two threads in loops whose locals (k, sum, a local array) live in interpreter frames across
// visible operations: a checkpoint taken mid-loop must carry them.
#include <pthread.h>

int x, y;

void *worker(void *arg) {
  long sum = (long)arg;
  int local[8] = {0};
  for (int k = 0; k < 6; k++) {
    for (int j = 0; j < 100; j++)
      local[j % 8] += j ^ k;
    sum += local[k % 8];
    x = (int)sum; // a visible operation inside the loop
    sum += y;
  }
  y = (int)sum;
  return (void *)sum;
}

int main(void) {
  pthread_t a, b;
  void *ra, *rb;
  pthread_create(&a, 0, worker, (void *)1);
  pthread_create(&b, 0, worker, (void *)2);
  pthread_join(a, &ra);
  pthread_join(b, &rb);
  return (int)((long)ra + (long)rb) & 0x7f;
}
