// Undefined values in library code are not uninitialized reads of the program: the support
// library is compiled with optimisation, which leaves undef on paths whose value is never used
// (bsearch's last probe when the key is missing). The answer is TRUE, not unknown; an
// uninitialized local of the program's own is still a gap.
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp %s | %FileCheck --check-prefix=TRUE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp -DOWN %s | %FileCheck --check-prefix=UNKNOWN %s
// TRUE: SV-COMP result: true
// UNKNOWN: uninitialized
// UNKNOWN: SV-COMP result: unknown
#include <stdlib.h>
extern void reach_error(void);

static int compare(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

int main(void) {
  int v[3] = {1, 5, 9};
  int key = 4;
  int *found = bsearch(&key, v, 3, sizeof v[0], compare);
  if (found)
    reach_error();
#ifdef OWN
  int unset;
  if (unset == 7)
    reach_error();
#endif
  return 0;
}
