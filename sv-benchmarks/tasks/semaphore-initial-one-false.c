// SV-COMP-style task written for bporcheck. Expected: unreach-call false.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <pthread.h>

#include <semaphore.h>
// The semaphore starts at 1, so the reader need not wait for the writer.
sem_t s;
int data;

void *writer(void *arg) {
  data = 5;
  sem_post(&s);
  return 0;
}

void *reader(void *arg) {
  sem_wait(&s);
  if (data != 5) reach_error();
  return 0;
}

int main(void) {
  sem_init(&s, 0, 1);
  pthread_t a, b;
  pthread_create(&a, 0, reader, 0);
  pthread_create(&b, 0, writer, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
