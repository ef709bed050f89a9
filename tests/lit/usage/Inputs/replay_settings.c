// A bug that needs -DBAD and the nondet value 1 of the domain {-1, 0, 1}.
#include <assert.h>
#include <pthread.h>
extern int __VERIFIER_nondet_int(void);
int x;
void *setter(void *arg) {
  x = 1;
  return 0;
}
int main(void) {
  int v = __VERIFIER_nondet_int();
  pthread_t thread;
  pthread_create(&thread, 0, setter, 0);
#ifdef BAD
  if (v == 1)
    assert(x == 1);
#endif
  pthread_join(thread, 0);
  return 0;
}
