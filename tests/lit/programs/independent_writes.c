// Two threads write their own globals.
// RUN: %bporcheck --por=none %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule
// CHECK: executions: 5{{$}}
// Two threads with n visible events each, started by main's two creates and waited for
// by its two joins, interleave in sum_{k=0..n} C(2n+1-k, n) ways (k = events the first
// thread runs before the second create): 5, 19, 69 for n = 1, 2, 3.
// Here n = 1 (one store each); main's loads after the joins add no interleaving.
#include <assert.h>
#include <pthread.h>

int x, y;

void *write_x(void *arg) { x = 1; return 0; }
void *write_y(void *arg) { y = 1; return 0; }

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, write_x, 0);
  pthread_create(&b, 0, write_y, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(x == 1 && y == 1);
  return 0;
}
