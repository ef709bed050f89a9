; @__bpor_source_locations holds { file, line, column } for each distinct
; debug location used by a runtime call; entry 0 means unknown. Locations are
; deduplicated, and a later pass extends the table the earlier one wrote.
; REQUIRES: plugin
; RUN: %opt -load-pass-plugin=%plugin -passes=bpor-instrument,bpor-spin-yield -S %s | %FileCheck %s

; CHECK: @__bpor_file = private unnamed_addr constant [7 x i8] c"main.c\00", align 1
; CHECK: @__bpor_file.1 = private unnamed_addr constant [8 x i8] c"other.c\00", align 1
; CHECK: @__bpor_source_locations = internal constant [5 x { ptr, i32, i32 }] [{ ptr, i32, i32 } zeroinitializer, { ptr, i32, i32 } { ptr @__bpor_file, i32 3, i32 5 }, { ptr, i32, i32 } { ptr @__bpor_file, i32 4, i32 7 }, { ptr, i32, i32 } { ptr @__bpor_file.1, i32 3, i32 5 }, { ptr, i32, i32 } { ptr @__bpor_file, i32 8, i32 3 }]
; CHECK-NOT: @__bpor_source_locations

@g = global i32 0

; CHECK-LABEL: define void @f(
; CHECK-NEXT: call void @__bpor_store(ptr @g, i64 1, i64 4, i32 0, i32 1)
; CHECK-NEXT: call void @__bpor_store(ptr @g, i64 2, i64 4, i32 0, i32 2)
; CHECK-NEXT: call void @__bpor_store(ptr @g, i64 3, i64 4, i32 0, i32 1)
; CHECK-NEXT: call void @__bpor_store(ptr @g, i64 4, i64 4, i32 0, i32 3)
; CHECK-NEXT: call void @__bpor_store(ptr @g, i64 5, i64 4, i32 0, i32 0)
; CHECK-NEXT: br label %spin
define void @f() !dbg !5 {
  store i32 1, ptr @g, !dbg !10
  store i32 2, ptr @g, !dbg !11
  store i32 3, ptr @g, !dbg !12
  store i32 4, ptr @g, !dbg !13
  store i32 5, ptr @g
  br label %spin

; The spin yield (added by the second pass) takes the loop's location.
; CHECK: spin:
; CHECK-NEXT: call void @__bpor_spin_start(
; CHECK-NEXT: [[V:%.*]] = call i64 @__bpor_load(ptr @g, i64 4, i32 0, i32 1)
; CHECK: bpor.spin:
; CHECK-NEXT: call void @__bpor_spin_end(
; CHECK-NEXT: call void @__bpor_spin_yield(i32 4)
spin:
  %v = load i32, ptr @g, !dbg !10
  %c = icmp eq i32 %v, 0
  br i1 %c, label %spin, label %done, !llvm.loop !20

done:
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "test", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "main.c", directory: "/src")
!2 = !DIFile(filename: "other.c", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !6, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = distinct !DILexicalBlock(scope: !5, file: !2, line: 1)
!10 = !DILocation(line: 3, column: 5, scope: !5)
!11 = !DILocation(line: 4, column: 7, scope: !5)
!12 = !DILocation(line: 3, column: 5, scope: !5)
!13 = !DILocation(line: 3, column: 5, scope: !8)
!14 = !DILocation(line: 8, column: 3, scope: !5)
!20 = distinct !{!20, !14}
