; A loop that calls a function which only reads shared memory (itself or
; through further such functions) is still a spin loop; a call of a function
; that writes, or of an unknown declaration, is not.
; REQUIRES: plugin
; RUN: %opt -load-pass-plugin=%plugin -passes=bpor-instrument,bpor-spin-yield -S %s | %FileCheck %s

@flag = global i32 0
@other = global i32 0

define i32 @read_flag() {
  %v = load i32, ptr @flag
  ret i32 %v
}

define i32 @read_both() {
  %a = call i32 @read_flag()
  %b = load i32, ptr @other
  %s = add i32 %a, %b
  ret i32 %s
}

define i32 @read_and_count() {
  %v = load i32, ptr @flag
  store i32 %v, ptr @other
  ret i32 %v
}

declare i32 @unknown()

; CHECK-LABEL: define void @spin_through_helpers(
; CHECK: loop:
; CHECK-NEXT: call void @__bpor_spin_start(
; CHECK-NEXT: %v = call i32 @read_both()
; CHECK: call void @__bpor_spin_yield(i32 0)
; CHECK-NEXT: br label %loop
define void @spin_through_helpers() {
entry:
  br label %loop
loop:
  %v = call i32 @read_both()
  %c = icmp eq i32 %v, 0
  br i1 %c, label %loop, label %done
done:
  ret void
}

; CHECK-LABEL: define void @helper_writes(
; CHECK-NOT: __bpor_spin_yield
; CHECK: ret void
define void @helper_writes() {
entry:
  br label %loop
loop:
  %v = call i32 @read_and_count()
  %c = icmp eq i32 %v, 0
  br i1 %c, label %loop, label %done
done:
  ret void
}

; CHECK-LABEL: define void @unknown_callee(
; CHECK-NOT: __bpor_spin_yield
; CHECK: ret void
define void @unknown_callee() {
entry:
  br label %loop
loop:
  %v = call i32 @unknown()
  %c = icmp eq i32 %v, 0
  br i1 %c, label %loop, label %done
done:
  ret void
}

; A recursive reader is a reader.
define i32 @read_recursively(i32 %n) {
  %v = load i32, ptr @flag
  %z = icmp eq i32 %n, 0
  br i1 %z, label %base, label %rec
base:
  ret i32 %v
rec:
  %m = sub i32 %n, 1
  %r = call i32 @read_recursively(i32 %m)
  ret i32 %r
}

; CHECK-LABEL: define void @spin_through_recursion(
; CHECK: call void @__bpor_spin_yield(i32 0)
define void @spin_through_recursion() {
entry:
  br label %loop
loop:
  %v = call i32 @read_recursively(i32 3)
  %c = icmp eq i32 %v, 0
  br i1 %c, label %loop, label %done
done:
  ret void
}

; No yield inside an atomic function: nothing else runs there.
; CHECK-LABEL: define void @__VERIFIER_atomic_wait(
; CHECK-NOT: __bpor_spin_yield
; CHECK: ret void
define void @__VERIFIER_atomic_wait() {
entry:
  br label %loop
loop:
  %v = load i32, ptr @flag
  %c = icmp eq i32 %v, 0
  br i1 %c, label %loop, label %done
done:
  ret void
}
