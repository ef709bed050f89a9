// __VERIFIER_atomic_begin/end become __bpor_atomic_begin/end(loc), and every
// call of a __VERIFIER_atomic_* function is wrapped between them, except a
// call inside another __VERIFIER_atomic_* function (already atomic). Each
// begin names the block's footprint, here the counter, read and written
// (passes/AtomicFootprint.h), also through a pointer argument given as a
// constant address; a block that writes through any other pointer gets none.
// REQUIRES: plugin
// RUN: %clang -O0 -g -emit-llvm -S %s -o %t.ll
// RUN: %opt -load-pass-plugin=%plugin -passes=bpor-prepare,bpor-instrument -S %t.ll | %FileCheck %s
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int counter;

// CHECK: @[[F:__bpor_atomic_footprint[.0-9]*]] = private constant [3 x i64] [i64 ptrtoint (ptr @counter to i64), i64 4, i64 1]

void __VERIFIER_atomic_increment(void) { counter++; }

// CHECK-LABEL: define dso_local void @__VERIFIER_atomic_twice(
// CHECK-NOT: __bpor_atomic_begin
// CHECK: call void @__VERIFIER_atomic_increment()
// CHECK-NEXT: call void @__VERIFIER_atomic_increment()
// CHECK-NEXT: ret void
void __VERIFIER_atomic_twice(void) {
  __VERIFIER_atomic_increment();
  __VERIFIER_atomic_increment();
}

void __VERIFIER_atomic_add(int *p) { *p += 1; }
int *shared = &counter;

// CHECK-LABEL: define dso_local i32 @main(
// CHECK: call void @__bpor_atomic_begin(i32 [[L1:[0-9]+]], ptr @__bpor_atomic_footprint{{[.0-9]*}}, i32 1)
// CHECK-NEXT: call void @__VERIFIER_atomic_increment()
// CHECK-NEXT: call void @__bpor_atomic_end(i32 [[L1]])
// CHECK: call void @__bpor_atomic_begin(i32 [[L2:[0-9]+]], ptr @__bpor_atomic_footprint{{[.0-9]*}}, i32 1)
// CHECK-NEXT: call void @__VERIFIER_atomic_twice()
// CHECK-NEXT: call void @__bpor_atomic_end(i32 [[L2]])
// CHECK: call void @__bpor_atomic_begin(i32 [[L3:[0-9]+]], ptr @__bpor_atomic_footprint{{[.0-9]*}}, i32 1)
// CHECK-NEXT: [[V:%.*]] = call i64 @__bpor_load(ptr @counter, i64 4, i32 0, i32 {{[0-9]+}})
// CHECK: call void @__bpor_store(ptr @counter,
// CHECK-NEXT: call void @__bpor_atomic_end(i32 [[L4:[0-9]+]])
// CHECK: call void @__bpor_atomic_begin(i32 [[L5:[0-9]+]], ptr @__bpor_atomic_footprint{{[.0-9]*}}, i32 1)
// CHECK-NEXT: call void @__VERIFIER_atomic_add(ptr noundef @counter)
// CHECK: call void @__bpor_atomic_begin(i32 [[L6:[0-9]+]], ptr null, i32 0)
// CHECK-NEXT: call void @__VERIFIER_atomic_add(ptr noundef [[P:%.*]])
// CHECK-NOT: __VERIFIER_atomic_begin
// CHECK-NOT: __VERIFIER_atomic_end
int main(void) {
  __VERIFIER_atomic_increment();
  __VERIFIER_atomic_twice();
  __VERIFIER_atomic_begin();
  counter = counter + 1;
  __VERIFIER_atomic_end();
  __VERIFIER_atomic_add(&counter);
  __VERIFIER_atomic_add(shared);
  return counter;
}
// CHECK: declare void @__bpor_atomic_begin(i32, ptr, i32)
// CHECK: declare void @__bpor_atomic_end(i32)
