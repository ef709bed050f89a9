; __VERIFIER_nondet_<type>() becomes __bpor_nondet(bits, kind, loc) and a
; conversion to the declared result type; float and double are drawn as their bits (kind 2,
; core/NondetKind.h) and reinterpreted; an unknown type is left for the runtime to report by
; name. Each result is stored,
; not only compared with constants (nondet_classes.ll has those).
; REQUIRES: plugin
; RUN: %opt -load-pass-plugin=%plugin -passes=bpor-instrument -S %s -o %t.ll
; RUN: %FileCheck %s < %t.ll
; RUN: %FileCheck %s --check-prefix=DECL < %t.ll

declare i32 @__VERIFIER_nondet_int()
declare i32 @__VERIFIER_nondet_struct()
declare i32 @__VERIFIER_nondet_uint()
declare i64 @__VERIFIER_nondet_long()
declare i64 @__VERIFIER_nondet_ulong()
declare i8 @__VERIFIER_nondet_char()
declare i8 @__VERIFIER_nondet_uchar()
declare i16 @__VERIFIER_nondet_short()
declare i16 @__VERIFIER_nondet_ushort()
declare i1 @__VERIFIER_nondet_bool()
declare i1 @__VERIFIER_nondet__Bool()
declare ptr @__VERIFIER_nondet_pointer()
declare i64 @__VERIFIER_nondet_size_t()
declare i64 @__VERIFIER_nondet_loff_t()
declare i32 @__VERIFIER_nondet_u32()
declare float @__VERIFIER_nondet_float()

define void @all(ptr %out) {
; CHECK: [[I:%.*]] = call i64 @__bpor_nondet(i32 32, i32 1, i32 0)
; CHECK-NEXT: %i = trunc i64 [[I]] to i32
  %i = call i32 @__VERIFIER_nondet_int()
  store i32 %i, ptr %out
; CHECK: [[U:%.*]] = call i64 @__bpor_nondet(i32 32, i32 0, i32 0)
; CHECK-NEXT: %u = trunc i64 [[U]] to i32
  %u = call i32 @__VERIFIER_nondet_uint()
  store i32 %u, ptr %out
; A 64-bit result needs no conversion.
; CHECK: %l = call i64 @__bpor_nondet(i32 64, i32 1, i32 0)
  %l = call i64 @__VERIFIER_nondet_long()
  store i64 %l, ptr %out
; CHECK: %ul = call i64 @__bpor_nondet(i32 64, i32 0, i32 0)
  %ul = call i64 @__VERIFIER_nondet_ulong()
  store i64 %ul, ptr %out
; CHECK: [[C:%.*]] = call i64 @__bpor_nondet(i32 8, i32 1, i32 0)
; CHECK-NEXT: %c = trunc i64 [[C]] to i8
  %c = call i8 @__VERIFIER_nondet_char()
  store i8 %c, ptr %out
; CHECK: [[UC:%.*]] = call i64 @__bpor_nondet(i32 8, i32 0, i32 0)
; CHECK-NEXT: %uc = trunc i64 [[UC]] to i8
  %uc = call i8 @__VERIFIER_nondet_uchar()
  store i8 %uc, ptr %out
; CHECK: [[S:%.*]] = call i64 @__bpor_nondet(i32 16, i32 1, i32 0)
; CHECK-NEXT: %s = trunc i64 [[S]] to i16
  %s = call i16 @__VERIFIER_nondet_short()
  store i16 %s, ptr %out
; CHECK: [[US:%.*]] = call i64 @__bpor_nondet(i32 16, i32 0, i32 0)
; CHECK-NEXT: %us = trunc i64 [[US]] to i16
  %us = call i16 @__VERIFIER_nondet_ushort()
  store i16 %us, ptr %out
; CHECK: [[B:%.*]] = call i64 @__bpor_nondet(i32 1, i32 0, i32 0)
; CHECK-NEXT: %b = trunc i64 [[B]] to i1
  %b = call i1 @__VERIFIER_nondet_bool()
  store i1 %b, ptr %out
; CHECK: [[B2:%.*]] = call i64 @__bpor_nondet(i32 1, i32 0, i32 0)
; CHECK-NEXT: %b2 = trunc i64 [[B2]] to i1
  %b2 = call i1 @__VERIFIER_nondet__Bool()
  store i1 %b2, ptr %out
; CHECK: [[P:%.*]] = call i64 @__bpor_nondet(i32 64, i32 0, i32 0)
; CHECK-NEXT: %p = inttoptr i64 [[P]] to ptr
  %p = call ptr @__VERIFIER_nondet_pointer()
  store ptr %p, ptr %out
; CHECK: %z = call i64 @__bpor_nondet(i32 64, i32 0, i32 0)
  %z = call i64 @__VERIFIER_nondet_size_t()
  store i64 %z, ptr %out
; CHECK: %o = call i64 @__bpor_nondet(i32 64, i32 1, i32 0)
  %o = call i64 @__VERIFIER_nondet_loff_t()
  store i64 %o, ptr %out
; CHECK: [[W:%.*]] = call i64 @__bpor_nondet(i32 32, i32 0, i32 0)
; CHECK-NEXT: %w = trunc i64 [[W]] to i32
  %w = call i32 @__VERIFIER_nondet_u32()
  store i32 %w, ptr %out
; CHECK: [[F:%.*]] = call i64 @__bpor_nondet(i32 32, i32 2, i32 0)
; CHECK-NEXT: [[T:%.*]] = trunc i64 [[F]] to i32
; CHECK-NEXT: %f = bitcast i32 [[T]] to float
  %f = call float @__VERIFIER_nondet_float()
  store float %f, ptr %out
; CHECK: %x = call i32 @__VERIFIER_nondet_struct()
  %x = call i32 @__VERIFIER_nondet_struct()
  ret void
}

; The routed declarations are gone; the unsupported one stays.
; DECL-NOT: declare {{.*}} @__VERIFIER_nondet_{{[^s]}}
; DECL: declare i32 @__VERIFIER_nondet_struct()
; DECL-NOT: declare {{.*}} @__VERIFIER_nondet_
; DECL: declare i64 @__bpor_nondet(i32, i32, i32)
