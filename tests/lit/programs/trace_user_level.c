// Traces at the user's level (issue 43): threads named by the function they started in, in the
// trace, the error's place and the messages; an object labelled "(freed)" only from the step
// that freed it on (the model names objects by their state at the end of the execution); a
// deadlock naming what each thread waits for and who holds it.
// The 32-bit data model shows pointers as numbers: the trace lines below name them.
// UNSUPPORTED: ilp32
// RUN: %expect-exit 1 %bporcheck --por=none %s | %FileCheck %s
// CHECK: error: memory error: use after free: load of 4 bytes at heap object #0.1 (freed)
// CHECK-NEXT: in thread 1 (reader) at {{.*}}trace_user_level.c:[[#READ:]]
// CHECK: {{^}}  1  thread 0 (main)    store global buffer := &heap object #0.1  {{ *}}trace_user_level.c:
// CHECK-NEXT: {{^}}  2  thread 0 (main)    load global buffer = &heap object #0.1  {{ *}}trace_user_level.c:
// CHECK-NEXT: {{^}}  3  thread 0 (main)    store heap object #0.1 := 42  {{ *}}trace_user_level.c:
// CHECK-NEXT: {{^}}  4  thread 0 (main)    create thread 1 (reader)  {{ *}}trace_user_level.c:
// CHECK-NEXT: {{^}}  5  thread 0 (main)    load global buffer = &heap object #0.1  {{ *}}trace_user_level.c:
// CHECK-NEXT: {{^}}  6  thread 0 (main)    free heap object #0.1 (freed)
// CHECK-NEXT: {{^}}  7  thread 1 (reader)  load global buffer = &heap object #0.1 (freed)  {{ *}}trace_user_level.c:[[#READ-1]]
// CHECK-NEXT: {{^}}  8  thread 1 (reader)  load heap object #0.1 (freed) = 0  {{ *}}trace_user_level.c:[[#READ]]
// CHECK-NEXT: verdict: error (memory error)
//
// A lock-order deadlock; a wait for a signal that never comes.
// RUN: %expect-exit 1 %bporcheck -DDEADLOCK %s | %FileCheck --check-prefix=DEADLOCK %s
// DEADLOCK: error: deadlock: no thread can run: thread 0 (main) waits to join thread 1 (forward); thread 1 (forward) waits for mutex global second, held by thread 2 (backward); thread 2 (backward) waits for mutex global first, held by thread 1 (forward)
// DEADLOCK-NEXT: in thread 0 (main) at {{.*}}trace_user_level.c:
// DEADLOCK: create thread 1 (forward)
// DEADLOCK: verdict: error (deadlock)
// RUN: %expect-exit 1 %bporcheck -DDEADLOCK -DCOND %s | %FileCheck --check-prefix=COND %s
// COND: error: deadlock: no thread can run: thread 0 (main) waits to join thread 1 (sleeper); thread 1 (sleeper) waits on condition variable global never
#include <pthread.h>
#include <stdlib.h>

#ifndef DEADLOCK
int *buffer;

void *reader(void *arg) {
  int *b = buffer;
  return (void *)(long)b[0];
}

int main(void) {
  buffer = malloc(sizeof(int));
  buffer[0] = 42;
  pthread_t t;
  pthread_create(&t, 0, reader, 0);
  free(buffer);
  pthread_join(t, 0);
  return 0;
}
#else
pthread_mutex_t first = PTHREAD_MUTEX_INITIALIZER, second = PTHREAD_MUTEX_INITIALIZER;
pthread_mutex_t alone = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t never = PTHREAD_COND_INITIALIZER;

void *forward(void *arg) {
  pthread_mutex_lock(&first);
  pthread_mutex_lock(&second);
  pthread_mutex_unlock(&second);
  pthread_mutex_unlock(&first);
  return 0;
}

void *backward(void *arg) {
  pthread_mutex_lock(&second);
  pthread_mutex_lock(&first);
  pthread_mutex_unlock(&first);
  pthread_mutex_unlock(&second);
  return 0;
}

void *sleeper(void *arg) {
  pthread_mutex_lock(&alone);
  pthread_cond_wait(&never, &alone);
  pthread_mutex_unlock(&alone);
  return 0;
}

int main(void) {
  pthread_t a, b;
#ifdef COND
  pthread_create(&a, 0, sleeper, 0);
  pthread_join(a, 0);
#else
  pthread_create(&a, 0, forward, 0);
  pthread_create(&b, 0, backward, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
#endif
  return 0;
}
#endif
