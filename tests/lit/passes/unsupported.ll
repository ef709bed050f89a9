; What the pass cannot instrument is an error naming the construct (opt
; reports it and fails), never a crash.
; REQUIRES: plugin
; RUN: %not %opt -load-pass-plugin=%plugin -passes=bpor-instrument -disable-output %s 2>&1 | %FileCheck %s

; CHECK: error: {{.*}}bporcheck cannot instrument an atomicrmw wider than 8 bytes in function 'wide'
define i128 @wide(ptr %p) {
  %old = atomicrmw add ptr %p, i128 1 seq_cst
  ret i128 %old
}
