// With symbolic nondet values (a program that calls __VERIFIER_nondet_*), a heap byte never
// written is an input too: the first load that reads it draws a fresh symbol, and every later
// load, by any thread, reads that symbol. So a property that holds for every value of the byte
// is proved (no coverage gap), and one that fails for some value is found with it. A load at
// an address computed from an input may read any byte of its object: each unwritten one is
// drawn. free() reads no byte of its object: the expressions it holds pin no input.
// RUN: %bporcheck --no-progress -DSAME %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck --no-progress --por=dpor -DSAME %s | %FileCheck --check-prefix=OK %s
// RUN: %bporcheck --no-progress --por=none -DSAME %s | %FileCheck --check-prefix=OK %s
// RUN: not %bporcheck --no-progress -DVALUE %s | %FileCheck --check-prefix=VALUE %s
// RUN: not %bporcheck --no-progress -DINDEX %s | %FileCheck --check-prefix=INDEX %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/../svcomp/Inputs/unreach-call.prp -DSAME -DSVCOMP %s | %FileCheck --check-prefix=TRUE %s
// RUN: %bporcheck --svcomp --no-progress --property=%S/../svcomp/Inputs/unreach-call.prp -DVALUE -DSVCOMP --witness=%t.graphml %s | %FileCheck --check-prefix=FALSE %s
// A witness states nondet calls' values, not those of bytes never written: its replay cannot
// confirm the violation, and does not reject it either.
// RUN: not %bporcheck --validate-witness=%t.graphml --property=%S/../svcomp/Inputs/unreach-call.prp -DVALUE -DSVCOMP %s | %FileCheck --check-prefix=NOT-CHECKED %s
// OK: verdict: ok: no error in any schedule, every value of every nondet input
// VALUE: load heap object #{{[0-9.]+}}+4 = 42
// VALUE: verdict: error (assertion failure)
// INDEX: address from nondet input: within its object
// INDEX: verdict: error (assertion failure)
// TRUE: SV-COMP result: true
// FALSE: SV-COMP result: false(unreach-call)
// NOT-CHECKED: witness not checked: no execution that follows its path calls reach_error(), but they read memory never written
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}
#ifdef SVCOMP
#define check(c) ((c) ? (void)0 : reach_error())
#else
#define check(c) assert(c)
#endif

struct node {
  int value;
  int unset; // never written
};

static struct node *shared;

static void *reader(void *arg) {
  (void)arg;
  return (void *)(long)shared->unset;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  shared = malloc(sizeof *shared);
  shared->value = n;
  pthread_t t;
  pthread_create(&t, 0, reader, 0);
  int mine = shared->unset;
  void *theirs;
  pthread_join(t, &theirs);
#if defined(SAME)
  check((long)theirs == mine); // one byte, one value, whichever thread reads it first
#elif defined(VALUE)
  check(mine != 42);
#elif defined(INDEX)
  int *a = malloc(4 * sizeof(int));
  a[0] = 0;
  a[1] = 1;
  if (n >= 0 && n < 4)
    check(a[n] < 2); // a[2] and a[3] are never written
#endif
  free(shared);
  return 0;
}
