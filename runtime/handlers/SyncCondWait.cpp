// pthread_cond_wait in four steps, each on one object, as the weak-memory search models it
// (ExecutionOptions::weakMemorySteps; checker/graph/CondWords.h): the wait (the thread becomes a
// waiter of the condition variable), the unlock of the mutex, the wakeup (it takes the wakeup a
// signal or a broadcast owes it; enabled once one does) and the lock of the mutex. Becoming a
// waiter before releasing the mutex keeps POSIX's atomicity: a thread that takes the mutex after
// the release and then signals finds the waiter. Between the wakeup and the lock the thread has
// left the waiters as a woken thread that has not yet reacquired the mutex: a signal then finds
// the waiters it would find in two steps, less those already owed a wakeup, which a later signal
// skips in both (runtime/sync/CondVar.h), so the four steps reach the same states.
#include "runtime/handlers/SyncHandler.h"

#include <fmt/format.h>

namespace bpor::runtime {

namespace {

/// The thread's pending operation becomes the next step of its wait, on one object.
void nextStep(ProgramThread &thread, Stage stage, OpKind kind, const Access &object,
              SyncWord word) {
  Operation &op = thread.pending;
  uint32_t location = op.location;
  op = Operation{};
  op.thread = thread.state.threadId;
  op.kind = kind;
  op.location = location;
  op.mutex = word == SyncWord::None;
  op.detail = uint8_t(word);
  op.addAccess(object.address, object.size, true);
  thread.stage = stage;
}

} // namespace

Performed SyncHandler::performCondWaitStep(ProgramThread &thread, Slot &result,
                                           Operation &event) {
  ThreadId self = thread.state.threadId;
  event.value = 0;
  switch (thread.stage) {
  case Stage::AtCall: {
    const Slot *a = thread.request.args;
    Mutex &mutex = mutexAt(a[1]);
    if (mutex.owner() != self) {
      context_.fail(ErrorKind::ThreadsApiMisuse, thread, thread.pending.location,
                    "pthread_cond_wait with a mutex the thread does not hold");
      return Performed::Stopped;
    }
    thread.waitCond = a[0];
    thread.waitMutex = a[1];
    thread.waitAccesses[0] = thread.pending.accesses[0];
    thread.waitAccesses[1] = thread.pending.accesses[1];
    sync_.conds[a[0]].addWaiter(self, /*timed=*/false);
    nextStep(thread, Stage::CondUnlock, OpKind::Unlock, thread.waitAccesses[1], SyncWord::None);
    return Performed::Waiting;
  }
  case Stage::CondUnlock:
    thread.waitDepth = mutexAt(thread.waitMutex).releaseForWait();
    nextStep(thread, Stage::CondWake, OpKind::CondWake, thread.waitAccesses[0],
             SyncWord::CondWake);
    return Performed::Waiting;
  case Stage::CondWake:
    sync_.conds[thread.waitCond].removeWaiter(self); // woken: it was enabled
    nextStep(thread, Stage::CondRelock, OpKind::Lock, thread.waitAccesses[1], SyncWord::None);
    return Performed::Waiting;
  case Stage::CondRelock:
    mutexAt(thread.waitMutex).reacquireAfterWait(self, thread.waitDepth);
    thread.stage = Stage::AtCall;
    result = 0;
    return Performed::Complete;
  default: // (no other stage has a cond wait pending)
    context_.fail(ErrorKind::Unsupported, thread, thread.pending.location,
                  fmt::format("pthread_cond_wait at an unexpected stage {}", int(thread.stage)));
    return Performed::Stopped;
  }
}

} // namespace bpor::runtime
