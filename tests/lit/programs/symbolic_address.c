// Loads and stores at addresses computed from nondet inputs (interp/SymbolicMemory.h): an array
// indexed by a nondet value keeps every value of the index, in shared memory (table, slots)
// and on the stack (local); an index that can leave its array is a memory error, found with
// the values that take it there.
// RUN: %bporcheck %s | %FileCheck --check-prefix=CORRECT %s
// RUN: %bporcheck --por=dpor %s | %FileCheck --check-prefix=CORRECT %s
// RUN: %expect-exit 1 %bporcheck -DBUG %s | %FileCheck --check-prefix=BUG %s
// RUN: %expect-exit 1 %bporcheck -DLOCAL_BUG %s | %FileCheck --check-prefix=LOCAL-BUG %s
// RUN: %expect-exit 1 %bporcheck -DOUTSIDE %s | %FileCheck --check-prefix=OUTSIDE %s
// CORRECT: verdict: ok: no error in any schedule, every value of every nondet input
// BUG: error: assertion failure: assertion 'slots[j] != 31' failed
// BUG: nondet inputs:
// BUG-NEXT: thread 0 at {{.*}}: {{-?[0-9]*}}{{[26]$}}
// BUG-NEXT: thread 2 at {{.*}}: 2
// LOCAL-BUG: error: assertion failure: assertion 'local[k] != 7'
// LOCAL-BUG: nondet inputs:
// LOCAL-BUG: thread 0 at {{.*}}: 2
// OUTSIDE: error: memory error: out-of-bounds access: a load or store at an address computed from nondet inputs can lie outside its object
// OUTSIDE-NEXT: in thread 0 (main) at {{.*}}symbolic_address.c:66:12
// OUTSIDE: address from nondet input: within its object
// OUTSIDE: address from nondet input: outside its object
// OUTSIDE-NEXT: nondet inputs:
#include <assert.h>
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int table[4] = {10, 20, 30, 40};
int slots[4];
int idx;

void *writer(void *arg) {
  int i = idx & 3;
  slots[i] = table[i] + 1;
  assert(slots[i] == table[i] + 1);
  return 0;
}

void *reader(void *arg) {
  int j = __VERIFIER_nondet_int();
  __VERIFIER_assume(j >= 0 && j < 4);
#ifdef BUG
  assert(slots[j] != 31);
#else
  assert(slots[j] != 32);
#endif
  return 0;
}

int main(void) {
  pthread_t a, b;
  idx = __VERIFIER_nondet_int();
  pthread_create(&a, 0, writer, 0);
  pthread_create(&b, 0, reader, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  int local[3] = {5, 6, 7};
  int k = __VERIFIER_nondet_int();
#ifdef LOCAL_BUG
  if (k >= 0 && k < 3)
    assert(local[k] != 7);
#endif
#ifdef OUTSIDE
  if (k < 3)
    return local[k] + table[0];
#endif
  return 0;
}
