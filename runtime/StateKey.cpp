// The state key of an Execution (Model::stateKey): every part of the run's state that decides
// what the program can do from here, written field by field (core/StateWriter.h).
//
// Left out, because they do not change what can happen next: the program's output, statistics
// (instructions executed), scratch buffers of the interpreter (callArgs), the interned location
// table, and the count of nondet calls per thread (it only names symbols, and a key is never
// made in symbolic mode). Thread numbers and object names are already schedule-independent
// (docs/design.md, "Memory"), so equivalent interleavings give equal keys.
#include "runtime/Execution.h"

namespace bpor {

namespace {

void writeOperation(StateWriter &out, const Operation &op) {
  out.u8(uint8_t(op.kind));
  out.u8(uint8_t(op.global) | uint8_t(op.endsThread) << 1 | uint8_t(op.blocking) << 2);
  out.u8(op.numAccesses);
  for (unsigned i = 0; i < op.numAccesses; ++i) {
    out.u64(op.accesses[i].address);
    out.u64(op.accesses[i].size);
    out.u8(uint8_t(op.accesses[i].write | op.accesses[i].update << 1));
  }
  out.u32(op.otherThread);
  out.u32(op.numChoices);
  out.u32(op.location);
}

// A frame's slots: at a call, only those the function may still read (CallSite::liveSlots), so
// that a value left behind by an earlier iteration (a dead loop counter, a temporary) does not
// make two states that behave alike look different; elsewhere all of them.
void writeFrameSlots(StateWriter &out, const Program &program, const ThreadState &state,
                     const Frame &frame) {
  const interp::Function &function = program.function(frame.function);
  const Slot *slots = state.slots.data() + frame.base;
  if (frame.pc < function.code.size() && function.code[frame.pc].op == interp::Op::Call) {
    const interp::CallSite &site = function.calls[function.code[frame.pc].imm];
    out.u64(site.liveSlots.size());
    for (uint32_t s : site.liveSlots)
      out.u64(slots[s]);
    return;
  }
  out.bytes(slots, function.numSlots * sizeof(Slot));
}

void writeThreadState(StateWriter &out, const Program &program, const ThreadState &state) {
  out.u8(uint8_t(state.status));
  out.u64(state.user);
  out.u64(state.frames.size());
  for (const Frame &frame : state.frames) {
    out.u32(frame.function);
    out.u32(frame.pc);
    out.u32(frame.base);
    out.u32(frame.allocaBase);
    out.u64(frame.varargs);
    out.u8(frame.invoked);
    writeFrameSlots(out, program, state, frame);
  }
  out.bytes(state.allocas.data(), state.allocas.size() * sizeof(Address));
  out.bytes(state.returnValue.data(), state.returnValue.size() * sizeof(Slot));
  out.u8(uint8_t(state.fault.kind));
  // What a later resume or longjmp reads besides memory and slots.
  out.u64(state.exceptionsInFlight.size());
  for (const auto &[object, type] : state.exceptionsInFlight) {
    out.u64(object);
    out.u64(type);
  }
  out.bytes(state.jumpTargets.data(),
            state.jumpTargets.size() * sizeof(ThreadState::JumpTarget));
}

void writeExitHandlers(StateWriter &out, const std::vector<runtime::ExitHandler> &handlers) {
  out.u64(handlers.size());
  for (const runtime::ExitHandler &handler : handlers) {
    out.u64(handler.function);
    out.u64(handler.argument);
    out.u8(handler.withArgument);
  }
}

template <typename Table, typename WriteValue>
void writeTable(StateWriter &out, char tag, const Table &table, WriteValue writeValue) {
  out.tag(tag);
  out.u64(table.size());
  for (const auto &[address, value] : table) {
    out.u64(address);
    writeValue(value);
  }
}

} // namespace

void Execution::writeThreadPart(StateWriter &out, const ProgramThread &thread,
                                uint8_t ends) const {
  out.u8(uint8_t(thread.stage));
  if (thread.stage == runtime::Stage::Terminated) {
    // Only what a join or detach of it can still observe.
    out.u8(ends);
    out.u64(thread.exitValue);
    return;
  }
  writeThreadState(out, program_, thread.state);
  writeOperation(out, thread.pending);
  out.u32(uint32_t(thread.request.id));
  out.u8(thread.request.numResultSlots);
  for (Slot arg : thread.request.args)
    out.u64(arg);
  out.u8(ends |
         uint8_t(thread.needsInitialRun) << 2 | uint8_t(thread.exiting) << 3);
  out.u32(thread.atomicDepth);
  out.u64(thread.exitValue);
  out.u64(thread.waitCond);
  // Without a limit the count decides nothing (and would make a wait loop's states differ).
  if (options_.spuriousWakeupLimit != ExecutionOptions::UnlimitedSpuriousWakeups)
    out.u32(thread.spuriousWakeups);
  out.u64(thread.waitMutex);
  out.u32(thread.waitDepth);
  out.u64(thread.barrier);
  out.u64(thread.barrierGeneration);
  out.u8(thread.barrierSerial);
  out.u64(thread.barrierPasses.size());
  for (const auto &[address, passes] : thread.barrierPasses) {
    out.u64(address);
    out.u64(passes);
  }
  out.u64(thread.specific.size());
  for (const auto &[k, value] : thread.specific) {
    out.u32(k);
    out.u64(value);
  }
  out.u64(thread.threadLocals.size());
  for (const auto &[global, copy] : thread.threadLocals) {
    out.u64(global);
    out.u64(copy);
  }
  out.u64(thread.errnoObject);
  writeExitHandlers(out, thread.threadExitHandlers);
  out.u64(thread.cleanupBuffers.size());
  for (Address buffer : thread.cleanupBuffers)
    out.u64(buffer);
}

bool Execution::stateKey(std::string &key) const {
  // Race detection keeps history (vector clocks) that decides future errors: no key holds it.
  if (symbolicMode() || options_.raceDetection == RaceDetection::HappensBefore)
    return false;
  key.clear();
  StateWriter out(key);
  size_t part = out.beginPart();
  out.tag('S');
  out.u8(uint8_t(status_));
  out.u32(uint32_t(process_.exitCode));
  out.u64(process_.randState);
  out.u32(atomicOwner_);
  out.u32(sync_.nextKey);
  out.bytes(sync_.keyDestructors.data(), sync_.keyDestructors.size() * sizeof(Address));

  out.tag('P');
  writeExitHandlers(out, process_.atexit);
  writeExitHandlers(out, process_.atQuickExit);
  out.u32(process_.destructorsRun);
  out.u8(uint8_t(process_.phase));
  out.u32(process_.exitingThread);
  out.u64(process_.clock.nanos());

  writeTable(out, 'm', sync_.mutexes, [&](const runtime::Mutex &m) { m.writeState(out); });
  writeTable(out, 'c', sync_.conds, [&](const runtime::CondVar &c) { c.writeState(out); });
  writeTable(out, 'r', sync_.rwlocks, [&](const runtime::RwLock &r) { r.writeState(out); });
  writeTable(out, 'b', sync_.barriers, [&](const runtime::Barrier &b) { b.writeState(out); });
  writeTable(out, 's', sync_.semaphores, [&](const runtime::Semaphore &s) { s.writeState(out); });
  writeTable(out, 'o', sync_.onces, [&](const runtime::OnceState &once) {
    out.u8(once.done);
    out.u32(once.runner);
  });
  // Plain accesses awaiting a pending atomic section's footprint (RaceDetection::CoEnabled).
  races_.writeState(out);
  out.tag('T');
  out.u32(numThreads_);
  out.endPart(part);

  part = out.beginPart();
  out.tag('M');
  memory_.writeState(out);
  out.endPart(part);

  for (ThreadId t = 0; t < numThreads_; ++t) {
    part = out.beginPart();
    writeThreadPart(out, threads_[t], threadEnds_.bits(t));
    out.endPart(part);
  }
  return true;
}

} // namespace bpor
