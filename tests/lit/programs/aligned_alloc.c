// aligned_alloc and memalign: the object is aligned as asked (also in a 32-bit program, whose
// addresses are virtual), an alignment that is not a power of two gives NULL with errno EINVAL
// as glibc's does, and a request the model's memory cannot hold stops the run as a resource
// limit (exit code 3) instead of returning a NULL the program never gets (malloc_limit.c).
// RUN: %bporcheck --no-progress --print-output %s | %FileCheck %s
// RUN: %bporcheck --no-progress --print-output -m32 %s | %FileCheck %s
// CHECK: aligned 64 and 4096, EINVAL for 3
// CHECK: verdict: ok: no error in any schedule
// RUN: %expect-exit 3 %bporcheck --no-progress -DHUGE %s | %FileCheck --check-prefix=HUGE %s
// HUGE: error: resource limit: cannot allocate 1610612736 bytes (the model's memory limit)
#include <assert.h>
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
#ifdef HUGE
  char *huge = aligned_alloc(64, (size_t)3 << 29); // 1.5 GiB
  assert(huge == NULL); // not reached: the run stops at the allocation
#endif
  char *a = aligned_alloc(64, 128);
  char *b = memalign(4096, 100);
  assert(a && b && (uintptr_t)a % 64 == 0 && (uintptr_t)b % 4096 == 0);
  errno = 0;
  assert(aligned_alloc(3, 16) == NULL && errno == EINVAL);
  printf("aligned 64 and 4096, EINVAL for 3\n");
  free(a);
  free(b);
  return 0;
}
