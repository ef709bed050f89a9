; Functions named __bpor_* are never rewritten, and calls of them are never
; routed or wrapped; the IR still verifies.
; REQUIRES: plugin
; RUN: %opt -load-pass-plugin=%plugin -passes=bpor-prepare,bpor-instrument,bpor-spin-yield -S %s | %FileCheck %s

@g = global i32 0

; CHECK-LABEL: define i32 @__bpor_helper(
; CHECK-NEXT: %x = alloca i32
; CHECK-NEXT: store i32 1, ptr %x
; CHECK-NEXT: %v = load i32, ptr @g
; CHECK-NEXT: call void @pthread_exit(ptr null)
; CHECK-NEXT: ret i32 %v
define i32 @__bpor_helper() {
  %x = alloca i32
  store i32 1, ptr %x
  %v = load i32, ptr @g
  call void @pthread_exit(ptr null)
  ret i32 %v
}

; CHECK-LABEL: define i32 @user(
; CHECK-NEXT: %v = call i32 @__bpor_helper()
; CHECK-NEXT: call void @__bpor_pthread_exit(ptr null)
define i32 @user() {
  %v = call i32 @__bpor_helper()
  call void @pthread_exit(ptr null)
  ret i32 %v
}

; Still used by the runtime function's body: the declaration stays.
; CHECK: declare void @pthread_exit(ptr)
declare void @pthread_exit(ptr)
