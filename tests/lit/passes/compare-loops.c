// A loop whose only effects are compare-and-swaps that must fail for it to go round gets
// __bpor_compare_loop_yield on its back edge (SpinLoopPass.h); a loop that goes round after a
// compare-and-swap that succeeded, or that carries the value a failed one read into the next
// iteration, or that writes, gets none.
// REQUIRES: plugin
// RUN: %clang -O0 -g -fno-discard-value-names -emit-llvm -S %s -o %t.ll
// RUN: %opt -load-pass-plugin=%plugin -passes=bpor-prepare,bpor-instrument,bpor-spin-yield -S %t.ll | %FileCheck %s
// RUN: %opt -load-pass-plugin=%plugin -passes=bpor-prepare,bpor-instrument,bpor-spin-yield -stats -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=STATS
// STATS: 3 bpor-spin-loops - Compare-and-swap loops: their back edges need a failed one
#include <stdatomic.h>

atomic_int lock, counter, stop;

// CHECK-LABEL: define dso_local void @spin_lock(
// CHECK: call void @__bpor_spin_start(i32 [[LOOP:[0-9]+]])
// CHECK: call i64 @__bpor_cmpxchg(
// CHECK: call void @__bpor_spin_end(i32 [[LOOP]])
// CHECK-NEXT: call void @__bpor_compare_loop_yield(i32 {{[0-9]+}})
// CHECK-NOT: __bpor_spin_yield
// CHECK-LABEL: define dso_local void @increment(
void spin_lock(void) {
  int expected = 0;
  while (!atomic_compare_exchange_strong_explicit(&lock, &expected, 1, memory_order_acquire,
                                                  memory_order_relaxed))
    expected = 0;
}

// A retry loop that reloads the value it expects.
// CHECK: call i64 @__bpor_cmpxchg(
// CHECK: call void @__bpor_compare_loop_yield(
// CHECK-LABEL: define dso_local void @try_twice(
void increment(void) {
  int old;
  do {
    old = atomic_load_explicit(&counter, memory_order_relaxed);
  } while (!atomic_compare_exchange_weak_explicit(&counter, &old, old + 1, memory_order_relaxed,
                                                  memory_order_relaxed));
}

// Success decided through a local flag the branch tests.
// CHECK: call void @__bpor_compare_loop_yield(
// CHECK-LABEL: define dso_local void @goes_round_after_success(
void try_twice(void) {
  for (;;) {
    int expected = 0;
    _Bool done = atomic_compare_exchange_strong(&lock, &expected, 1);
    if (done)
      break;
  }
}

// The back edge does not need the compare-and-swap to fail: no yield.
// CHECK-NOT: __bpor_compare_loop_yield
// CHECK-LABEL: define dso_local void @carries_what_it_read(
void goes_round_after_success(void) {
  while (atomic_load_explicit(&stop, memory_order_relaxed) == 0) {
    int expected = 0;
    atomic_compare_exchange_strong(&lock, &expected, 1);
  }
}

// The failed compare-and-swap writes what it read to `expected`, which the next iteration
// expects: state carried from one iteration to the next.
// CHECK-NOT: __bpor_compare_loop_yield
// CHECK-LABEL: define dso_local void @writes_too(
void carries_what_it_read(void) {
  int expected = 0;
  while (!atomic_compare_exchange_strong(&counter, &expected, expected + 1)) {
  }
}

// A store in the iteration besides the compare-and-swap.
// CHECK-NOT: __bpor_compare_loop_yield
// CHECK: ret void
void writes_too(void) {
  int expected = 0;
  while (!atomic_compare_exchange_strong(&lock, &expected, 1)) {
    expected = 0;
    atomic_store_explicit(&stop, 1, memory_order_relaxed);
  }
}
