// A nondet input that an assumption restricts to a few values before anything else sees it
// draws only those values (passes/AssumedValues.h): __VERIFIER_assume always, abort() only
// where it is no violation (bpor-instrument<abort-no-violation>, SV-COMP mode). An effect on
// the failing path, a use before the assumption, an assertion instead of an assumption, or too
// many values keep the plain draw.
// REQUIRES: plugin
// RUN: %clang -O0 -g -emit-llvm -S %s -o %t.ll
// RUN: %opt -load-pass-plugin=%plugin -passes=bpor-prepare,bpor-instrument -S %t.ll -o %t.plain.ll
// RUN: %FileCheck %s --check-prefixes=CHECK,PLAIN < %t.plain.ll
// RUN: %opt -load-pass-plugin=%plugin '-passes=bpor-prepare,bpor-instrument<abort-no-violation>' -S %t.ll -o %t.svcomp.ll
// RUN: %FileCheck %s --check-prefixes=CHECK,SVCOMP < %t.svcomp.ll
// RUN: %FileCheck %s --check-prefixes=TABLES,PLAIN-TABLES < %t.plain.ll
// RUN: %FileCheck %s --check-prefixes=TABLES,SVCOMP-TABLES < %t.svcomp.ll
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern void __VERIFIER_assume(int);
extern void abort(void);
extern void reach_error(void);
void assume_abort_if_not(int cond) { if (!cond) abort(); }
void assume_in(int cond) { if (!cond) __VERIFIER_assume(0); }
void check(int cond) { if (!cond) { reach_error(); abort(); } }
int slot[16];
int shared;
void use(int);

// CHECK-LABEL: @wrapped(
// PLAIN: call i64 @__bpor_nondet(i32 32,
// SVCOMP: call i64 @__bpor_nondet_among(i32 32, i32 1, i32 {{[0-9]+}}, ptr @{{.*}}, i32 4)
int wrapped(void) { int i = __VERIFIER_nondet_int(); assume_abort_if_not(0 <= i && i < 4); return slot[i]; }
// CHECK-LABEL: @direct(
// CHECK: call i64 @__bpor_nondet_among(i32 32, i32 1, i32 {{[0-9]+}}, ptr @{{.*}}, i32 4)
int direct(void) { int i = __VERIFIER_nondet_int(); __VERIFIER_assume(i >= 2 && i <= 5); return slot[i]; }
// CHECK-LABEL: @inlined(
// PLAIN: call i64 @__bpor_nondet(i32 32,
// SVCOMP: call i64 @__bpor_nondet_among(i32 32, i32 1, i32 {{[0-9]+}}, ptr @{{.*}}, i32 3)
int inlined(void) { int i = __VERIFIER_nondet_int(); if (i < 0 || i >= 3) abort(); return slot[i]; }
// CHECK-LABEL: @wrapped_assume(
// CHECK: call i64 @__bpor_nondet_among(i32 32, i32 1, i32 {{[0-9]+}}, ptr @{{.*}}, i32 2)
int wrapped_assume(void) { int i = __VERIFIER_nondet_int(); assume_in(i > 9 && i < 12); return slot[i]; }
// CHECK-LABEL: @effect_first(
// CHECK: call i64 @__bpor_nondet(i32 32,
int effect_first(void) { int i = __VERIFIER_nondet_int(); if (i < 0 || i >= 3) { shared = 1; abort(); } return slot[i]; }
// CHECK-LABEL: @used_first(
// CHECK: call i64 @__bpor_nondet(i32 32,
int used_first(void) { int i = __VERIFIER_nondet_int(); use(i); assume_abort_if_not(0 <= i && i < 4); return slot[i]; }
// CHECK-LABEL: @asserted(
// CHECK: call i64 @__bpor_nondet(i32 32,
int asserted(void) { int i = __VERIFIER_nondet_int(); check(0 <= i && i < 4); return slot[i]; }
// CHECK-LABEL: @too_many(
// CHECK: call i64 @__bpor_nondet(i32 32,
int too_many(void) { int i = __VERIFIER_nondet_int(); assume_abort_if_not(0 <= i && i < 100); return slot[i % 16]; }
// CHECK-LABEL: @unsigned_range(
// CHECK: call i64 @__bpor_nondet_among(i32 32, i32 0, i32 {{[0-9]+}}, ptr @{{.*}}, i32 3)
unsigned unsigned_range(void) { unsigned u = __VERIFIER_nondet_uint(); __VERIFIER_assume(u < 3); return slot[u]; }
// The values as 8-bit patterns: -2 and -1 are 254 and 255.
// CHECK-LABEL: @chars(
// CHECK: call i64 @__bpor_nondet_among(i32 8, i32 1, i32 {{[0-9]+}}, ptr @{{.*}}, i32 4)
int chars(void) { signed char c = __VERIFIER_nondet_char(); __VERIFIER_assume(c >= -2 && c <= 1); return slot[c + 2]; }
// Before the paths part, an effect is the same for every value.
// CHECK-LABEL: @effect_between(
// PLAIN: call i64 @__bpor_nondet(i32 32,
// SVCOMP: call i64 @__bpor_nondet_among(i32 32, i32 1, i32 {{[0-9]+}}, ptr @{{.*}}, i32 2)
int effect_between(void) { int i = __VERIFIER_nondet_int(); shared = 2; assume_abort_if_not(i == 7 || i == 9); return slot[i]; }
// CHECK-LABEL: @effect_after_part(
// CHECK: call i64 @__bpor_nondet(i32 32,
int effect_after_part(void) { int i = __VERIFIER_nondet_int(); if (i > 0) shared = 3; assume_abort_if_not(i >= 0 && i < 2); return slot[i]; }
// A division on the failing path may fail: not silent.
// CHECK-LABEL: @division_first(
// CHECK: call i64 @__bpor_nondet(i32 32,
int division_first(int d) { int i = __VERIFIER_nondet_int(); if (i < 0 || i >= 3) { d = 10 / d; abort(); } return slot[i] + d; }

// The tables (before the functions in the output), in the order of the calls.
// PLAIN-TABLES: @bpor.nondet.assumed = private unnamed_addr constant [4 x i64] [i64 2, i64 3, i64 4, i64 5]
// PLAIN-TABLES-NEXT: @bpor.nondet.assumed.1 = private unnamed_addr constant [2 x i64] [i64 10, i64 11]
// PLAIN-TABLES-NEXT: @bpor.nondet.assumed.2 = private unnamed_addr constant [3 x i64] [i64 0, i64 1, i64 2]
// PLAIN-TABLES-NEXT: @bpor.nondet.assumed.3 = private unnamed_addr constant [4 x i64] [i64 0, i64 1, i64 254, i64 255]
// SVCOMP-TABLES: @bpor.nondet.assumed = private unnamed_addr constant [4 x i64] [i64 0, i64 1, i64 2, i64 3]
// SVCOMP-TABLES-NEXT: @bpor.nondet.assumed.1 = private unnamed_addr constant [4 x i64] [i64 2, i64 3, i64 4, i64 5]
// SVCOMP-TABLES-NEXT: @bpor.nondet.assumed.2 = private unnamed_addr constant [3 x i64] [i64 0, i64 1, i64 2]
// SVCOMP-TABLES-NEXT: @bpor.nondet.assumed.3 = private unnamed_addr constant [2 x i64] [i64 10, i64 11]
// SVCOMP-TABLES-NEXT: @bpor.nondet.assumed.4 = private unnamed_addr constant [3 x i64] [i64 0, i64 1, i64 2]
// SVCOMP-TABLES-NEXT: @bpor.nondet.assumed.5 = private unnamed_addr constant [4 x i64] [i64 0, i64 1, i64 254, i64 255]
// SVCOMP-TABLES-NEXT: @bpor.nondet.assumed.6 = private unnamed_addr constant [2 x i64] [i64 7, i64 9]
// TABLES-NOT: @bpor.nondet.assumed{{.*}} = private
