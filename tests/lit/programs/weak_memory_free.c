// free() under RC11: a node published with a relaxed store and freed by its producer once the
// consumer says it is done. With release/acquire (-DORDERED) the consumer's read of the node
// happens before the free: no error. With relaxed orders nothing orders the read and the free:
// a race with free(), undefined behaviour in C11, reported as such; under SC the same program
// is correct, as every execution there orders them.
// RUN: %bporcheck --no-progress -DORDERED %s | %FileCheck --check-prefix=OK %s
// RUN: %expect-exit 1 %bporcheck --no-progress %s | %FileCheck --check-prefix=RACE %s
// RUN: %bporcheck --no-progress --model=sc %s | %FileCheck --check-prefix=SC %s
// RUN: %expect-exit 3 %bporcheck --no-progress --model=tso %s | %FileCheck --check-prefix=TSO %s
// OK: verdict: ok: no error in any schedule (graph search under RC11, one execution per consistent graph, 4 executions)
// RACE: error: data race: this free() and an access to the object by thread 2 (consumer) at {{.*}}weak_memory_free.c:{{[0-9]+}}:{{[0-9]+}} are not ordered by happens-before under RC11
// SC: verdict: ok: no error in any schedule (optimal DPOR under SC,
// TSO: free() of shared memory is not supported under TSO yet
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#ifdef ORDERED
#define PUBLISH memory_order_release
#define CONSUME memory_order_acquire
#else
#define PUBLISH memory_order_relaxed
#define CONSUME memory_order_relaxed
#endif

struct node {
  atomic_int value; // atomic, so that the only race is the one with free()
};

_Atomic(struct node *) shared;
atomic_int done;
int seen;

void *producer(void *arg) {
  struct node *n = malloc(sizeof *n);
  atomic_store_explicit(&n->value, 42, memory_order_relaxed);
  atomic_store_explicit(&shared, n, PUBLISH);
  if (atomic_load_explicit(&done, CONSUME))
    free(n);
  return 0;
}

void *consumer(void *arg) {
  struct node *n = atomic_load_explicit(&shared, CONSUME);
  if (n)
    seen = atomic_load_explicit(&n->value, memory_order_relaxed);
  atomic_store_explicit(&done, 1, PUBLISH);
  return 0;
}

int main(void) {
  pthread_t p, c;
  pthread_create(&p, 0, producer, 0);
  pthread_create(&c, 0, consumer, 0);
  pthread_join(p, 0);
  pthread_join(c, 0);
  return 0;
}
