// Bitcode compiled with optimizations (vectors, selects, memcpy, phis of
// pointers) still instruments into valid IR, and no load or store of shared
// memory is left plain.
// REQUIRES: plugin
// RUN: %clang -O2 -g -emit-llvm -S %s -o %t.ll
// RUN: %opt -load-pass-plugin=%plugin -passes=bpor-prepare,bpor-instrument,bpor-spin-yield -S %t.ll -o %t.out.ll
// RUN: %FileCheck %s < %t.out.ll
#include <string.h>

struct point { long x, y, z, w; };
struct point origin, target;
int values[64];
int *cursor;

// CHECK-LABEL: define dso_local void @copy_points(
// CHECK-NOT: {{ (load|store) }}
// CHECK: call void @__bpor_memcpy(ptr @target, ptr @origin, i64 32, i32 {{[1-9][0-9]*}})
// CHECK-NOT: {{ (load|store) }}
// CHECK: ret void
void copy_points(void) { memcpy(&target, &origin, sizeof target); }

// A vectorized loop: vector loads and stores become byte-wise runtime calls
// through private buffers (plain accesses to those buffers only).
// CHECK-LABEL: define dso_local void @scale(
// CHECK: call void @__bpor_load_bytes(ptr {{.*}}, ptr [[BUF:%bpor.buf[0-9]*]], i64 16,
// CHECK: load <4 x i32>, ptr [[BUF]]
// CHECK: call void @__bpor_store_bytes(
// CHECK: ret void
void scale(int k) {
  for (int i = 0; i < 64; i++)
    values[i] *= k;
}

// CHECK-LABEL: define dso_local i32 @pick(
// CHECK: [[P:%.*]] = call i64 @__bpor_load(ptr @cursor, i64 8, i32 0,
// CHECK: call i64 @__bpor_load(ptr {{%.*}}, i64 4, i32 0,
// CHECK-NOT: {{ (load|store) }}
// CHECK: ret i32
int pick(int which) {
  int *p = which ? cursor : &values[3];
  return *p;
}
