// A split (docs/design.md, "Values fixed by splitting") does not commute with another thread's
// branch on the same input: after the watcher's `config >= 3` the values left are 3 to 5, before
// it 0 to 5, so "the least value" means another value. The split writes the path condition, as
// an assumption does, so every search orders it against the branch both ways; each order covers
// every value, and every search finds the one that fails (n == 4, the watcher's flag set).
// RUN: %expect-exit 1 %bporcheck --por=optimal %s | %FileCheck --check-prefix=BUG %s
// RUN: %expect-exit 1 %bporcheck --por=source %s | %FileCheck --check-prefix=BUG %s
// RUN: %expect-exit 1 %bporcheck --por=dpor %s | %FileCheck --check-prefix=BUG %s
// RUN: %expect-exit 1 %bporcheck --por=none %s | %FileCheck --check-prefix=BUG %s
// RUN: %expect-exit 1 %bporcheck --preemptions=2 %s | %FileCheck --check-prefix=BUG %s
// RUN: %bporcheck -DFIXED --por=optimal %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck -DFIXED --por=source %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck -DFIXED --por=dpor %s | %FileCheck --check-prefix=OK %s
// BUG: error: assertion failure
// BUG: nondet inputs:
// BUG-NEXT: thread 0 at {{.*}}: 4
// OK: verdict: ok: no error in any schedule, every value of every nondet input
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);

int config, flagged;

void *watcher(void *arg) {
  if (config >= 3)
    flagged = 1;
  return 0;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 5)
    return 0;
  config = n;
  pthread_t t;
  pthread_create(&t, 0, watcher, 0);
  char *buffer = malloc(n + 1); // the size is fixed: split into n's values
  if (!buffer)
    return 0;
  buffer[n] = 0;
  pthread_join(t, 0);
#ifndef FIXED
  assert(!(flagged && buffer[n] == 0 && n == 4));
#else
  assert(!flagged || n >= 3);
#endif
  free(buffer);
  return 0;
}
