// A C program through bpor-prepare and bpor-instrument: locals that do not
// escape become registers or stay plain; globals, heap, escaping locals,
// volatile and atomic accesses become runtime calls with the address, size,
// value, order and location id.
// REQUIRES: plugin
// RUN: %clang -O0 -g -fno-discard-value-names -emit-llvm -S %s -o %t.ll
// RUN: %opt -load-pass-plugin=%plugin -passes=bpor-prepare,bpor-instrument -S %t.ll | %FileCheck %s
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

int shared;
atomic_int ready;

static void *worker(void *arg) {
  int *slot = arg;
  *slot = 42;
  return 0;
}

// CHECK-LABEL: define dso_local i32 @main(
// The scalar local was promoted; the array local stays a plain alloca; the
// one handed to a thread is shared; the pthread_t that pthread_create only
// fills in (a private argument, passes/PrivateArguments.h) stays local.
// CHECK-NOT: alloca
// CHECK: %table = alloca [4 x i32], align 16{{$}}
// CHECK-NEXT: %result = alloca i32, align 4, !bpor.shared
// CHECK-NEXT: %volatile_local = alloca i32, align 4, !bpor.shared
// CHECK-NEXT: %t = alloca i64, align 8{{$}}
// CHECK-NOT: alloca
int main(void) {
  int sum = 0;
  int table[4];
  int result = 0;
  volatile int volatile_local = 0;
  pthread_t t;

  // CHECK: store i32 7, ptr %arrayidx, align 4, !dbg
  // CHECK: = load i32, ptr %arrayidx3, align 4, !dbg
  table[shared & 3] = 7;
  sum += table[shared & 3];

  // CHECK: call i32 @__bpor_pthread_create(ptr noundef %t, ptr noundef null, ptr noundef @worker, ptr noundef %result)
  pthread_create(&t, 0, worker, &result);

  // Heap: a pointer returned by malloc is shared.
  // CHECK: %[[HEAP:call[0-9]*]] = call noalias ptr @malloc(i64 noundef 8)
  // CHECK: %[[ELT:arrayidx[0-9]*]] = getelementptr inbounds i32, ptr %[[HEAP]], i64 0
  // CHECK-NEXT: call void @__bpor_store(ptr %[[ELT]], i64 5, i64 4, i32 0, i32 {{[1-9][0-9]*}})
  int *heap = malloc(2 * sizeof(int));
  heap[0] = 5;

  // CHECK: call void @__bpor_store(ptr %volatile_local, i64 1, i64 4, i32 0, i32 {{[1-9][0-9]*}})
  volatile_local = 1;

  // CHECK: call void @__bpor_store(ptr @ready, i64 1, i64 4, i32 5, i32 {{[1-9][0-9]*}})
  atomic_store_explicit(&ready, 1, memory_order_release);

  // CHECK: %[[T:[0-9]+]] = load i64, ptr %t, align 8, !dbg
  // CHECK-NEXT: call i32 @__bpor_pthread_join(i64 noundef %[[T]], ptr noundef null)
  // CHECK: call i64 @__bpor_load(ptr %result, i64 4, i32 0, i32 {{[1-9][0-9]*}})
  // CHECK: call void @__bpor_store(ptr @shared, i64 %{{[0-9]+}}, i64 4, i32 0, i32 {{[1-9][0-9]*}})
  pthread_join(t, 0);
  shared = result + sum;
  free(heap);
  return 0;
}

// The worker's store goes through its argument: shared.
// CHECK-LABEL: define internal ptr @worker(
// CHECK: call void @__bpor_store(ptr %arg, i64 42, i64 4, i32 0, i32 {{[1-9][0-9]*}})
