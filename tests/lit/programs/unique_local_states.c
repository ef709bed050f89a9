// --hash-states counts the unique local states (Definition 2.1, dissertation: an event with
// every event that happens before it) reached by the search; the counts are derived by hand.
//
// Events (the runtime's): main F1 = create writer, F2 = create reader, J1, J2 = the joins,
// X = exit; writer W = store x (it ends); reader L = load READ, R = store r (it ends).
// With READ = x, W and L race. Order A: W before L (L reads 1); order B: L before W (L reads 0,
// and W, which overwrites what L read, has L in its past).
//   F1, F2: one state each (main's own past).                                          2
//   W: {F1,W} in A, {F1,F2,L,W} in B.                                                   2
//   L: reads 1 with W in its past (A), reads 0 without (B).                             2
//   R: its past is L's plus R, so A and B differ.                                       2
//   J1: main's past with W's: {F1,F2,W,J1} in A, {F1,F2,L,W,J1} in B.                   2
//   J2, X: everything, with L reading 1 (A) or 0 (B).                                   2 + 2
// Total 14, for every complete search: exhaustive, DPOR, BPOR, source-DPOR and optimal DPOR
// all reach every local state of this bug-free program.
// Compiled once per variant, as bporcheck compiles C input (-O0 -g, optnone off).
// RUN: %clang -O0 -g -emit-llvm -c -Xclang -disable-O0-optnone %s -o %t.bc
// RUN: %clang -O0 -g -emit-llvm -c -Xclang -disable-O0-optnone -DREAD=y %s -o %t.y.bc
// RUN: %bporcheck --hash-states --por=none %t.bc | %FileCheck --check-prefix=ALL %s
// RUN: %bporcheck --hash-states --por=dpor %t.bc | %FileCheck --check-prefix=ALL %s
// RUN: %bporcheck --hash-states --por=source %t.bc | %FileCheck --check-prefix=ALL %s
// RUN: %bporcheck --hash-states --por=optimal %t.bc | %FileCheck --check-prefix=ALL %s
// RUN: %bporcheck --hash-states --por=bpor --preemptions=3 %t.bc | %FileCheck --check-prefix=ALL %s
// ALL: unique local states: 14{{$}}
//
// Within a context bound (Definition 2.8: every change of thread counts, main's too), only the
// states some schedule reaches within the bound count:
//   0 switches: F1, F2 (main alone, then every thread would need a switch).               2
//   1 switch: + W in A (F1 F2 W), L reading 0 and R after it (F1 F2 L R).                 5
//   2 switches: + W in B (F1 F2 L W), L reading 1 and R after it (F1 F2 W L R),
//               J1 in A (F1 F2 W J1); J1 in B, J2 and X need a third switch.               9
//   3 switches: every state.                                                               14
// BPOR reaches what plain bounded search reaches (the bounded coverage guarantee).
// RUN: %bporcheck --hash-states --por=none --contexts=0 %t.bc | %FileCheck --check-prefix=C0 %s
// RUN: %bporcheck --hash-states --por=bpor --contexts=0 %t.bc | %FileCheck --check-prefix=C0 %s
// RUN: %bporcheck --hash-states --por=none --contexts=1 %t.bc | %FileCheck --check-prefix=C1 %s
// RUN: %bporcheck --hash-states --por=bpor --contexts=1 %t.bc | %FileCheck --check-prefix=C1 %s
// RUN: %bporcheck --hash-states --por=none --contexts=2 %t.bc | %FileCheck --check-prefix=C2 %s
// RUN: %bporcheck --hash-states --por=bpor --contexts=2 %t.bc | %FileCheck --check-prefix=C2 %s
// RUN: %bporcheck --hash-states --por=bpor --contexts=3 %t.bc | %FileCheck --check-prefix=ALL %s
// C0: unique local states: 2{{$}}
// C1: unique local states: 5{{$}}
// C2: unique local states: 9{{$}}
// With --iterate each round states the count so far, which is the count within its bound
// (earlier rounds had smaller bounds), and the statistics the count over all rounds.
// RUN: %bporcheck --hash-states --iterate --contexts=5 %t.bc | %FileCheck --check-prefix=ITER %s
// ITER: bound 0: {{.*}}, 2 unique local states)
// ITER-NEXT: bound 1: {{.*}}, 5 unique local states)
// ITER-NEXT: bound 2: {{.*}}, 9 unique local states)
// ITER-NEXT: bound 3: {{.*}}, 14 unique local states)
// ITER: unique local states: 14{{$}}
//
// With READ = y nothing races: each event has one past whatever the schedule, so the count is
// the number of events, 8, although exhaustive search runs 9 executions.
// RUN: %bporcheck --hash-states --por=none %t.y.bc | %FileCheck --check-prefixes=NORACE,NINE %s
// RUN: %bporcheck --hash-states --por=dpor %t.y.bc | %FileCheck --check-prefix=NORACE %s
// RUN: %bporcheck --hash-states --por=optimal %t.y.bc | %FileCheck --check-prefix=NORACE %s
// NINE: (exhaustive search, 9 executions)
// NORACE: unique local states: 8{{$}}
//
// In JSON, the same count under "unique_local_states", null without --hash-states, and no text
// line without it.
// RUN: %bporcheck --json --hash-states %t.bc > %t.json
// RUN: python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['unique_local_states'] == 14, d; assert d['options']['hash_states'] == 'true', d; print('json ok')" %t.json | %FileCheck --check-prefix=JSON %s
// RUN: %bporcheck --json %t.bc > %t2.json
// RUN: python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['unique_local_states'] is None, d; assert d['options']['hash_states'] == 'false', d; print('json ok')" %t2.json | %FileCheck --check-prefix=JSON %s
// JSON: json ok
// RUN: %bporcheck %t.bc | %FileCheck --check-prefix=OFF %s
// OFF: executions:
// OFF-NOT: unique local states
#include <pthread.h>

#ifndef READ
#define READ x
#endif

int x, y, r;

void *writer(void *arg) {
  x = 1;
  return 0;
}

void *reader(void *arg) {
  r = READ;
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
