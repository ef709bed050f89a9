// A violation witness: one edge per visible step with its source line and thread, the thread
// creation, and the nondet value as an assumption about the nondet function's result (as C
// shows it: -3, not the byte 253), in its place in the path. The complete search finds it first,
// with a symbolic value: the branch on it is a step of its own (the edge at line 25 before the
// other thread's write).
// RUN: %bporcheck --svcomp --no-progress --property=%S/Inputs/unreach-call.prp --witness=%t.graphml %s | %FileCheck --check-prefix=ANSWER %s
// RUN: %FileCheck %s < %t.graphml
// ANSWER: SV-COMP result: false(unreach-call)
// CHECK: <edge source="N0" target="N1"><data key="startline">[[#@LINE+14]]</data><data key="threadId">0</data><data key="assumption">\result == -3;</data><data key="assumption.resultfunction">__VERIFIER_nondet_char</data></edge>
// CHECK: <edge source="N1" target="N2"><data key="startline">[[#@LINE+15]]</data><data key="threadId">0</data><data key="createThread">1</data></edge>
// CHECK: <data key="threadId">1</data>
// CHECK: <node id="N6"><data key="violation">true</data></node>
// CHECK: <edge source="N5" target="N6"><data key="startline">[[#@LINE+14]]</data><data key="threadId">0</data></edge>
#include <pthread.h>
void reach_error() {}
extern char __VERIFIER_nondet_char(void);
int x;
void *t(void *a) {
  x = 1;
  return 0;
}
int main(void) {
  char c = __VERIFIER_nondet_char();
  pthread_t h;
  pthread_create(&h, 0, t, 0);
  if (c + 3 == 0 && x == 1) // computed with, not only compared: a symbolic value
    reach_error();
  return 0;
}
