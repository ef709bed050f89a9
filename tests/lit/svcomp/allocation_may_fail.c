// SV-COMP's rules: malloc and alloca always return a valid pointer, and no other allocation
// function does. A calloc (realloc, aligned_alloc) that succeeded leaves out the executions in
// which it fails, where this program calls reach_error(): no TRUE answer, but unknown with the
// reason. With malloc the answer is TRUE; outside SV-COMP mode calloc succeeds as glibc's does
// for a small size.
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp %s | %FileCheck --check-prefix=CALLOC %s
// CALLOC: reason: calloc, realloc or aligned_alloc was called: SV-COMP's rules let them fail (only malloc and alloca always return a valid pointer), and executions in which they fail were not explored
// CALLOC-NEXT: SV-COMP result: unknown
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp -DMALLOC %s | %FileCheck --check-prefix=MALLOC %s
// MALLOC: SV-COMP result: true
// RUN: %bporcheck --no-progress %s | %FileCheck --check-prefix=PLAIN %s
// PLAIN: verdict: ok: no error in any schedule
#include <pthread.h>
#include <stdlib.h>
extern void reach_error(void);
int *p;
void *t(void *a) { return 0; }
int main(void) {
  pthread_t h;
  pthread_create(&h, 0, t, 0);
#ifdef MALLOC
  p = malloc(4 * sizeof(int));
#else
  p = calloc(4, sizeof(int));
#endif
  if (p == 0)
    reach_error();
  pthread_join(h, 0);
  return 0;
}
