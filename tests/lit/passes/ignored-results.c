// Updates and barrier waits whose result the program never uses carry !bpor.ignored
// (passes/IgnoredResults.h): a statement atomic_fetch_add (clang stores its result to a
// temporary and loads it for nothing), a __sync_fetch_and_or, a pthread_barrier_wait whose
// result is dropped. One whose result is read does not.
// REQUIRES: plugin
// RUN: %clang -O0 -g -emit-llvm -S %s -o %t.ll
// RUN: %opt -load-pass-plugin=%plugin -passes=bpor-prepare,bpor-instrument -S %t.ll | %FileCheck %s
#include <pthread.h>
#include <stdatomic.h>

atomic_int counter;
int flags;
pthread_barrier_t barrier;

// CHECK-LABEL: define {{.*}} @ignored(
void ignored(void) {
  // CHECK: call i64 @__bpor_rmw({{.*}}, !bpor.ignored
  atomic_fetch_add(&counter, 1);
  // CHECK: call i64 @__bpor_rmw({{.*}}, !bpor.ignored
  __sync_fetch_and_or(&flags, 4);
  // CHECK: call i32 @__bpor_pthread_barrier_wait({{.*}}, !bpor.ignored
  pthread_barrier_wait(&barrier);
  // CHECK: ret void
}

// CHECK-LABEL: define {{.*}} @used(
int used(void) {
  // CHECK: call i64 @__bpor_rmw({{.*}}, !dbg {{![0-9]+}}{{$}}
  int old = atomic_fetch_add(&counter, 1);
  // CHECK: call i32 @__bpor_pthread_barrier_wait({{.*}}, !dbg {{![0-9]+}}{{$}}
  return old + pthread_barrier_wait(&barrier);
}
