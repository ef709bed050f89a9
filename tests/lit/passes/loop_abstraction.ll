; A loop without effects becomes its last iteration after a nondet number n of them
; (passes/LoopAbstraction.h): an affine induction variable starts at start + step * n, any
; other integer phi at a nondet value, and going round again is infeasible. Loops that store,
; load through a pointer that might fault, call a function with effects or divide by a value
; that might be zero are left alone.
; REQUIRES: plugin
; RUN: %opt -load-pass-plugin=%plugin -passes=bpor-abstract-loops -S %s -o %t.ll
; RUN: %FileCheck %s < %t.ll

@len = global i32 0
@sink = global i32 0

declare i32 @__VERIFIER_nondet_int()

define i32 @counted(ptr %buf) {
; CHECK-LABEL: @counted(
; CHECK: bpor.loop.abstract:
; CHECK-NEXT: %[[N:.*]] = call i64 @__VERIFIER_nondet_ulonglong()
; CHECK: %[[N32:.*]] = trunc i64 %[[N]] to i32
; CHECK: %i.after = add i32 0, %[[N32]]
; CHECK: %[[DOWN:.*]] = mul i32 %[[N32]], -1
; CHECK: %k.after = add i32 %start, %[[DOWN]]
; CHECK: %s.after = call i32 @__VERIFIER_nondet_ulonglong()
; CHECK: %p.after = getelementptr i8, ptr %buf, i64 %{{.*}}
; CHECK: br label %loop
; CHECK: loop:
; CHECK-NEXT: %i = phi i32 [ %i.after, %bpor.loop.abstract ]
; CHECK: br label %bpor.loop.again
; CHECK: bpor.loop.again:
; CHECK-NEXT: call void @__VERIFIER_assume(i32 0)
; CHECK-NEXT: unreachable
entry:
  %start = call i32 @__VERIFIER_nondet_int()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %next ]
  %k = phi i32 [ %start, %entry ], [ %k1, %next ]
  %s = phi i32 [ 5, %entry ], [ %s1, %next ]
  %p = phi ptr [ %buf, %entry ], [ %p1, %next ]
  %l = load i32, ptr @len
  %c = icmp slt i32 %i, %l
  br i1 %c, label %body, label %exit
body:
  %x = call i32 @pure(i32 %i)
  %stop = icmp eq i32 %x, 7
  br i1 %stop, label %exit, label %next
next:
  %i1 = add i32 %i, 1
  %k1 = sub i32 %k, 1
  %s1 = mul i32 %s, %s
  %p1 = getelementptr i32, ptr %p, i32 1
  br label %loop
exit:
  %r = add i32 %i, %k
  ret i32 %r
}

; Reads a nondet input and divides by a constant: no effect, no fault.
define i32 @pure(i32 %a) {
  %v = call i32 @__VERIFIER_nondet_int()
  %w = sdiv i32 %v, 3
  %r = add i32 %w, %a
  ret i32 %r
}

define i32 @stores(i32 %n) {
; CHECK-LABEL: @stores(
; CHECK-NOT: bpor.loop
; CHECK: ret i32
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  store i32 %i, ptr @sink
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i32 %i
}

define i32 @loads_through_pointer(ptr %q, i32 %n) {
; CHECK-LABEL: @loads_through_pointer(
; CHECK-NOT: bpor.loop
; CHECK: ret i32
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %v = load i32, ptr %q
  %i1 = add i32 %i, %v
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i32 %i
}

define i32 @calls_effects(i32 %n) {
; CHECK-LABEL: @calls_effects(
; CHECK-NOT: bpor.loop
; CHECK: ret i32
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %i1 = call i32 @effect(i32 %i)
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i32 %i
}

define i32 @effect(i32 %a) {
  store i32 %a, ptr @sink
  %r = add i32 %a, 1
  ret i32 %r
}

define i32 @divides(i32 %n, i32 %d) {
; CHECK-LABEL: @divides(
; CHECK-NOT: bpor.loop
; CHECK: ret i32
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %q = udiv i32 %i, %d
  %i1 = add i32 %i, %q
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i32 %i
}
