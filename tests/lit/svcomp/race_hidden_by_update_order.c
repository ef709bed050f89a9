// Data-race detection orders two atomic updates by which ran first (the later one acquires what
// the earlier released), so their order decides whether plain accesses around them race: here
// the write of x and the read of x (after a relaxed flag, which orders nothing) race exactly
// when the reader's fetch_add runs before the writer's. Under data-race detection an update
// whose result is ignored is therefore no commuting update (docs/design.md, "Commuting
// updates"): the search tries both orders and finds the race.
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/no-data-race.prp %s | %FileCheck %s
// CHECK: SV-COMP result: false(no-data-race)
#include <pthread.h>
#include <stdatomic.h>

int x;
atomic_int updates, flag;

void *writer(void *arg) {
  x = 1;
  atomic_fetch_add(&updates, 1);
  atomic_store_explicit(&flag, 1, memory_order_relaxed);
  return 0;
}

void *reader(void *arg) {
  atomic_fetch_add(&updates, 1);
  if (atomic_load_explicit(&flag, memory_order_relaxed))
    return (void *)(long)x;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, writer, 0);
  pthread_create(&b, 0, reader, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
