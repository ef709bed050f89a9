; A nondet result the program only compares with constants becomes __bpor_nondet_among over
; one value of each class the comparisons cannot tell apart (passes/NondetDomain.h): the
; constants c and c + 1, INT_MIN for a signed relation, 0 for an unsigned one. Any other use
; (arithmetic, a store, a call) keeps the plain __bpor_nondet.
; REQUIRES: plugin
; RUN: %opt -load-pass-plugin=%plugin -passes=bpor-instrument -S %s -o %t.ll
; RUN: %FileCheck %s < %t.ll

declare i32 @__VERIFIER_nondet_int()
declare i16 @__VERIFIER_nondet_short()
declare void @use(i32)

; CHECK-DAG: @[[TRUTH:bpor.nondet.classes[.0-9]*]] = private unnamed_addr constant [2 x i64] [i64 0, i64 1]
; CHECK-DAG: @[[SIGNED:bpor.nondet.classes[.0-9]*]] = private unnamed_addr constant [5 x i64] [i64 5, i64 6, i64 10, i64 11, i64 2147483648]
; CHECK-DAG: @[[UNSIGNED:bpor.nondet.classes[.0-9]*]] = private unnamed_addr constant [3 x i64] [i64 0, i64 7, i64 8]
; CHECK-DAG: @[[PROMOTED:bpor.nondet.classes[.0-9]*]] = private unnamed_addr constant [4 x i64] [i64 0, i64 100, i64 101, i64 128]
; CHECK-DAG: @[[CASES:bpor.nondet.classes[.0-9]*]] = private unnamed_addr constant [4 x i64] [i64 0, i64 2, i64 3, i64 65535]
; CHECK-DAG: @[[RETURNED:bpor.nondet.classes[.0-9]*]] = private unnamed_addr constant [2 x i64] [i64 3, i64 4]
; CHECK-DAG: @[[STOREDGLOBAL:bpor.nondet.classes[.0-9]*]] = private unnamed_addr constant [2 x i64] [i64 4, i64 5]

define i32 @truth() {
; CHECK-LABEL: @truth(
; CHECK: call i64 @__bpor_nondet_among(i32 32, i32 1, i32 0, ptr @[[TRUTH]], i32 2)
  %v = call i32 @__VERIFIER_nondet_int()
  %c = icmp ne i32 %v, 0
  %r = zext i1 %c to i32
  ret i32 %r
}

define i1 @signed_range() {
; CHECK-LABEL: @signed_range(
; CHECK: call i64 @__bpor_nondet_among(i32 32, i32 1, i32 0, ptr @[[SIGNED]], i32 5)
  %v = call i32 @__VERIFIER_nondet_int()
  %low = icmp sgt i32 %v, 5
  %high = icmp eq i32 10, %v
  %both = and i1 %low, %high
  ret i1 %both
}

define i1 @unsigned_range() {
; CHECK-LABEL: @unsigned_range(
; CHECK: call i64 @__bpor_nondet_among(i32 32, i32 1, i32 0, ptr @[[UNSIGNED]], i32 3)
  %v = call i32 @__VERIFIER_nondet_int()
  %c = icmp ult i32 %v, 7
  ret i1 %c
}

define i32 @cases() {
; CHECK-LABEL: @cases(
; CHECK: call i64 @__bpor_nondet_among(i32 16, i32 1, i32 0, ptr @[[CASES]], i32 4)
  %v = call i16 @__VERIFIER_nondet_short()
  switch i16 %v, label %other [ i16 2, label %two
                                i16 -1, label %minus ]
two:
  ret i32 2
minus:
  ret i32 -1
other:
  ret i32 0
}

define i32 @arithmetic() {
; CHECK-LABEL: @arithmetic(
; CHECK: call i64 @__bpor_nondet(i32 32, i32 1, i32 0)
  %v = call i32 @__VERIFIER_nondet_int()
  %w = add i32 %v, 1
  %c = icmp eq i32 %v, 3
  %r = select i1 %c, i32 %w, i32 0
  ret i32 %r
}

define void @passed_on() {
; CHECK-LABEL: @passed_on(
; CHECK: call i64 @__bpor_nondet(i32 32, i32 1, i32 0)
  %v = call i32 @__VERIFIER_nondet_int()
  call void @use(i32 %v)
  ret void
}

; A char compared after its integer promotion: the constant's low bits and the next value, and
; 0 and -128 where the extension jumps.
declare i8 @__VERIFIER_nondet_char()
define i1 @promoted() {
; CHECK-LABEL: @promoted(
; CHECK: call i64 @__bpor_nondet_among(i32 8, i32 1, i32 0, ptr @[[PROMOTED]], i32 4)
  %c = call i8 @__VERIFIER_nondet_char()
  %w = sext i8 %c to i32
  %r = icmp sgt i32 %w, 100
  ret i1 %r
}

; Returned through a phi by a function whose every call compares the result with a constant:
; the calls' uses are the value's uses (here: two classes). A result some call uses otherwise
; (arithmetic), or of a function nothing calls, keeps the plain draw.
define internal i32 @maybe() {
; CHECK-LABEL: @maybe(
; CHECK: call i64 @__bpor_nondet_among(i32 32, i32 1, i32 0, ptr @[[RETURNED]], i32 2)
entry:
  %v = call i32 @__VERIFIER_nondet_int()
  %c = icmp eq i32 %v, 3
  br i1 %c, label %done, label %other
other:
  br label %done
done:
  %r = phi i32 [ %v, %entry ], [ 3, %other ]
  ret i32 %r
}

define i1 @calls_maybe() {
  %a = call i32 @maybe()
  call i32 @maybe()
  %c = icmp eq i32 %a, 3
  ret i1 %c
}

define internal i32 @summed() {
; CHECK-LABEL: @summed(
; CHECK: call i64 @__bpor_nondet(i32 32, i32 1, i32 0)
  %v = call i32 @__VERIFIER_nondet_int()
  ret i32 %v
}

define i32 @calls_summed() {
  %a = call i32 @summed()
  %b = add i32 %a, 1
  ret i32 %b
}

define i32 @uncalled() {
; CHECK-LABEL: @uncalled(
; CHECK: call i64 @__bpor_nondet(i32 32, i32 1, i32 0)
  %v = call i32 @__VERIFIER_nondet_int()
  ret i32 %v
}

; Stored into a global that is only loaded and stored whole (by any function, so any thread):
; the loads' uses are the value's uses. Main's store and the other function's store and load
; give the classes of 4. A global some other access reads (here a call gets its address) keeps
; the plain draw.
@shared = internal global i32 0
@escaped = internal global i32 0
declare void @take(ptr)

define void @stores_shared() {
; CHECK-LABEL: @stores_shared(
; CHECK: call i64 @__bpor_nondet_among(i32 32, i32 1, i32 0, ptr @[[STOREDGLOBAL]], i32 2)
  %v = call i32 @__VERIFIER_nondet_int()
  store i32 %v, ptr @shared
  ret void
}

define i1 @checks_shared() {
  store i32 4, ptr @shared
  %s = load i32, ptr @shared
  %c = icmp eq i32 %s, 4
  ret i1 %c
}

define void @stores_escaped() {
; CHECK-LABEL: @stores_escaped(
; CHECK: call i64 @__bpor_nondet(i32 32, i32 1, i32 0)
  %v = call i32 @__VERIFIER_nondet_int()
  store i32 %v, ptr @escaped
  %s = load i32, ptr @escaped
  %c = icmp eq i32 %s, 4
  call void @take(ptr @escaped)
  ret void
}
