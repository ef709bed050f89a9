// exit() from a thread runs the atexit handlers in that thread while main goes on; quick_exit
// runs only the at_quick_exit handlers; _Exit none.
// RUN: %expect-exit 1 %bporcheck %s | %FileCheck %s
// RUN: %bporcheck -DQUICK %s | %FileCheck --check-prefix=QUICK %s
// RUN: %bporcheck -DIMMEDIATE %s | %FileCheck --check-prefix=IMMEDIATE %s
// The handler sees main's store in some schedules and not in others. With quick_exit, main's
// store may come before the exit begins, between its handler and the end, or not at all: 3.
// CHECK: error: assertion failure: assertion 'flag == 0' failed in void handler(void)
// CHECK-NEXT: in thread 1 (worker) at {{.*}}exit_handlers_thread.c:23{{$}}
// QUICK: verdict: ok: no error in any schedule (optimal DPOR, 3 executions)
// IMMEDIATE: verdict: ok: no error in any schedule (optimal DPOR, 2 executions)
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

int flag;
int quick;

static void handler(void) {
#ifdef QUICK
  assert(0); // not an at_quick_exit handler
#endif
  assert(flag == 0);
}
static void quickHandler(void) { quick = 1; }

void *worker(void *arg) {
#ifdef QUICK
  quick_exit(0);
#elif defined(IMMEDIATE)
  _Exit(0);
#else
  exit(0);
#endif
  return 0;
}

int main(void) {
  atexit(handler);
  at_quick_exit(quickHandler);
  pthread_t t;
  pthread_create(&t, 0, worker, 0);
  flag = 1;
  pthread_join(t, 0);
  return 0;
}
