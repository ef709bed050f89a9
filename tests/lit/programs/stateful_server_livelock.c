// Two threads that lock and unlock a mutex forever: every thread runs on the cycle, so it is a
// livelock (the program never ends under any fair schedule). The stateless default cannot say
// more than that an execution got too long.
// RUN: %expect-exit 1 %bporcheck --search=stateful --no-progress %s | %FileCheck %s
// CHECK: verdict: error (livelock)
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *serve(void *arg) {
  for (;;) {
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
  }
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, serve, 0);
  serve(0);
  return 0;
}
