; llvm.memcpy/memmove/memset that may touch shared memory become runtime
; calls; between a local and a shared object, a copy is a byte-wise load into
; (or store from) the local object; between locals it stays plain.
; REQUIRES: plugin
; RUN: %opt -load-pass-plugin=%plugin -passes=bpor-instrument -S %s | %FileCheck %s

@g = global [16 x i8] zeroinitializer
@h = global [16 x i8] zeroinitializer

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memcpy.p0.p0.i32(ptr, ptr, i32, i1)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

; Neither alloca escapes: a copy to or from it is not a capture.
; CHECK-LABEL: define void @copies(
; CHECK-NEXT: %a = alloca [16 x i8], align 1{{$}}
; CHECK-NEXT: %b = alloca [16 x i8], align 1{{$}}
define void @copies(i64 %n, i32 %m, i8 %byte) {
  %a = alloca [16 x i8]
  %b = alloca [16 x i8]
; CHECK: call void @__bpor_memcpy(ptr @g, ptr @h, i64 %n, i32 0)
  call void @llvm.memcpy.p0.p0.i64(ptr @g, ptr @h, i64 %n, i1 false)
; A 32-bit length is zero-extended.
; CHECK-NEXT: [[M:%.*]] = zext i32 %m to i64
; CHECK-NEXT: call void @__bpor_memcpy(ptr @g, ptr @h, i64 [[M]], i32 0)
  call void @llvm.memcpy.p0.p0.i32(ptr @g, ptr @h, i32 %m, i1 false)
; CHECK-NEXT: call void @__bpor_memmove(ptr @g, ptr @h, i64 8, i32 0)
  call void @llvm.memmove.p0.p0.i64(ptr @g, ptr @h, i64 8, i1 false)
; Shared into local: __bpor_load_bytes(src, dst, n, order 0, loc).
; CHECK-NEXT: call void @__bpor_load_bytes(ptr @g, ptr %a, i64 16, i32 0, i32 0)
  call void @llvm.memcpy.p0.p0.i64(ptr %a, ptr @g, i64 16, i1 false)
; Local into shared: __bpor_store_bytes(dst, src, n, order 0, loc).
; CHECK-NEXT: call void @__bpor_store_bytes(ptr @h, ptr %a, i64 16, i32 0, i32 0)
  call void @llvm.memcpy.p0.p0.i64(ptr @h, ptr %a, i64 16, i1 false)
; Local into local: plain.
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr %b, ptr %a, i64 16, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %b, ptr %a, i64 16, i1 false)
; CHECK-NEXT: call void @__bpor_memset(ptr @g, i8 %byte, i64 %n, i32 0)
  call void @llvm.memset.p0.i64(ptr @g, i8 %byte, i64 %n, i1 false)
; CHECK-NEXT: call void @llvm.memset.p0.i64(ptr %b, i8 0, i64 16, i1 false)
  call void @llvm.memset.p0.i64(ptr %b, i8 0, i64 16, i1 false)
  ret void
}

; CHECK-DAG: declare void @__bpor_memcpy(ptr, ptr, i64, i32)
; CHECK-DAG: declare void @__bpor_memmove(ptr, ptr, i64, i32)
; CHECK-DAG: declare void @__bpor_memset(ptr, i8, i64, i32)
