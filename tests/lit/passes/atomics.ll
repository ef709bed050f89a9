; atomicrmw, cmpxchg and fence are always visible. The op of __bpor_rmw is the
; llvm::AtomicRMWInst::BinOp value, the orders llvm::AtomicOrdering values.
; REQUIRES: plugin
; RUN: %opt -load-pass-plugin=%plugin -passes=bpor-instrument -S %s | %FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@g = global i32 0

; CHECK-LABEL: define i32 @rmw(
define i32 @rmw(ptr %p, ptr %q, float %f) {
  %local = alloca i32
; Xchg = 0, Add = 1, Sub = 2, Or = 5 (llvm/IR/Instructions.h).
; CHECK: [[A:%.*]] = call i64 @__bpor_rmw(ptr @g, i64 5, i64 4, i32 1, i32 7, i32 0)
; CHECK-NEXT: %a = trunc i64 [[A]] to i32
  %a = atomicrmw add ptr @g, i32 5 seq_cst
; CHECK-NEXT: [[B:%.*]] = call i64 @__bpor_rmw(ptr %p, i64 1, i64 1, i32 2, i32 2, i32 0)
; CHECK-NEXT: %b = trunc i64 [[B]] to i8
  %b = atomicrmw sub ptr %p, i8 1 monotonic
; CHECK-NEXT: [[Q:%.*]] = ptrtoint ptr %q to i64
; CHECK-NEXT: [[C:%.*]] = call i64 @__bpor_rmw(ptr %p, i64 [[Q]], i64 8, i32 0, i32 4, i32 0)
; CHECK-NEXT: %c = inttoptr i64 [[C]] to ptr
  %c = atomicrmw xchg ptr %p, ptr %q acquire
; FAdd = 11.
; CHECK-NEXT: [[F:%.*]] = bitcast float %f to i32
; CHECK-NEXT: [[F64:%.*]] = zext i32 [[F]] to i64
; CHECK-NEXT: [[D:%.*]] = call i64 @__bpor_rmw(ptr %p, i64 [[F64]], i64 4, i32 11, i32 6, i32 0)
; CHECK-NEXT: [[D32:%.*]] = trunc i64 [[D]] to i32
; CHECK-NEXT: %d = bitcast i32 [[D32]] to float
  %d = atomicrmw fadd ptr %p, float %f acq_rel
; Even on a local: the alloca becomes shared.
; CHECK: call i64 @__bpor_rmw(ptr %local, i64 1, i64 4, i32 5, i32 5, i32 0){{$}}
; CHECK-NEXT: %e = trunc
  %e = atomicrmw or ptr %local, i32 1 release
; An update whose result nobody uses is marked (passes/IgnoredResults.h), with no conversion.
; CHECK-NEXT: call i64 @__bpor_rmw(ptr @g, i64 1, i64 4, i32 1, i32 7, i32 0), !bpor.ignored
; CHECK-NEXT: zext i8
  atomicrmw add ptr @g, i32 1 seq_cst
  %bz = zext i8 %b to i32
  %cz = ptrtoint ptr %c to i32
  %dz = bitcast float %d to i32
  %r0 = add i32 %a, %e
  %r1 = add i32 %r0, %bz
  %r2 = add i32 %r1, %cz
  %r = add i32 %r2, %dz
  ret i32 %r
}

; cmpxchg becomes __bpor_cmpxchg and its { value, i1 } result is rebuilt with
; success = (old == expected).
; CHECK-LABEL: define i1 @cas(
; CHECK-NEXT: [[E:%.*]] = zext i32 %expected to i64
; CHECK-NEXT: [[N:%.*]] = zext i32 %new to i64
; CHECK-NEXT: [[OLD:%.*]] = call i64 @__bpor_cmpxchg(ptr @g, i64 [[E]], i64 [[N]], i64 4, i32 7, i32 2, i32 0)
; CHECK-NEXT: [[OLD32:%.*]] = trunc i64 [[OLD]] to i32
; CHECK-NEXT: [[OK:%.*]] = icmp eq i32 [[OLD32]], %expected
; CHECK-NEXT: [[R0:%.*]] = insertvalue { i32, i1 } poison, i32 [[OLD32]], 0
; CHECK-NEXT: %pair = insertvalue { i32, i1 } [[R0]], i1 [[OK]], 1
; CHECK-NEXT: %ok = extractvalue { i32, i1 } %pair, 1
; CHECK-NEXT: ret i1 %ok
define i1 @cas(i32 %expected, i32 %new) {
  %pair = cmpxchg ptr @g, i32 %expected, i32 %new seq_cst monotonic
  %ok = extractvalue { i32, i1 } %pair, 1
  ret i1 %ok
}

; CHECK-LABEL: define ptr @cas_pointer(
; CHECK: [[OLD:%.*]] = call i64 @__bpor_cmpxchg(ptr %p, i64 {{%.*}}, i64 {{%.*}}, i64 8, i32 4, i32 4, i32 0)
; CHECK-NEXT: [[OLDP:%.*]] = inttoptr i64 [[OLD]] to ptr
; CHECK-NEXT: icmp eq ptr [[OLDP]], %e
define ptr @cas_pointer(ptr %p, ptr %e, ptr %n) {
  %pair = cmpxchg weak ptr %p, ptr %e, ptr %n acquire acquire
  %old = extractvalue { ptr, i1 } %pair, 0
  ret ptr %old
}

; CHECK-LABEL: define void @fences(
; CHECK-NEXT: call void @__bpor_fence(i32 7, i32 0)
; CHECK-NEXT: call void @__bpor_fence(i32 4, i32 0)
; CHECK-NEXT: ret void
define void @fences() {
  fence seq_cst
  fence syncscope("singlethread") acquire
  ret void
}

; CHECK-DAG: declare i64 @__bpor_rmw(ptr, i64, i64, i32, i32, i32)
; CHECK-DAG: declare i64 @__bpor_cmpxchg(ptr, i64, i64, i64, i32, i32, i32)
; CHECK-DAG: declare void @__bpor_fence(i32, i32)
