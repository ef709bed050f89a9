; Values of up to 8 bytes travel as one i64: integers zero-extended, floats
; bit-cast, pointers ptrtoint; larger values go through a private buffer and
; __bpor_load_bytes/__bpor_store_bytes.
; REQUIRES: plugin
; RUN: %opt -load-pass-plugin=%plugin -passes=bpor-instrument -S %s | %FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%pair = type { i64, i32 }

; CHECK-LABEL: define void @small(
define void @small(ptr %p, i8 %c, i1 %b, i64 %l, ptr %q, float %f, double %d, <2 x i16> %v) {
; CHECK: [[C:%.*]] = zext i8 %c to i64
; CHECK-NEXT: call void @__bpor_store(ptr %p, i64 [[C]], i64 1, i32 0, i32 0)
  store i8 %c, ptr %p
; CHECK-NEXT: [[B:%.*]] = zext i1 %b to i64
; CHECK-NEXT: call void @__bpor_store(ptr %p, i64 [[B]], i64 1, i32 0, i32 0)
  store i1 %b, ptr %p
; CHECK-NEXT: call void @__bpor_store(ptr %p, i64 %l, i64 8, i32 0, i32 0)
  store i64 %l, ptr %p
; CHECK-NEXT: [[Q:%.*]] = ptrtoint ptr %q to i64
; CHECK-NEXT: call void @__bpor_store(ptr %p, i64 [[Q]], i64 8, i32 0, i32 0)
  store ptr %q, ptr %p
; CHECK-NEXT: [[F:%.*]] = bitcast float %f to i32
; CHECK-NEXT: [[F64:%.*]] = zext i32 [[F]] to i64
; CHECK-NEXT: call void @__bpor_store(ptr %p, i64 [[F64]], i64 4, i32 0, i32 0)
  store float %f, ptr %p
; CHECK-NEXT: [[D:%.*]] = bitcast double %d to i64
; CHECK-NEXT: call void @__bpor_store(ptr %p, i64 [[D]], i64 8, i32 0, i32 0)
  store double %d, ptr %p
; CHECK-NEXT: [[V:%.*]] = bitcast <2 x i16> %v to i32
; CHECK-NEXT: [[V64:%.*]] = zext i32 [[V]] to i64
; CHECK-NEXT: call void @__bpor_store(ptr %p, i64 [[V64]], i64 4, i32 0, i32 0)
  store <2 x i16> %v, ptr %p
  ret void
}

; CHECK-LABEL: define double @small_loads(
define double @small_loads(ptr %p) {
; CHECK: [[C:%.*]] = call i64 @__bpor_load(ptr %p, i64 1, i32 0, i32 0)
; CHECK-NEXT: %c = trunc i64 [[C]] to i8
  %c = load i8, ptr %p
; CHECK-NEXT: [[B:%.*]] = call i64 @__bpor_load(ptr %p, i64 1, i32 0, i32 0)
; CHECK-NEXT: %b = trunc i64 [[B]] to i1
  %b = load i1, ptr %p
; CHECK-NEXT: [[Q:%.*]] = call i64 @__bpor_load(ptr %p, i64 8, i32 0, i32 0)
; CHECK-NEXT: %q = inttoptr i64 [[Q]] to ptr
  %q = load ptr, ptr %p
; CHECK-NEXT: [[F:%.*]] = call i64 @__bpor_load(ptr %q, i64 4, i32 0, i32 0)
; CHECK-NEXT: [[F32:%.*]] = trunc i64 [[F]] to i32
; CHECK-NEXT: %f = bitcast i32 [[F32]] to float
  %f = load float, ptr %q
; CHECK-NEXT: [[D:%.*]] = call i64 @__bpor_load(ptr %p, i64 8, i32 0, i32 0)
; CHECK-NEXT: %d = bitcast i64 [[D]] to double
  %d = load double, ptr %p
  %fd = fpext float %f to double
  %s = fadd double %d, %fd
  ret double %s
}

; One private buffer per function and type, in the entry block.
; CHECK-LABEL: define %pair @large(
; CHECK-NEXT: [[BUF80:%bpor.buf.*]] = alloca x86_fp80, align 16
; CHECK-NEXT: [[BUF128:%bpor.buf.*]] = alloca i128, align 16
; CHECK-NEXT: [[BUF:%bpor.buf.*]] = alloca %pair, align 8
define %pair @large(ptr %p, %pair %v, i128 %w, x86_fp80 %x) {
; CHECK-NEXT: call void @__bpor_load_bytes(ptr %p, ptr [[BUF]], i64 16, i32 0, i32 0)
; CHECK-NEXT: %s = load %pair, ptr [[BUF]], align 8
  %s = load %pair, ptr %p
; CHECK-NEXT: store %pair %v, ptr [[BUF]], align 8
; CHECK-NEXT: call void @__bpor_store_bytes(ptr %p, ptr [[BUF]], i64 16, i32 0, i32 0)
  store %pair %v, ptr %p
; CHECK-NEXT: store i128 %w, ptr [[BUF128]], align 16
; CHECK-NEXT: call void @__bpor_store_bytes(ptr %p, ptr [[BUF128]], i64 16, i32 0, i32 0)
  store i128 %w, ptr %p
; The store size of x86_fp80 is 10 bytes, not its allocation size of 16.
; CHECK-NEXT: store x86_fp80 %x, ptr [[BUF80]], align 16
; CHECK-NEXT: call void @__bpor_store_bytes(ptr %p, ptr [[BUF80]], i64 10, i32 0, i32 0)
  store x86_fp80 %x, ptr %p
  ret %pair %s
}

; CHECK-DAG: declare void @__bpor_load_bytes(ptr, ptr, i64, i32, i32)
; CHECK-DAG: declare void @__bpor_store_bytes(ptr, ptr, i64, i32, i32)
