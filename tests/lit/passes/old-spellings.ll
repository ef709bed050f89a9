; Older spellings route to the same runtime functions: pthread_yield is
; sched_yield, __VERIFIER_error (SV-COMP before 2020) is reach_error. A call of
; a reach_error the program defines itself is routed too: for SV-COMP the call
; is the error, whatever the body does.
; REQUIRES: plugin
; RUN: %opt -load-pass-plugin=%plugin -passes=bpor-instrument -S %s | %FileCheck %s

declare i32 @pthread_yield()
declare void @__VERIFIER_error()

; CHECK-LABEL: define void @reach_error()
; CHECK-NEXT: call void @__bpor_abort()
define void @reach_error() {
  call void @abort()
  ret void
}
declare void @abort()

; CHECK-LABEL: define void @f(
; CHECK-NEXT: %r = call i32 @__bpor_sched_yield()
; CHECK-NEXT: call void @__bpor_reach_error()
; CHECK-NEXT: call void @__bpor_reach_error()
define void @f() {
  %r = call i32 @pthread_yield()
  call void @__VERIFIER_error()
  call void @reach_error()
  ret void
}
