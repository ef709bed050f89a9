// The nondet functions as a C program declares them (with zeroext/signext
// results), and the source location of each call.
// REQUIRES: plugin
// RUN: %clang -O0 -g -emit-llvm -S %s -o %t.ll
// RUN: %opt -load-pass-plugin=%plugin -passes=bpor-prepare,bpor-instrument -S %t.ll -o %t.out.ll
// RUN: %FileCheck %s < %t.out.ll
// RUN: %FileCheck %s --check-prefix=TABLE < %t.out.ll
extern int __VERIFIER_nondet_int(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern char __VERIFIER_nondet_char(void);
extern void __VERIFIER_assume(int);

int main(void) {
  // CHECK: [[X:%.*]] = call i64 @__bpor_nondet(i32 32, i32 1, i32 1)
  // CHECK-NEXT: [[X32:%.*]] = trunc i64 [[X]] to i32
  int x = __VERIFIER_nondet_int();
  // CHECK: [[B:%.*]] = call i64 @__bpor_nondet(i32 1, i32 0, i32 2)
  // CHECK-NEXT: trunc i64 [[B]] to i1
  _Bool b = __VERIFIER_nondet_bool();
  // CHECK: [[C:%.*]] = call i64 @__bpor_nondet(i32 8, i32 1, i32 3)
  // CHECK-NEXT: trunc i64 [[C]] to i8
  char c = __VERIFIER_nondet_char();
  __VERIFIER_assume(x > 0);
  return x + b + c;
}
// One entry per call (line, column), after the "unknown" entry 0.
// TABLE: @__bpor_file = private unnamed_addr constant [{{[0-9]+}} x i8] c"{{.*}}nondet-from-c.c\00"
// TABLE: @__bpor_source_locations = internal constant [4 x { ptr, i32, i32 }] [{ ptr, i32, i32 } zeroinitializer, { ptr, i32, i32 } { ptr @__bpor_file, i32 16, i32 11 }, { ptr, i32, i32 } { ptr @__bpor_file, i32 19, i32 13 }, { ptr, i32, i32 } { ptr @__bpor_file, i32 22, i32 12 }]
