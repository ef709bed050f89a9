// SV-COMP-style task written for bporcheck. Expected: unreach-call false.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <pthread.h>

// In the style of the lastzero benchmark: a reader scans for the last zero while writers
// update the array; with 2 writers the scan can see a state no single moment had.
int array[3];

void *reader(void *arg) {
  int i;
  for (i = 2; array[i] != 0; i--) ;
  return (void *)(long)i;
}

void *writer(void *arg) {
  int j = (int)(long)arg;
  array[j] = array[j - 1] + 1;
  return 0;
}

int main(void) {
  pthread_t r, w1, w2;
  pthread_create(&r, 0, reader, 0);
  pthread_create(&w1, 0, writer, (void *)1);
  pthread_create(&w2, 0, writer, (void *)2);
  void *last;
  pthread_join(r, &last);
  pthread_join(w1, 0);
  pthread_join(w2, 0);
  // If the reader stopped at index 0, it saw array[2] and array[1] both non-zero, which
  // needs w2 to have read array[1] after w1 wrote it.
  if ((long)last == 0) reach_error();
  return 0;
}
