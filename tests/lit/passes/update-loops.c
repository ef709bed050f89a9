// A loop whose only effects are atomic read-modify-writes, with no local state carried from one
// iteration into the next, gets __bpor_update_loop_yield on its back edge (SpinLoopPass.h: the
// search decides at the back edge whether the iteration changed anything); a loop that carries
// the value a failed compare-and-swap read into the next iteration, or that writes, gets none.
// REQUIRES: plugin
// RUN: %clang -O0 -g -fno-discard-value-names -emit-llvm -S %s -o %t.ll
// RUN: %opt -load-pass-plugin=%plugin -passes=bpor-prepare,bpor-instrument,bpor-spin-yield -S %t.ll | %FileCheck %s
// RUN: %opt -load-pass-plugin=%plugin -passes=bpor-prepare,bpor-instrument,bpor-spin-yield -stats -disable-output %t.ll 2>&1 | %FileCheck %s --check-prefix=STATS
// STATS: 5 bpor-spin-loops - Update loops: their only effects are atomic read-modify-writes
#include <stdatomic.h>

atomic_int lock, counter, stop;
atomic_flag flag = ATOMIC_FLAG_INIT;

// CHECK-LABEL: define dso_local void @spin_lock(
// CHECK: call void @__bpor_spin_start(i32 [[LOOP:[0-9]+]])
// CHECK: call i64 @__bpor_cmpxchg(
// CHECK: call void @__bpor_spin_end(i32 [[LOOP]])
// CHECK-NEXT: call void @__bpor_update_loop_yield(i32 {{[0-9]+}})
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
// CHECK: call void @__bpor_update_loop_yield(
// CHECK-LABEL: define dso_local void @flag_lock(
void increment(void) {
  int old;
  do {
    old = atomic_load_explicit(&counter, memory_order_relaxed);
  } while (!atomic_compare_exchange_weak_explicit(&counter, &old, old + 1, memory_order_relaxed,
                                                  memory_order_relaxed));
}

// An exchange that writes 1 (atomic_flag_test_and_set): an iteration that read 1 wrote what was
// there; the search sees that when it has run.
// CHECK: call i64 @__bpor_rmw(
// CHECK: call void @__bpor_update_loop_yield(
// CHECK-LABEL: define dso_local void @goes_round_after_success(
void flag_lock(void) {
  while (atomic_flag_test_and_set_explicit(&flag, memory_order_acquire)) {
  }
}

// Going round after a compare-and-swap that succeeded is an iteration that changed something:
// the search lets it go round instead of waiting.
// CHECK: call void @__bpor_update_loop_yield(
// CHECK-LABEL: define dso_local void @carries_what_it_read(
void goes_round_after_success(void) {
  while (atomic_load_explicit(&stop, memory_order_relaxed) == 0) {
    int expected = 0;
    atomic_compare_exchange_strong(&lock, &expected, 1);
  }
}

// The failed compare-and-swap writes what it read to `expected`, which the next iteration
// expects: state carried from one iteration to the next.
// CHECK-NOT: __bpor_update_loop_yield
// CHECK-LABEL: define dso_local void @writes_too(
void carries_what_it_read(void) {
  int expected = 0;
  while (!atomic_compare_exchange_strong(&counter, &expected, expected + 1)) {
  }
}

// A store in the iteration besides the compare-and-swap.
// CHECK-NOT: __bpor_update_loop_yield
// CHECK-LABEL: define dso_local void @lock_by_call(
void writes_too(void) {
  int expected = 0;
  while (!atomic_compare_exchange_strong(&lock, &expected, 1)) {
    expected = 0;
    atomic_store_explicit(&stop, 1, memory_order_relaxed);
  }
}

// A call of a function whose only effects are updates counts as an update (C++'s
// std::atomic<bool>::exchange at -O0 is such a call): the loop is an update loop.
// CHECK: call i32 @take(
// CHECK: call void @__bpor_update_loop_yield(
// CHECK-LABEL: define internal i32 @take(
static int take(void) { return atomic_exchange_explicit(&lock, 1, memory_order_acquire); }

void lock_by_call(void) {
  while (take()) {
  }
}
