// SV-COMP mode with --por=unfolding: the unfolding search is the complete search. Peterson's
// algorithm spins; with cutoffs the search ends and answers TRUE, and without the store to
// `turn` FALSE with a witness that --validate-witness confirms. Races and leaks are not judged by
// it: no-data-race is unknown.
// RUN: %bporcheck --svcomp --por=unfolding --no-progress --property=%S/Inputs/unreach-call.prp -DFIXED %s | %FileCheck --check-prefix=TRUE %s
// TRUE: search: unfolding POR,
// TRUE: SV-COMP result: true
// RUN: %bporcheck --svcomp --por=unfolding --no-progress --property=%S/Inputs/unreach-call.prp --witness=%t.graphml %s | %FileCheck --check-prefix=FALSE %s
// RUN: %bporcheck --validate-witness=%t.graphml --property=%S/Inputs/unreach-call.prp %s | %FileCheck --check-prefix=CONFIRMED %s
// FALSE: SV-COMP result: false(unreach-call)
// CONFIRMED: confirmed
// RUN: %bporcheck --svcomp --por=unfolding --no-progress --property=%S/Inputs/no-data-race.prp -DFIXED %s | %FileCheck --check-prefix=RACE %s
// RACE: SV-COMP result: unknown
// RUN: %expect-exit 2 %bporcheck --svcomp --por=optimal --property=%S/Inputs/unreach-call.prp %s 2>&1 | %FileCheck --check-prefix=USAGE %s
// USAGE: --svcomp chooses its own search: it cannot be combined with --por (except --por=unfolding)
#include <pthread.h>
#include <stdatomic.h>

extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "unfolding.c", 3, "reach_error"); }

atomic_int flag0, flag1, turn;
int inside;

void *t0(void *a) {
  atomic_store(&flag0, 1);
#ifdef FIXED
  atomic_store(&turn, 1);
#endif
  while (atomic_load(&flag1) && atomic_load(&turn) == 1) {
  }
  inside++;
  if (inside != 1)
    reach_error();
  inside--;
  atomic_store(&flag0, 0);
  return 0;
}

void *t1(void *a) {
  atomic_store(&flag1, 1);
  atomic_store(&turn, 0);
  while (atomic_load(&flag0) && atomic_load(&turn) == 0) {
  }
  inside++;
  if (inside != 1)
    reach_error();
  inside--;
  atomic_store(&flag1, 0);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t0, 0);
  pthread_create(&b, 0, t1, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
