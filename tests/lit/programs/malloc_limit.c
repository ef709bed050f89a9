// --malloc-limit=SIZE: an allocation of more than SIZE fails as glibc's does when it cannot map
// the request (NULL, errno ENOMEM; realloc leaves the old object), and the program's handling
// of it is checked. Without the option a request the model's memory cannot hold (more than
// 1 GiB of live heap; 16 MiB a thread in a 32-bit program) stops the run as a resource limit
// (exit code 3): no behaviour of the program, so no NULL either (malloc_too_large.c: sizes
// beyond any object).
// RUN: %bporcheck --no-progress --print-output --malloc-limit=1M %s | %FileCheck %s
// CHECK: 1.5 GiB refused, 512 KiB given
// CHECK: verdict: ok: no error in any schedule (optimal DPOR, 1 execution)
// RUN: %expect-exit 3 %bporcheck --no-progress %s | %FileCheck --check-prefix=DEFAULT %s
// DEFAULT: error: resource limit: cannot allocate 1610612736 bytes (the model's memory limit)
// RUN: %expect-exit 2 %bporcheck --malloc-limit=1X %s 2>&1 | %FileCheck --check-prefix=BAD %s
// BAD: bporcheck: --malloc-limit=1X is not a size: give MiB (512) or a size with a unit (512M, 2G)
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  errno = 0;
  char *big = malloc((size_t)3 << 29); // 1.5 GiB
  if (big == NULL) {
    assert(errno == ENOMEM);
    void *aligned = 0;
    assert(posix_memalign(&aligned, 16, 2 << 20) == ENOMEM);
    assert(calloc(1, 2 << 20) == NULL && aligned_alloc(16, 2 << 20) == NULL);
    char *small = malloc(512 << 10);
    assert(small != NULL);
    small[0] = 1;
    assert(realloc(small, 2 << 20) == NULL && small[0] == 1);
    printf("1.5 GiB refused, 512 KiB given\n");
    free(small);
    return 0;
  }
  big[0] = 1;
  free(big);
  return 0;
}
