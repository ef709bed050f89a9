// A spin loop whose body calls a function with a stack object (here the variadic arguments'
// area): every round allocates and releases one, and the state still comes back, because a
// thread's trailing released objects are not part of the state. The stateful search ends.
// RUN: %bporcheck %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule (stateful search, 15 states, exact storage, livelocks checked)
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

atomic_int flag;
int x;

__attribute__((noinline)) int check(int n, ...) { return atomic_load(&flag); }

void *setter(void *arg) {
  x = 1;
  atomic_store(&flag, 1);
  return 0;
}

int main(void) {
  pthread_t thread;
  pthread_create(&thread, 0, setter, 0);
  while (!check(1, 2))
    ;
  assert(x == 1);
  pthread_join(thread, 0);
  return 0;
}
