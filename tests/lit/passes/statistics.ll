; opt -stats prints the passes' counters of what they instrumented and what they left alone, and
; why, also with a release build of LLVM (passes/Plugin.cpp, passes/README.md). The counts are
; exact for this module; each function's comment says what it adds.
; REQUIRES: plugin
; RUN: %opt -load-pass-plugin=%plugin -passes=bpor-prepare,bpor-instrument,bpor-spin-yield \
; RUN:   -stats -disable-output %s 2>&1 | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plugin -passes=bpor-prepare,bpor-instrument,bpor-spin-yield \
; RUN:   -stats -stats-json -disable-output %s 2>&1 | %FileCheck %s --check-prefix=JSON
;
; CHECK: ... Statistics Collected ...
; The lines come sorted by pass, then by the counter's variable name.
; CHECK:      {{^ *}}1 bpor-instrument - Allocas shared: a volatile or atomic access
; CHECK-NEXT: {{^ *}}1 bpor-instrument - Calls of __VERIFIER_atomic_* made atomic blocks
; CHECK-NEXT: {{^ *}}4 bpor-instrument - Loads and stores instrumented for being atomic or volatile
; CHECK-NEXT: {{^ *}}3 bpor-instrument - Allocas shared: the address is passed to a call
; CHECK-NEXT: {{^ *}}2 bpor-instrument - Allocas shared: the address is captured
; CHECK-NEXT: {{^ *}}1 bpor-instrument - Landing pads that only catch some types made cleanups
; CHECK-NEXT: {{^ *}}2 bpor-instrument - Frame ends in cleanups for calls that may throw
; CHECK-NEXT: {{^ *}}1 bpor-instrument - Compare-exchanges instrumented
; CHECK-NEXT: {{^ *}}1 bpor-instrument - Loads left plain: constant globals
; CHECK-NEXT: {{^ *}}1 bpor-instrument - Fences instrumented
; CHECK-NEXT: {{^ *}}11 bpor-instrument - Functions instrumented
; CHECK-NEXT: {{^ *}}1 bpor-instrument - Indirect calls left to the interpreter
; CHECK-NEXT: {{^ *}}2 bpor-instrument - Calls that may throw made invokes of a frame-end cleanup
; CHECK-NEXT: {{^ *}}5 bpor-instrument - Loads instrumented
; CHECK-NEXT: {{^ *}}3 bpor-instrument - Allocas local: the address never escapes
; CHECK-NEXT: {{^ *}}2 bpor-instrument - Loads left plain: local objects that never escape
; CHECK-NEXT: {{^ *}}1 bpor-instrument - memcpy, memmove and memset left plain: local objects only
; CHECK-NEXT: {{^ *}}1 bpor-instrument - Stores left plain: local objects that never escape
; CHECK-NEXT: {{^ *}}1 bpor-instrument - memcpy, memmove and memset instrumented
; CHECK-NEXT: {{^ *}}1 bpor-instrument - Returns after a musttail call: no frame end
; CHECK-NEXT: {{^ *}}1 bpor-instrument - Atomic blocks whose footprint is named in advance
; CHECK-NEXT: {{^ *}}1 bpor-instrument - Nondet inputs drawn from one value per class
; CHECK-NEXT: {{^ *}}1 bpor-instrument - Nondet inputs drawn from the whole domain
; CHECK-NEXT: {{^ *}}2 bpor-instrument - Calls of declared functions marked nounwind
; CHECK-NEXT: {{^ *}}1 bpor-instrument - Alloca addresses passed as private arguments of the threads API
; CHECK-NEXT: {{^ *}}1 bpor-instrument - Atomic read-modify-writes instrumented
; CHECK-NEXT: {{^ *}}1 bpor-instrument - Frame ends before resumes
; CHECK-NEXT: {{^ *}}3 bpor-instrument - Frame ends before returns
; CHECK-NEXT: {{^ *}}2 bpor-instrument - Calls routed to the runtime (renamed to __bpor_*)
; CHECK-NEXT: {{^ *}}4 bpor-instrument - Functions with a shared alloca (frame ends)
; CHECK-NEXT: {{^ *}}7 bpor-instrument - Stores instrumented
; CHECK-NEXT: {{^ *}}1 bpor-instrument - Uses of thread-local variables given the thread's copy
; CHECK-NEXT: {{^ *}}1 bpor-prepare - Allocas promoted to registers (net of SROA's splits)
; CHECK-NEXT: {{^ *}}11 bpor-prepare - Functions prepared (SROA and mem2reg)
; CHECK-NEXT: {{^ *}}1 bpor-prepare - Invokes of declared functions made calls: they do not throw
; CHECK-NEXT: {{^ *}}1 bpor-spin-loops - Functions left alone: __VERIFIER_atomic_*
; CHECK-NEXT: {{^ *}}1 bpor-spin-loops - Loops not spinning: an instruction with an effect
; CHECK-NEXT: {{^ *}}1 bpor-spin-loops - Loops not spinning: a header phi carries state
; CHECK-NEXT: {{^ *}}1 bpor-spin-loops - Spin loops
; CHECK-NEXT: {{^ *}}1 bpor-spin-loops - Back edges split to hold a yield or assume
; CHECK-NEXT: {{^ *}}1 bpor-spin-loops - Spin-loop yields inserted on back edges
; CHECK-EMPTY:
; The release build's own printing is turned off once the plugin has printed.
; CHECK-NOT: Statistics are disabled
;
; JSON: "bpor-instrument.NumLoads": 5,
; JSON: "bpor-spin-loops.NumYields": 1
; JSON-NOT: Statistics

@g = global i32 0
@p = global ptr null
@table = constant [2 x i32] [i32 1, i32 2]
@flag = global i32 0
@tls = thread_local global i32 0
@_ZTIi = external constant ptr

declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
declare i32 @__VERIFIER_nondet_int()
declare void @use(ptr)
declare i32 @__gxx_personality_v0(...)
declare void @__cxa_throw(ptr, ptr, ptr)
declare i32 @llvm.eh.typeid.for.p0(ptr)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

; A local array indexed by a variable (SROA cannot split it): its store and load stay plain, and
; so do its copy into another such array and the load of a constant table. The global @g: a
; load, a store, an atomic load, an atomicrmw, a cmpxchg, a fence and a memset.
define i32 @accesses(i64 %i) nounwind {
  %arr = alloca [4 x i32]
  %copy = alloca [4 x i32]
  %e = getelementptr [4 x i32], ptr %arr, i64 0, i64 %i
  store i32 1, ptr %e
  %v = load i32, ptr %e
  call void @llvm.memcpy.p0.p0.i64(ptr %copy, ptr %arr, i64 16, i1 false)
  %t = getelementptr [2 x i32], ptr @table, i64 0, i64 %i
  %c = load i32, ptr %t
  %x = load i32, ptr @g
  store i32 %v, ptr @g
  %f = load atomic i32, ptr @flag seq_cst, align 4
  %r = atomicrmw add ptr @g, i32 1 seq_cst
  %cx = cmpxchg ptr @g, i32 0, i32 1 seq_cst seq_cst
  fence seq_cst
  call void @llvm.memset.p0.i64(ptr @g, i8 0, i64 4, i1 false)
  %s1 = add i32 %c, %x
  %s2 = add i32 %s1, %f
  ret i32 %s2
}

; Shared allocas, one per reason (the volatile one is shared whatever else), and a pthread_t
; that pthread_create only fills (a private argument: it stays local). An invoke of a declared
; function is a call (bpor-prepare). A frame end before the return. The two routed calls.
define void @escapes() nounwind personality ptr @__gxx_personality_v0 {
entry:
  %a = alloca i32
  %b = alloca i32
  %v = alloca i32
  %h = alloca i64
  invoke void @use(ptr %a) to label %next unwind label %pad
next:
  store ptr %b, ptr @p
  store volatile i32 1, ptr %v
  %r = call i32 @pthread_create(ptr %h, ptr null, ptr @nondet, ptr null)
  %t = load i64, ptr %h
  %j = call i32 @pthread_join(i64 %t, ptr null)
  ret void
pad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp
}

; One nondet input only compared with a constant (one value per class), one used otherwise;
; a local that mem2reg promotes.
define ptr @nondet(ptr %arg) nounwind {
  %slot = alloca i32
  %a = call i32 @__VERIFIER_nondet_int()
  store i32 %a, ptr %slot
  %a1 = load i32, ptr %slot
  %is = icmp eq i32 %a1, 3
  %b = call i32 @__VERIFIER_nondet_int()
  %sum = add i32 %b, 1
  %z = zext i1 %is to i32
  %w = add i32 %z, %sum
  store i32 %w, ptr @g
  ret ptr null
}

; A spin loop (a yield), a loop with a counter and one with a store (neither spins), and a
; thread-local read.
define void @loops() nounwind {
entry:
  br label %spin
spin:
  %f = load atomic i32, ptr @flag acquire, align 4
  %z = icmp eq i32 %f, 0
  br i1 %z, label %spin, label %counted
counted:
  %i = phi i32 [ 0, %spin ], [ %i1, %counted ]
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, 10
  br i1 %more, label %counted, label %writes
writes:
  store atomic i32 0, ptr @flag release, align 4
  %tl = load i32, ptr @tls
  %again = icmp eq i32 %tl, 0
  br i1 %again, label %writes, label %done
done:
  ret void
}

; Called as an atomic block whose footprint (@g) is named in advance: a load and a store.
define void @__VERIFIER_atomic_inc() nounwind {
  %v = load i32, ptr @g
  %w = add i32 %v, 1
  store i32 %w, ptr @g
  ret void
}

define void @atomic_and_indirect(ptr %fp) nounwind {
  call void @__VERIFIER_atomic_inc()
  call void %fp()
  ret void
}

; C++: a function that throws, and one with a published local that it leaves by a throw from a
; call (made an invoke of a frame-end cleanup), past a pad that catches only int (made a
; cleanup; its resume gets a frame end), or by a return.
define void @thrower() {
  call void @__cxa_throw(ptr null, ptr @_ZTIi, ptr null)
  unreachable
}

define void @publish() personality ptr @__gxx_personality_v0 {
entry:
  %local = alloca i32
  store ptr %local, ptr @p
  call void @thrower()
  invoke void @thrower() to label %done unwind label %pad
done:
  ret void
pad:
  %lp = landingpad { ptr, i32 } catch ptr @_ZTIi
  %sel = extractvalue { ptr, i32 } %lp, 1
  %id = call i32 @llvm.eh.typeid.for.p0(ptr @_ZTIi)
  %m = icmp eq i32 %sel, %id
  br i1 %m, label %done, label %resume
resume:
  resume { ptr, i32 } %lp
}

; A function without a personality gets the module's when a call becomes an invoke.
define void @no_personality() {
  %local = alloca i32
  call void @use(ptr %local)
  call void @thrower()
  ret void
}

; A return after a musttail call gets no frame end.
define i32 @tail(i32 %x) nounwind {
  %a = alloca i32
  call void @use(ptr %a)
  %r = musttail call i32 @tail_callee(i32 %x)
  ret i32 %r
}

define i32 @tail_callee(i32 %x) nounwind {
  ret i32 %x
}
