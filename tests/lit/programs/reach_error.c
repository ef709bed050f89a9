// SV-COMP's reach_error() declared but not defined: reaching it is the error.
// RUN: %expect-exit 1 %bporcheck %s | %FileCheck %s
// CHECK: error: assertion failure: {{.*}}reach_error
#include <pthread.h>
extern void reach_error(void);

int flag;

void *setter(void *arg) {
  flag = 1;
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, setter, 0);
  if (flag == 0)
    reach_error();
  pthread_join(t, 0);
  return 0;
}
