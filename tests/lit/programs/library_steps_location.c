// A step inside a support library function (written without source lines) is shown at the
// program's call: here sscanf reads a buffer another thread writes, and its reads of the
// buffer carry the line of the sscanf call, not an empty place (--trace=full: the default trace
// folds them into one line for the call).
// UNSUPPORTED: ilp32
// RUN: %expect-exit 1 %bporcheck --trace=full %s | %FileCheck %s
// CHECK: error: assertion failure: assertion 'v == 5' failed
// CHECK: thread 0 (main)    create thread 1 (writer) {{.*}}library_steps_location.c:[[@LINE+13]]:3
// CHECK: thread 0 (main)    {{.*}}global buf{{.*}}library_steps_location.c:[[@LINE+13]]:3
// CHECK: verdict: error
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

char buf[16] = "5";
int v;
void *writer(void *arg) { buf[0] = '7'; return 0; }

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, writer, 0);
  sscanf(buf, "%d", &v);
  pthread_join(t, 0);
  assert(v == 5);
  return 0;
}
