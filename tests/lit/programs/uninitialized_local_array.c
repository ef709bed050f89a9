// A local array that stays private to its function but is not promoted to registers (indexed by
// a variable) lives in plain memory the interpreter reads and writes itself; until the program
// writes an element, its bytes hold no value (C: indeterminate). A symbolic model draws them as
// inputs when a load may read them (here at an index computed from a nondet input: the
// violation is found), a values model counts a load that reads only such bytes as a coverage
// gap (SV-COMP unknown, not TRUE), and once every element is written the answer is TRUE.
// RUN: %bporcheck --svcomp --no-progress --property=%S/../svcomp/Inputs/unreach-call.prp %s | %FileCheck --check-prefix=FALSE %s
// RUN: %bporcheck --svcomp --no-progress --nondet=values --property=%S/../svcomp/Inputs/unreach-call.prp %s | %FileCheck --check-prefix=UNKNOWN %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/../svcomp/Inputs/unreach-call.prp -DALL %s | %FileCheck --check-prefix=TRUE %s
// RUN: %expect-exit 4 %bporcheck --no-progress --nondet-values=2 %s | %FileCheck --check-prefix=GAP %s
// FALSE: SV-COMP result: false(unreach-call)
// UNKNOWN: SV-COMP result: unknown
// TRUE: SV-COMP result: true
// GAP: not every behaviour was covered: 1 load read memory never written {{.*}}the first at {{.*}}uninitialized_local_array.c:[[#]]
void reach_error(void) {}
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a[4];
  int i = __VERIFIER_nondet_int();
  a[0] = 1;
  a[1] = 2;
#ifdef ALL
  a[2] = 3;
  a[3] = 4;
#endif
  if (i >= 0 && i < 4 && a[i] == 7)
    reach_error();
  return 0;
}
