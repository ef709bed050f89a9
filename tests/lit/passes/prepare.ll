; bpor-prepare promotes locals to registers (SROA, mem2reg), also in the
; optnone functions of clang -O0, and nothing else: two loads of a global stay
; two loads, a load in a loop is not hoisted, calls are not inlined.
; REQUIRES: plugin
; RUN: %opt -load-pass-plugin=%plugin -passes=bpor-prepare -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=bpor-prepare,bpor-instrument -S %s | %FileCheck %s --check-prefix=INSTR

@g = global i32 0

%pair = type { i32, i32 }

; CHECK-LABEL: define i32 @f(
; CHECK-NEXT: entry:
; CHECK-NEXT: %a = load i32, ptr @g
; CHECK-NEXT: %b = load i32, ptr @g
; CHECK-NEXT: br label %loop
; CHECK: loop:
; CHECK-NEXT: %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
; CHECK-NEXT: %c = load i32, ptr @g
; CHECK-NEXT: %i.next = add i32 %i, %c
; CHECK: exit:
; CHECK-NEXT: %s = add i32 %a, %b
; CHECK-NEXT: %t = add i32 %s, 1
; CHECK-NEXT: %u = add i32 %t, 2
; CHECK-NEXT: %r = call i32 @helper(i32 %u)
; CHECK-NEXT: ret i32 %r
; INSTR-LABEL: define i32 @f(
; INSTR-COUNT-3: call i64 @__bpor_load(ptr @g, i64 4, i32 0, i32 0)
; INSTR-NOT: alloca
; INSTR: ret i32
define i32 @f() noinline optnone {
entry:
  %x = alloca i32
  %p = alloca %pair
  store i32 1, ptr %x
  %p1 = getelementptr %pair, ptr %p, i32 0, i32 1
  store i32 2, ptr %p1
  %a = load i32, ptr @g
  %b = load i32, ptr @g
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %c = load i32, ptr @g
  %i.next = add i32 %i, %c
  %done = icmp sgt i32 %i.next, 10
  br i1 %done, label %exit, label %loop
exit:
  %s = add i32 %a, %b
  %v = load i32, ptr %x
  %t = add i32 %s, %v
  %w = load i32, ptr %p1
  %u = add i32 %t, %w
  %r = call i32 @helper(i32 %u)
  ret i32 %r
}

define i32 @helper(i32 %x) {
  ret i32 %x
}
