// --no-alternative-thread switches off 6.2 (Definition 6.5, Algorithm 16, dissertation): the
// search reaches the same local states either way, and with it DPOR explores fewer executions.
//
// The writer's store to x races with the reader's load of x, and the reader does not exist yet
// when the writer can store: main creates it later. To reverse that race DPOR must start from
// the state before the store, where the reader is disabled (not created). Without 6.2 it
// backtracks every enabled thread there (main, the writer and the two busy threads); with it,
// only the threads of E(S, i, u), whose next transition leads towards the reader: main, which
// creates it.
//
// Local states (Definition 2.1), counted as in unique_local_states.c: main's first five events
// (create busy1, create busy2, create writer, store y, create reader) have one past each (5);
// the busy threads' four stores one each (4); the writer's store W, the reader's load L and
// store R, and main's four joins and its exit have two each, one with L reading 0 (before W)
// and one with L reading 1 (W in its past) (2 * 8 = 16). Total 25.
// RUN: %bporcheck --hash-states --por=dpor %s | %FileCheck --check-prefix=STATES %s
// RUN: %bporcheck --hash-states --por=dpor --no-alternative-thread %s | %FileCheck --check-prefix=STATES %s
// RUN: %bporcheck --hash-states --preemptions=3 %s | %FileCheck --check-prefix=STATES %s
// RUN: %bporcheck --hash-states --preemptions=3 --no-alternative-thread %s | %FileCheck --check-prefix=STATES %s
// RUN: %bporcheck --hash-states --por=none %s | %FileCheck --check-prefix=STATES %s
// STATES: unique local states: 25{{$}}
// RUN: %bporcheck --json --por=dpor %s > %t.on
// RUN: %bporcheck --json --por=dpor --no-alternative-thread %s > %t.off
// RUN: python3 -c "import json,sys; on,off=(json.load(open(f)) for f in sys.argv[1:]); assert on['options']['alternative_thread']=='true' and off['options']['alternative_thread']=='false'; assert on['executions'] < off['executions'], (on['executions'], off['executions']); print('fewer')" %t.on %t.off | %FileCheck --check-prefix=FEWER %s
// FEWER: fewer
#include <pthread.h>

int x, y, z, w, r;

void *writer(void *arg) {
  x = 1;
  return 0;
}

void *reader(void *arg) {
  r = x;
  return 0;
}

void *busy1(void *arg) {
  z = 1;
  z = 2;
  return 0;
}

void *busy2(void *arg) {
  w = 1;
  w = 2;
  return 0;
}

int main(void) {
  pthread_t a, b, c, d;
  pthread_create(&c, 0, busy1, 0);
  pthread_create(&d, 0, busy2, 0);
  pthread_create(&a, 0, writer, 0);
  y = 1;
  pthread_create(&b, 0, reader, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  pthread_join(c, 0);
  pthread_join(d, 0);
  return 0;
}
