// Global constructors run before main (by priority), atexit handlers after main returns (last
// registered first), then global destructors; an assertion in a destructor is checked.
// RUN: %bporcheck --print-output %s | %FileCheck %s
// RUN: %expect-exit 1 %bporcheck -DBAD %s | %FileCheck --check-prefix=BAD %s
// CHECK: handler 2
// CHECK-NEXT: handler 1
// CHECK-NEXT: destructor after 4
// CHECK: verdict: ok: no error in any schedule
// BAD: error: assertion failure: assertion 'n == 3' failed in void fini(void)
// BAD-NEXT: in thread 0 (main) at {{.*}}global_ctors_dtors.c:23{{$}}
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

int x, n, order[4];
__attribute__((constructor(200))) static void second(void) { order[n++] = 2, x = 5; }
__attribute__((constructor(101))) static void first(void) { order[n++] = 1; }
static void handler1(void) { printf("handler 1\n"), order[n++] = 3; }
static void handler2(void) { printf("handler 2\n"), order[n++] = 4; }
__attribute__((destructor)) static void fini(void) {
  printf("destructor after %d\n", n);
#ifdef BAD
  assert(n == 3);
#else
  assert(n == 4 && order[2] == 4 && order[3] == 3);
#endif
}

int main(void) {
  assert(x == 5 && order[0] == 1 && order[1] == 2);
  atexit(handler1);
  atexit(handler2);
  return 0;
}
