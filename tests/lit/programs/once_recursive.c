// An init routine that calls pthread_once on its own control waits for itself (POSIX leaves it
// undefined; glibc deadlocks): a deadlock, found at the inner call, with both steps in the trace.
// RUN: %expect-exit 1 %bporcheck %s | %FileCheck %s
// CHECK: error: deadlock: pthread_once called from its own init routine on the same control
// CHECK-NEXT: in thread 0 (main) at {{.*}}once_recursive.c:[[#@LINE+7]]
// CHECK: 1  thread 0 (main)  pthread_once global once: runs the init routine {{ *}}{{.*}}once_recursive.c:[[#@LINE+9]]
// CHECK-NEXT: 2  thread 0 (main)  pthread_once global once: called again by its init routine
#include <pthread.h>

pthread_once_t once = PTHREAD_ONCE_INIT;

void init(void) { pthread_once(&once, init); }

int main(void) {
  pthread_once(&once, init);
  return 0;
}
