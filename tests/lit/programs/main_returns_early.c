// main returns while a thread is still blocked: the program ends, no deadlock.
// RUN: %bporcheck --por=none %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule
// CHECK: executions: 1{{$}}
// The thread's lock is disabled (main holds the mutex) until main exits: 1.
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *blocked(void *arg) {
  pthread_mutex_lock(&m);
  return 0;
}

int main(void) {
  pthread_mutex_lock(&m);
  pthread_t t;
  pthread_create(&t, 0, blocked, 0);
  return 0;
}
