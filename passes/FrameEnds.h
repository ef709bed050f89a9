//===- FrameEnds.h - __bpor_frame_end wherever a frame ends --------------===//
//
// A frame's end frees its stack objects, and another thread that got hold of one's address can
// still use it: the runtime makes that release a visible operation, ordered against the other
// threads' accesses like a free, when the frame has a published object (runtime FrameEnd,
// docs/design.md "Frame ends"). The pass puts __bpor_frame_end(loc) on every path that leaves a
// function with a shared alloca, found as LLVM's ThreadSanitizer pass finds the paths for its
// function-exit hook (llvm::EscapeEnumerator):
//
//  - before each `ret`, except one after a musttail call (nothing may come between the two);
//  - before each `resume`: an exception leaving the function from one of its landing pads;
//  - in a C++ module, on the unwinding path of every call that may throw: the calls become
//    invokes of one new cleanup landing pad that ends the frame and resumes. A call of a
//    declared function does not throw, except those declarationMayThrow names (the runtime
//    models them all; PreparePass makes their invokes calls on the same grounds): those calls
//    are marked nounwind first, so that only calls of the program's own functions, indirect
//    calls and calls that throw become invokes;
//  - and a landing pad that only catches some types (no cleanup, no catch-all) is made a
//    cleanup, so that an exception of another type stops there too instead of passing the frame:
//    its handler code tests the selector and resumes when no clause matched, as clang emits
//    every catch dispatch. A pad whose selector is never read is left alone.
//
// A module without the C++ personality (__gxx_personality_v0) has no landing pad: an exception
// there has no handler, and the interpreter reports it at the throw before unwinding anything.
// So C modules only get the returns' frame ends. longjmp and pthread_exit from a nested call
// still leave frames without one.
//
//===----------------------------------------------------------------------===//
#ifndef BPOR_PASSES_FRAMEENDS_H
#define BPOR_PASSES_FRAMEENDS_H

#include "passes/RuntimeFunctions.h"
#include "passes/SourceLocations.h"

#include "llvm/IR/Function.h"

namespace bpor::passes {

/// Puts __bpor_frame_end on every path that leaves F (see above). Call once F's calls are
/// routed: the calls CallRouter adds (bpor.once.run) may throw too.
void insertFrameEnds(llvm::Function &F, RuntimeFunctions &Runtime, SourceLocationTable &Locations);

} // namespace bpor::passes

#endif
