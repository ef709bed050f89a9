// SV-COMP-style task written for bporcheck. Expected: unreach-call true.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <pthread.h>

// In the style of the indexer benchmark: threads insert into a hash table with CAS, no loss.
#include <stdatomic.h>
#define SIZE 8
atomic_int table[SIZE];

void *inserter(void *arg) {
  int key = (int)(long)arg;
  int h = (key * 3) % SIZE;
  for (int probe = 0; probe < SIZE; probe++) {
    int expected = 0;
    if (atomic_compare_exchange_strong(&table[h], &expected, key)) return 0;
    h = (h + 1) % SIZE;
  }
  reach_error();
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, inserter, (void *)1);
  pthread_create(&b, 0, inserter, (void *)9); // 1*3 % 8 == 9*3 % 8: they collide
  pthread_join(a, 0);
  pthread_join(b, 0);
  int found = 0;
  for (int k = 0; k < SIZE; k++) found += atomic_load(&table[k]) != 0;
  if (found != 2) reach_error();
  return 0;
}
