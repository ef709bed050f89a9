// libc memory and string functions on shared memory.
// RUN: %bporcheck --por=none %s | %FileCheck %s
// CHECK: verdict: ok: no error in any schedule
// CHECK: executions: 1{{$}}
// The writer's three events (lock, strcpy, unlock) all fall between main's create and
// join, and main has no event there: 1.
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

char message[16];
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *writer(void *arg) {
  pthread_mutex_lock(&m);
  strcpy(message, "hello");
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  pthread_join(t, 0);
  assert(strlen(message) == 5);
  assert(strcmp(message, "hello") == 0);
  char *copy = strdup(message);
  memset(copy, 'x', 2);
  assert(memcmp(copy, "xxllo", 6) == 0);
  assert(strchr(message, 'l') == message + 2);
  free(copy);
  return 0;
}
