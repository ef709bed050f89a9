; In a C++ module (one with __gxx_personality_v0) a function with a shared alloca ends its frame
; on every path that leaves it (passes/FrameEnds.h): before each return and each resume, and in a
; new cleanup landing pad that the calls which may throw (defined functions, the lowered
; pthread_once's runner) now invoke. Calls of declared functions do not throw (the runtime models
; them): they are marked nounwind and stay calls. A pad that catches only some types and reads its
; selector becomes a cleanup, so that an exception of another type stops there and reaches the
; resume; one that never reads its selector is left alone. A function that does not throw, or
; without a shared alloca, is left as it was.
; REQUIRES: plugin
; RUN: %opt -load-pass-plugin=%plugin -passes=bpor-instrument -S %s | %FileCheck %s

@p = global ptr null
@once = global i32 0
@_ZTIi = external constant ptr

declare void @use(ptr)
declare i32 @pthread_once(ptr, ptr)
declare i32 @__gxx_personality_v0(...)
declare void @__cxa_throw(ptr, ptr, ptr)
declare i32 @llvm.eh.typeid.for.p0(ptr)

define void @thrower() {
  call void @__cxa_throw(ptr null, ptr @_ZTIi, ptr null)
  unreachable
}

define void @init() {
  call void @thrower()
  ret void
}

; CHECK-LABEL: define void @publish() personality ptr @__gxx_personality_v0 {
; CHECK:         call void @__bpor_store(ptr @p, i64 %0, i64 8, i32 0, i32 0) [[NOUNWIND:#[0-9]+]]
; CHECK-NEXT:    call void @use(ptr null) [[NOUNWIND]]
; CHECK-NEXT:    invoke void @thrower()
; CHECK-NEXT:      to label %[[AFTER:.*]] unwind label %bpor.frame.end
; CHECK:       [[AFTER]]:
; CHECK-NEXT:    call i32 @__bpor_once_begin(ptr @once, i32 0) [[NOUNWIND]]
; CHECK:         invoke void @bpor.once.run(ptr @once, ptr @init, i32 0)
; CHECK-NEXT:      to label %{{.*}} unwind label %bpor.frame.end
; CHECK:         invoke void @thrower()
; CHECK-NEXT:      to label %done unwind label %pad
; CHECK:       done:
; CHECK-NEXT:    call void @__bpor_frame_end(i32 0) [[NOUNWIND]]
; CHECK-NEXT:    ret void
; CHECK:       pad:
; CHECK-NEXT:    %lp = landingpad { ptr, i32 }
; CHECK-NEXT:      cleanup
; CHECK-NEXT:      catch ptr @_ZTIi
; CHECK:       resume:
; CHECK-NEXT:    call void @__bpor_frame_end(i32 0) [[NOUNWIND]]
; CHECK-NEXT:    resume { ptr, i32 } %lp
; CHECK:       bpor.frame.end:
; CHECK-NEXT:    %cleanup.lpad = landingpad { ptr, i32 }
; CHECK-NEXT:      cleanup
; CHECK-NEXT:    call void @__bpor_frame_end(i32 0) [[NOUNWIND]]
; CHECK-NEXT:    resume { ptr, i32 } %cleanup.lpad
; CHECK-NEXT:  }
define void @publish() personality ptr @__gxx_personality_v0 {
entry:
  %local = alloca i32
  store ptr %local, ptr @p
  call void @use(ptr null)
  call void @thrower()
  %r = call i32 @pthread_once(ptr @once, ptr @init)
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

; CHECK-LABEL: define void @selector_unread()
; CHECK:       pad:
; CHECK-NEXT:    %lp = landingpad { ptr, i32 }
; CHECK-NEXT:      catch ptr @_ZTIi
; CHECK-NEXT:    br label %done
define void @selector_unread() personality ptr @__gxx_personality_v0 {
entry:
  %local = alloca i32
  store ptr %local, ptr @p
  invoke void @thrower() to label %done unwind label %pad
done:
  ret void
pad:
  %lp = landingpad { ptr, i32 } catch ptr @_ZTIi
  br label %done
}

; CHECK-LABEL: define void @does_not_throw()
; CHECK:         call void @thrower(){{$}}
; CHECK-NEXT:    call void @__bpor_frame_end(i32 0){{$}}
; CHECK-NEXT:    ret void
define void @does_not_throw() nounwind {
  %local = alloca i32
  store ptr %local, ptr @p
  call void @thrower()
  ret void
}

; CHECK-LABEL: define void @frame_not_shared() {
; CHECK-NEXT:    call void @thrower(){{$}}
; CHECK-NEXT:    ret void
define void @frame_not_shared() {
  call void @thrower()
  ret void
}

; CHECK: attributes [[NOUNWIND]] = { nounwind }
