; Accesses to allocas whose address never escapes stay plain, and so do plain
; loads of constant globals; globals, heap (arguments), escaping allocas,
; volatile and atomic accesses become calls.
; REQUIRES: plugin
; RUN: %opt -load-pass-plugin=%plugin -passes=bpor-instrument -S %s | %FileCheck %s

@g = global i32 0

declare void @use(ptr)

; CHECK-LABEL: define i32 @local_stays_plain(
; CHECK: %local = alloca i32, align 4{{$}}
; CHECK-NEXT: %arr = alloca [4 x i32], align 4{{$}}
; CHECK-NEXT: store i32 1, ptr %local
; CHECK-NEXT: %v = load i32, ptr %local
; CHECK-NEXT: %e = getelementptr [4 x i32], ptr %arr, i64 0, i64 %i
; CHECK-NEXT: store i32 %v, ptr %e
; CHECK-NEXT: %w = load i32, ptr %e
; CHECK-NEXT: ret i32 %w
define i32 @local_stays_plain(i64 %i) {
  %local = alloca i32
  %arr = alloca [4 x i32]
  store i32 1, ptr %local
  %v = load i32, ptr %local
  %e = getelementptr [4 x i32], ptr %arr, i64 0, i64 %i
  store i32 %v, ptr %e
  %w = load i32, ptr %e
  ret i32 %w
}

; CHECK-LABEL: define i32 @global_and_argument(
; CHECK-NEXT: [[V:%.*]] = call i64 @__bpor_load(ptr @g, i64 4, i32 0, i32 0)
; CHECK-NEXT: %v = trunc i64 [[V]] to i32
; CHECK-NEXT: [[W:%.*]] = zext i32 %v to i64
; CHECK-NEXT: call void @__bpor_store(ptr %p, i64 [[W]], i64 4, i32 0, i32 0)
; CHECK-NEXT: ret i32 %v
define i32 @global_and_argument(ptr %p) {
  %v = load i32, ptr @g
  store i32 %v, ptr %p
  ret i32 %v
}

; An alloca whose address is passed to a call is shared, and so are its
; accesses through a GEP; it is marked !bpor.shared.
; CHECK-LABEL: define void @escaping_alloca(
; CHECK-NEXT: %x = alloca [2 x i32], align 4, !bpor.shared [[EMPTY:![0-9]+]]
; CHECK-NEXT: %y = getelementptr [2 x i32], ptr %x, i64 0, i64 1
; CHECK-NEXT: call void @__bpor_store(ptr %y, i64 7, i64 4, i32 0, i32 0)
; CHECK-NEXT: call void @use(ptr %x)
define void @escaping_alloca() {
  %x = alloca [2 x i32]
  %y = getelementptr [2 x i32], ptr %x, i64 0, i64 1
  store i32 7, ptr %y
  call void @use(ptr %x)
  ret void
}

; Storing the address somewhere captures it.
; CHECK-LABEL: define void @captured_by_store(
; CHECK: %x = alloca i32, align 4, !bpor.shared
; CHECK: call void @__bpor_store(ptr @gp, i64 {{%.*}}, i64 8, i32 0, i32 0)
; CHECK: call void @__bpor_store(ptr %x, i64 3, i64 4, i32 0, i32 0)
@gp = global ptr null
define void @captured_by_store() {
  %x = alloca i32
  store ptr %x, ptr @gp
  store i32 3, ptr %x
  ret void
}

; Volatile and atomic accesses are always visible, even to a local; their
; alloca becomes shared, so its plain accesses are calls as well.
; CHECK-LABEL: define i32 @volatile_and_atomic_local(
; CHECK: %x = alloca i32, align 4, !bpor.shared
; CHECK-NEXT: call void @__bpor_store(ptr %x, i64 1, i64 4, i32 0, i32 0)
; CHECK-NEXT: [[A:%.*]] = call i64 @__bpor_load(ptr %x, i64 4, i32 0, i32 0)
; CHECK-NEXT: %a = trunc i64 [[A]] to i32
; CHECK-NEXT: [[B:%.*]] = call i64 @__bpor_load(ptr %x, i64 4, i32 7, i32 0)
; CHECK-NEXT: %b = trunc i64 [[B]] to i32
; CHECK-NEXT: call void @__bpor_store(ptr %x, i64 2, i64 4, i32 5, i32 0)
define i32 @volatile_and_atomic_local() {
  %x = alloca i32
  store i32 1, ptr %x
  %a = load volatile i32, ptr %x
  %b = load atomic i32, ptr %x seq_cst, align 4
  store atomic i32 2, ptr %x release, align 4
  %s = add i32 %a, %b
  ret i32 %s
}

; A phi of two local allocas is local.
; CHECK-LABEL: define i32 @phi_of_locals(
; CHECK: %a = alloca i32, align 4{{$}}
; CHECK: %b = alloca i32, align 4{{$}}
; CHECK: join:
; CHECK-NEXT: %p = phi ptr [ %a, %left ], [ %b, %right ]
; CHECK-NEXT: store i32 1, ptr %p
; CHECK-NEXT: %r = load i32, ptr %a
define i32 @phi_of_locals(i1 %c) {
entry:
  %a = alloca i32
  %b = alloca i32
  br i1 %c, label %left, label %right
left:
  br label %join
right:
  br label %join
join:
  %p = phi ptr [ %a, %left ], [ %b, %right ]
  store i32 1, ptr %p
  %r = load i32, ptr %a
  ret i32 %r
}

; A select of a local and a global is shared, so the runtime will see the
; local's address: the local becomes shared, and with it every access that
; may touch it (also %b, through the phi-like select %p).
; CHECK-LABEL: define i32 @mixed_objects(
; CHECK: %a = alloca i32, align 4, !bpor.shared
; CHECK: %b = alloca i32, align 4, !bpor.shared
; CHECK: %c0 = alloca i32, align 4{{$}}
; CHECK: call void @__bpor_store(ptr %q, i64 2, i64 4, i32 0, i32 0)
; CHECK: call void @__bpor_store(ptr %p, i64 1, i64 4, i32 0, i32 0)
; CHECK: call i64 @__bpor_load(ptr %a, i64 4, i32 0, i32 0)
; CHECK: store i32 5, ptr %c0
define i32 @mixed_objects(i1 %c) {
  %a = alloca i32
  %b = alloca i32
  %c0 = alloca i32
  %q = select i1 %c, ptr %a, ptr @g
  %p = select i1 %c, ptr %b, ptr %a
  store i32 2, ptr %q
  store i32 1, ptr %p
  %r = load i32, ptr %a
  store i32 5, ptr %c0
  ret i32 %r
}

; Reads of constant globals are never scheduling points: nothing writes them.
; CHECK-LABEL: define i32 @constants(
; CHECK-NEXT: %local = alloca i32, align 4{{$}}
; CHECK-NEXT: %a = load i32, ptr @table
; CHECK-NEXT: %p = select i1 %c, ptr @table, ptr %local
; CHECK-NEXT: %b = load i32, ptr %p
; CHECK-NEXT: %q = select i1 %c, ptr @table, ptr @g
; CHECK-NEXT: [[C:%.*]] = call i64 @__bpor_load(ptr %q, i64 4, i32 0, i32 0)
; CHECK-NEXT: %d = trunc i64 [[C]] to i32
; CHECK-NEXT: [[V:%.*]] = call i64 @__bpor_load(ptr @table, i64 4, i32 0, i32 0)
; CHECK-NEXT: %v = trunc i64 [[V]] to i32
@table = constant [2 x i32] [i32 3, i32 4]
define i32 @constants(i1 %c) {
  %local = alloca i32
  %a = load i32, ptr @table
  %p = select i1 %c, ptr @table, ptr %local
  %b = load i32, ptr %p
  %q = select i1 %c, ptr @table, ptr @g
  %d = load i32, ptr %q
  %v = load volatile i32, ptr @table
  %s = add i32 %a, %b
  %t = add i32 %s, %d
  %u = add i32 %t, %v
  ret i32 %u
}

; CHECK-DAG: declare i64 @__bpor_load(ptr, i64, i32, i32)
; CHECK-DAG: declare void @__bpor_store(ptr, i64, i64, i32, i32)
; CHECK-DAG: [[EMPTY]] = !{}
