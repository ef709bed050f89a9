// A loop whose iterations only read shared memory gets __bpor_spin_yield on
// its back edge (Peterson's lock without sched_yield); loops that write, call,
// carry local state or already yield get none.
// REQUIRES: plugin
// RUN: %clang -O0 -g -fno-discard-value-names -emit-llvm -S %s -o %t.ll
// RUN: %opt -load-pass-plugin=%plugin -passes=bpor-prepare,bpor-instrument,bpor-spin-yield -S %t.ll | %FileCheck %s
// RUN: %opt -load-pass-plugin=%plugin -passes=bpor-prepare,bpor-instrument,bpor-spin-assume -S %t.ll | %FileCheck %s --check-prefix=ASSUME
#include <sched.h>

int flag[2];
int turn;
int data;
extern void work(void);

// CHECK-LABEL: define dso_local void @peterson_lock(
// The iteration begins at the header and ends on the back edge (__bpor_spin_start/end).
// CHECK: while.cond:
// CHECK-NEXT: call void @__bpor_spin_start(i32 [[LOOP:[0-9]+]])
// CHECK: call i64 @__bpor_load(ptr %arrayidx{{[0-9]*}}, i64 4, i32 0,
// CHECK: call i64 @__bpor_load(ptr @turn, i64 4, i32 0,
// The latch has one successor, the header: the yield goes into it.
// CHECK: while.body:
// CHECK-NEXT: call void @__bpor_spin_end(i32 [[LOOP]])
// CHECK-NEXT: call void @__bpor_spin_yield(i32 {{[0-9]+}}), !dbg
// CHECK-NEXT: br label %while.cond
// CHECK-NOT: __bpor_spin_yield
// ASSUME-LABEL: define dso_local void @peterson_lock(
// ASSUME: while.body:
// ASSUME-NEXT: call void @__bpor_spin_end(
// ASSUME-NEXT: call void @__bpor_assume(i32 0)
// ASSUME-NEXT: br label %while.cond
void peterson_lock(int self) {
  int other = 1 - self;
  flag[self] = 1;
  turn = other;
  while (flag[other] == 1 && turn == other) {
  }
}

// A single-block do-while spin: the yield goes on the back edge only.
// CHECK-LABEL: define dso_local i32 @wait_for_data(
// CHECK: do.cond:
// CHECK: br i1 {{%.*}}, label %bpor.spin, label %do.end
// CHECK: bpor.spin:
// CHECK-NEXT: call void @__bpor_spin_end(
// CHECK-NEXT: call void @__bpor_spin_yield(
// CHECK-NEXT: br label %do.body
// CHECK: do.end:
// CHECK-NEXT: ret i32
int wait_for_data(void) {
  int v;
  do {
    v = data;
  } while (v == 0);
  return v;
}

// CHECK-LABEL: define dso_local void @not_spin_store(
// CHECK-NOT: __bpor_spin_yield
void not_spin_store(void) {
  while (flag[0] == 1)
    data = 1;
}

// CHECK-LABEL: define dso_local void @not_spin_call(
// CHECK-NOT: __bpor_spin_yield
void not_spin_call(void) {
  while (flag[0] == 1)
    work();
}

// Already yields: no second yield.
// CHECK-LABEL: define dso_local void @already_yields(
// CHECK-NOT: __bpor_spin_yield
// CHECK: call i32 @__bpor_sched_yield()
// CHECK-NOT: __bpor_spin_yield
void already_yields(void) {
  while (flag[0] == 1)
    sched_yield();
}

// A counter is local state that changes every iteration: bounded retries
// are not a spin.
// CHECK-LABEL: define dso_local i32 @bounded_retries(
// CHECK-NOT: __bpor_spin_yield
// CHECK: ret i32
int bounded_retries(void) {
  int i;
  for (i = 0; i < 10 && flag[1] == 0; i++) {
  }
  return i;
}
