// Symbolic-mode interpreter load: a nondet input makes the run symbolic, so the shadow step runs
// before every instruction of a long private loop of arithmetic and array accesses; the input
// joins only at the end, so that no expression grows with the loop.
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int x;
static void *worker(void *arg) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n < 4);
  unsigned table[64] = {0};
  unsigned h = 1;
  for (long k = 0; k < 2000000; k++) {
    unsigned i = (unsigned)k & 63;
    table[i] = table[i] * 31u + h + (unsigned)k;
    h = (h ^ table[(i * 7) & 63]) + (unsigned)(k & 3);
  }
  x = (int)(h & 1) + n;
  return 0;
}
int main(void) {
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  pthread_join(t, 0);
  return 0;
}
