// exit() in a thread ends the whole program: main's assertion never runs after it.
// RUN: %bporcheck --por=none %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule
// CHECK: executions: 1{{$}}
// After the create, main's join waits for a thread that only calls exit(): 1.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

int done;

void *quitter(void *arg) {
  exit(0);
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, quitter, 0);
  pthread_join(t, 0);
  assert(0 && "unreachable: the thread exits the program");
  return 0;
}
