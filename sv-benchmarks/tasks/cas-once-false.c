// SV-COMP-style task written for bporcheck. Expected: unreach-call false.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <pthread.h>

#include <stdatomic.h>
// A thread claims ownership with compare-and-swap; another "claims" with a load and a store.
// The plain claimer can overwrite the CAS winner's claim after it succeeded.
atomic_int owner;
int cas_won;

void *cas_claimer(void *arg) {
  int expected = 0;
  if (atomic_compare_exchange_strong(&owner, &expected, 1))
    cas_won = 1;
  return 0;
}

void *plain_claimer(void *arg) {
  if (atomic_load(&owner) == 0)
    atomic_store(&owner, 2);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, cas_claimer, 0);
  pthread_create(&b, 0, plain_claimer, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  if (cas_won && atomic_load(&owner) != 1) reach_error();
  return 0;
}
