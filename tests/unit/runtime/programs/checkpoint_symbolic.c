// Symbolic mode's state across a checkpoint: nondet inputs, an assumption and branches on them
// (the path condition), symbolic values in shared memory (the bytes' expressions) and a store
// at a symbolic index.
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int x, y;
int table[4];

void *worker(void *arg) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n < 100);
  x = n * 3 + (int)(long)arg;
  if (y > n)
    table[n & 3] = n;
  y = x - n;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, (void *)1);
  pthread_create(&b, 0, worker, (void *)2);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return table[x & 3] == y;
}
