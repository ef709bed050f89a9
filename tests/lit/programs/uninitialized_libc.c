// The runtime's libc models read memory too: a string or byte range that holds bytes nothing
// wrote (read as 0) is a coverage gap, as the program's own loads are. strlen of a buffer set
// only on one path could be 3 on the other (its bytes are indeterminate), so the answer is
// unknown there, not TRUE; writing the buffer first makes it TRUE. Each function that reads is
// exercised on its own with -DFN=k. Writes by the models (strcpy, snprintf, memset) set bytes.
// RUN: %bporcheck --svcomp --no-progress --property=%S/../svcomp/Inputs/unreach-call.prp -DFN=0 %s | %FileCheck --check-prefix=UNKNOWN %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/../svcomp/Inputs/unreach-call.prp -DFN=1 %s | %FileCheck --check-prefix=UNKNOWN %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/../svcomp/Inputs/unreach-call.prp -DFN=2 %s | %FileCheck --check-prefix=UNKNOWN %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/../svcomp/Inputs/unreach-call.prp -DFN=3 %s | %FileCheck --check-prefix=UNKNOWN %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/../svcomp/Inputs/unreach-call.prp -DFN=4 %s | %FileCheck --check-prefix=UNKNOWN %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/../svcomp/Inputs/unreach-call.prp -DFN=0 -DWRITTEN %s | %FileCheck --check-prefix=TRUE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/../svcomp/Inputs/unreach-call.prp -DFN=3 -DWRITTEN %s | %FileCheck --check-prefix=TRUE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/../svcomp/Inputs/unreach-call.prp -DFN=4 -DWRITTEN %s | %FileCheck --check-prefix=TRUE %s
// RUN: %expect-exit 4 %bporcheck --no-progress --nondet=values -DFN=0 %s | %FileCheck --check-prefix=GAP %s
// UNKNOWN: memory never written
// UNKNOWN: SV-COMP result: unknown
// TRUE: SV-COMP result: true
// GAP: but not every behaviour was covered: 1 load read memory never written {{.*}} the first at {{.*}}uninitialized_libc.c:[[#]]
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}

int main(void) {
  int set = __VERIFIER_nondet_int();
  char *buf = malloc(8);
  char other[8], out[16];
  if (!buf)
    return 0;
#ifdef WRITTEN
  set = 1;
#endif
  if (set) {
    strcpy(buf, "ab");
    snprintf(other, sizeof other, "%d", 12);
  }
  switch (FN) {
  case 0:
    if (strlen(buf) == 3)
      reach_error();
    break;
  case 1:
    if (strcmp(buf, "abc") == 0)
      reach_error();
    break;
  case 2:
    snprintf(out, sizeof out, "%s", buf);
    if (out[0] == 'z')
      reach_error();
    break;
  case 3:
    if (memcmp(other, "7", 2) == 0)
      reach_error();
    break;
  case 4:
    if (memchr(other, 'x', 2))
      reach_error();
    break;
  }
  free(buf);
  return 0;
}
