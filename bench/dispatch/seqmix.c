// Sequential interpreter load: one thread's private arithmetic, array loads and stores, calls
// and branches (the array is a local: no access is visible).
#include <pthread.h>
static unsigned mix(unsigned h, unsigned v) { return (h ^ v) * 16777619u + (h >> 7); }
int x;
static void *worker(void *arg) {
  unsigned table[256] = {0};
  unsigned h = (unsigned)(long)arg;
  for (long k = 0; k < 8000000; k++) {
    unsigned i = (unsigned)k & 255;
    table[i] = mix(h, table[i] + (unsigned)k);
    h = table[(i * 7) & 255] % 1000003u + (h < 77 ? 3 : 5);
  }
  x = (int)h;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, (void *)1);
  pthread_join(t, 0);
  return 0;
}
