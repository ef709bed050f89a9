// A loop without effects whose iteration count is a nondet input (a driver copying `count`
// bytes of a device of nondet size `len`) has one path per count: up to 2^32, which no search
// enumerates. The program with the loop replaced by its last iteration after a nondet number
// of them (passes/LoopAbstraction.h) over-approximates it: TRUE when it has no violation.
// Without the lock the reader's position is overwritten between its store and its check: a
// real violation, FALSE, found by the bug hunt with a witness that replays. Where the
// abstraction loses what the skipped iterations decided (here that the loop stops at exactly
// `n`), its violation is not the program's and is not reported: unknown.
// RUN: %bporcheck --svcomp --no-progress --time-limit=20 --property=%S/Inputs/unreach-call.prp %s | %FileCheck --check-prefix=TRUE %s
// TRUE: search: optimal DPOR, 1 loop abstracted, {{[0-9]+}} executions
// TRUE: reason: no execution calls reach_error() (optimal DPOR, 1 loop abstracted, {{.*}}every schedule and nondet value covered
// TRUE: SV-COMP result: true
// RUN: %bporcheck --svcomp --no-progress --time-limit=20 --property=%S/Inputs/unreach-call.prp --witness=%t.graphml -DUNLOCKED %s | %FileCheck --check-prefix=FALSE %s
// RUN: %bporcheck --validate-witness=%t.graphml --property=%S/Inputs/unreach-call.prp -DUNLOCKED %s | %FileCheck --check-prefix=CONFIRMED %s
// FALSE: SV-COMP result: false(unreach-call)
// CONFIRMED: confirmed
// RUN: %bporcheck --svcomp --no-progress --time-limit=4 --property=%S/Inputs/unreach-call.prp -DIMPRECISE %s | %FileCheck --check-prefix=IMPRECISE %s
// IMPRECISE-NOT: SV-COMP result: false
// IMPRECISE: SV-COMP result: unknown
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
void reach_error(void) {}

static unsigned int len;
unsigned int position;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

unsigned char read_byte(unsigned int i) { return __VERIFIER_nondet_uchar(); }

#ifndef IMPRECISE
void *reader(void *arg) {
  unsigned int count = __VERIFIER_nondet_uint();
  unsigned int i;
  for (i = 0; count > 0 && i < len; ++i, --count)
    if (read_byte(i) == 0xff)
      return 0;
#ifndef UNLOCKED
  pthread_mutex_lock(&lock);
#endif
  position = i;
  if (position != i)
    reach_error();
#ifndef UNLOCKED
  pthread_mutex_unlock(&lock);
#endif
  return 0;
}
#else
void *reader(void *arg) {
  int n = __VERIFIER_nondet_int();
  int i;
  for (i = 0; i < n; ++i)
    ;
  if (n >= 0 && i > n)
    reach_error();
  return 0;
}
#endif

void *seeker(void *arg) {
  pthread_mutex_lock(&lock);
  position = __VERIFIER_nondet_uint();
  pthread_mutex_unlock(&lock);
  return 0;
}

int main(void) {
  pthread_t a, b;
  len = __VERIFIER_nondet_uint();
  pthread_create(&a, 0, reader, 0);
  pthread_create(&b, 0, seeker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
