// A run's ties to its threads' numbers (ThreadNumbers.h).
#include "runtime/ThreadNumbers.h"
#include "runtime/Externals.h"

namespace bpor::runtime {

// The externals after which threads are no longer interchangeable reveal a thread's number or
// create state that records threads (owners, waiters, keys, handlers): ExternalOp::identityUse.
void IdentityUse::note(uint32_t id) {
  if (!first_)
    first_ = externalOp(Ext(id)).identityUse;
}

// A record holds the group's addresses in its slots, stack object lists, pending operation, call
// arguments, exit value and thread-local copies.
void relocateThread(const Memory &memory, ProgramThread &thread, ThreadId from, ThreadId to) {
  auto move = [&](uint64_t value) { return memory.relocated(value, from, to); };
  ThreadState &state = thread.state;
  state.threadId = to;
  for (Slot &slot : state.slots)
    slot = move(slot);
  for (Address &alloca : state.allocas)
    alloca = move(alloca);
  for (Frame &frame : state.frames)
    frame.varargs = move(frame.varargs);
  for (Slot &slot : state.returnValue)
    slot = move(slot);
  for (Slot &slot : state.callArgs)
    slot = move(slot);
  state.landedObject = move(state.landedObject);
  state.fault.address = move(state.fault.address);
  thread.pending.thread = to;
  for (unsigned i = 0; i < thread.pending.numAccesses; ++i)
    thread.pending.accesses[i].address = move(thread.pending.accesses[i].address);
  for (Slot &arg : thread.request.args)
    arg = move(arg);
  thread.exitValue = move(thread.exitValue);
  for (auto &[global, copy] : thread.threadLocals)
    copy = move(copy);
  thread.errnoObject = move(thread.errnoObject);
}

} // namespace bpor::runtime
