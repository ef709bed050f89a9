// setjmp and longjmp within a thread. A jmp_buf keeps a token: the index of a JumpTarget, which
// names the frame of the setjmp call by its depth, function and first slot, the call's
// position, and how many stack objects the thread had. longjmp pops the frames above it,
// releases the stack objects made since (variable-length arrays), and completes the setjmp
// call again with the new value. The locals the function keeps in registers hold what they
// held at the longjmp, which C allows for the non-volatile ones it leaves indeterminate.
#include "interp/Interpreter.h"

namespace bpor {

namespace {
// Marks a token as one (the high word) so that a jmp_buf never set gives no target.
constexpr uint64_t TokenMark = uint64_t(0x6a6d70) << 32;
} // namespace

uint64_t Interpreter::saveJumpTarget(ThreadState &thread) {
  const Frame &frame = thread.frames.back();
  ThreadState::JumpTarget target{uint32_t(thread.frames.size()), frame.function, frame.base,
                                 frame.pc, uint32_t(thread.allocas.size())};
  auto &targets = thread.jumpTargets;
  // A frame that returned leaves targets no longer reachable: drop them (the deepest frame
  // still standing at its target is what counts).
  while (!targets.empty() && targets.back().depth > target.depth)
    targets.pop_back();
  for (size_t i = 0; i < targets.size(); ++i)
    if (targets[i] == target)
      return TokenMark | (i + 1);
  targets.push_back(target);
  return TokenMark | targets.size();
}

bool Interpreter::jumpTo(ThreadState &thread, uint64_t token, Slot value) {
  if ((token & ~uint64_t(0xffffffff)) != TokenMark)
    return false;
  uint64_t index = token & 0xffffffff;
  if (index == 0 || index > thread.jumpTargets.size())
    return false;
  ThreadState::JumpTarget target = thread.jumpTargets[index - 1];
  if (thread.frames.size() < target.depth)
    return false;
  const Frame &frame = thread.frames[target.depth - 1];
  if (frame.function != target.function || frame.base != target.base ||
      thread.allocas.size() < target.allocas)
    return false;
  const interp::Function &function = program_.function(target.function);
  if (target.pc >= function.code.size() || function.code[target.pc].op != interp::Op::Call)
    return false;
  while (thread.frames.size() > target.depth)
    popFrame(thread);
  releaseAllocas(thread, target.allocas);
  thread.frames.back().pc = target.pc;
  writeResult(thread, thread.frames.size() - 1, &value, 1);
  return true;
}

} // namespace bpor
