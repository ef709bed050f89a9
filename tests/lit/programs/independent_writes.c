// Two threads write their own globals.
// RUN: %bporcheck --por=none %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule
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
