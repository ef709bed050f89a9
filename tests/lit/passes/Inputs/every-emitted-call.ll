; Makes the instrumentation emit each of its own runtime calls once (see
; abi.test): load, store, load/store_bytes, rmw, cmpxchg, fence, memcpy,
; memmove, memset, nondet, atomic_begin/end, spin_yield or assume.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@g = global i32 0
@h = global [4 x i64] zeroinitializer
@flag = global i32 0

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare i32 @__VERIFIER_nondet_int()
declare void @__VERIFIER_atomic_begin()
declare void @__VERIFIER_atomic_end()

define void @everything() {
entry:
  %v = load i32, ptr @g
  store i32 %v, ptr @g
  %big = load [4 x i64], ptr @h
  store [4 x i64] %big, ptr @h
  %old = atomicrmw add ptr @g, i32 1 seq_cst
  %pair = cmpxchg ptr @g, i32 0, i32 1 seq_cst seq_cst
  fence seq_cst
  call void @llvm.memcpy.p0.p0.i64(ptr @h, ptr @g, i64 4, i1 false)
  call void @llvm.memmove.p0.p0.i64(ptr @h, ptr @g, i64 4, i1 false)
  call void @llvm.memset.p0.i64(ptr @h, i8 0, i64 4, i1 false)
  %n = call i32 @__VERIFIER_nondet_int()
  store i32 %n, ptr @h
  %k = call i32 @__VERIFIER_nondet_int()
  %known = icmp eq i32 %k, 3
  call void @__VERIFIER_atomic_begin()
  call void @__VERIFIER_atomic_end()
  br label %spin
spin:
  %f = load i32, ptr @flag
  %c = icmp eq i32 %f, 0
  br i1 %c, label %spin, label %done
done:
  ret void
}

; A thread-local variable's address is asked of the runtime.
@per_thread = thread_local global i32 0
declare ptr @llvm.threadlocal.address.p0(ptr)
define void @thread_local_use() {
  %p = call ptr @llvm.threadlocal.address.p0(ptr @per_thread)
  store i32 1, ptr %p
  ret void
}
