// What libc keeps for the process and for each thread: global constructors and destructors,
// exit handlers (atexit, __cxa_atexit, at_quick_exit, C++ thread_local destructors), exit,
// quick_exit and _Exit, thread-local variables, errno, and time.
//
// Rules:
// - Constructors run in thread 0 before main, in priority order. exit() (and main's return)
//   runs, in the exiting thread, its thread_local destructors, then the atexit handlers
//   last-registered first, then the global destructors; quick_exit runs only the at_quick_exit
//   handlers; _exit and _Exit run none. Other threads go on running meanwhile, as in C.
// - Each handler runs on top of the exit call, which is made again when it returns (so the
//   exit call's frame and locals stay alive while handlers run); after main returned, handlers
//   run on thread 0's empty stack.
// - Thread-local globals: thread 0 uses the global itself, every other thread a copy made on
//   first use from the global's initial value, freed when the thread terminates.
// - The clock starts at a fixed time and every read advances it by a microsecond; sleeping
//   advances it by the time slept. Reads and sleeps are visible operations on the clock, so the
//   checker explores the orders in which threads read it.
#include "runtime/handlers/ProcessHandler.h"
#include "runtime/ThreadObjects.h"

#include <cerrno>
#include <fmt/format.h>

namespace bpor::runtime {

CallOutcome ProcessHandler::prepare(ProgramThread &thread, const ExternalCall &call,
                                    Slot *result) {
  const Slot *a = thread.request.args;
  ThreadId self = thread.state.threadId;
  switch (Ext(call.id)) {
  case Ext::Exit:
  case Ext::QuickExit:
    // Made again after each handler the exiting thread runs (CallOutcome::Retry).
    if (process_.runsExitHandlers(self) &&
        process_.invokeNextExitHandler(context_.interp(), thread, context_.program.destructors()))
      return CallOutcome::Retry;
    context_.setExitPending(thread, context_.currentLocation(thread));
    return CallOutcome::Pause;
  case Ext::ImmediateExit:
    context_.setExitPending(thread, context_.currentLocation(thread));
    return CallOutcome::Pause;
  case Ext::CxaThreadAtexit:
    if (!context_.program.isDefined(a[0])) {
      context_.fail(ErrorKind::Unsupported, thread, context_.currentLocation(thread),
                    fmt::format("{} with a function that is not defined in the program",
                                call.name));
      return CallOutcome::Stop;
    }
    thread.threadExitHandlers.push_back({a[0], a[1], true});
    result[0] = 0;
    return CallOutcome::Return;
  case Ext::ThreadLocalAddress:
    result[0] = threadLocalAddress(context_.memory, context_.program.initialMemory(), thread, a[0]);
    return CallOutcome::Return;
  case Ext::ErrnoLocation:
    result[0] = errnoAddress(context_.memory, thread);
    return CallOutcome::Return;
  case Ext::Getspecific:
    result[0] = 0;
    for (auto &[key, value] : thread.specific)
      if (key == uint32_t(a[0]))
        result[0] = value;
    return CallOutcome::Return;
  case Ext::Setspecific:
    result[0] = 0;
    for (auto &[key, value] : thread.specific) {
      if (key == uint32_t(a[0])) {
        value = a[1];
        return CallOutcome::Return;
      }
    }
    thread.specific.emplace_back(uint32_t(a[0]), a[1]);
    return CallOutcome::Return;

  case Ext::Getpid:
    result[0] = 4242; // one process, whose number nothing else depends on
    return CallOutcome::Return;
  default:
    break;
  }
  context_.fail(ErrorKind::Unsupported, thread, context_.currentLocation(thread),
                fmt::format("internal: {} is not a process operation", call.name));
  return CallOutcome::Stop;
}

Performed ProcessHandler::perform(ProgramThread &thread, Slot &result, Operation &event) {
  const Slot *a = thread.request.args;
  Ext id = thread.request.id;
  if (thread.pending.kind == OpKind::Exit) {
    // main returned (the exit code set, handlers run) or exit(), quick_exit() or _Exit() was
    // called.
    if (process_.phase == ExitPhase::None && thread.stage != Stage::MainReturned) {
      process_.exitCode = int(int32_t(a[0]));
      ExitPhase phase = id == Ext::Exit        ? ExitPhase::Exit
                        : id == Ext::QuickExit ? ExitPhase::QuickExit
                                               : ExitPhase::None;
      if (process_.beginExit(thread, phase, context_.program.destructors())) {
        process_.invokeNextExitHandler(context_.interp(), thread, context_.program.destructors());
        return Performed::Retry;
      }
    }
    context_.finish(thread);
    return Performed::Stopped;
  }
  auto store = [&](Address address, uint64_t size, uint64_t value, const char *what) {
    if (MemoryFault f = context_.memory.write(address, size, value); f != MemoryFault::None) {
      context_.memoryError(thread, f, address, size, what);
      return false;
    }
    return true;
  };
  switch (id) {
  case Ext::Atexit:
  case Ext::CxaAtexit:
  case Ext::AtQuickExit:
    if (!context_.program.isDefined(a[0])) {
      context_.fail(ErrorKind::Unsupported, thread, thread.pending.location,
                    "an exit handler that is not a function defined in the program");
      return Performed::Stopped;
    }
    (id == Ext::AtQuickExit ? process_.atQuickExit : process_.atexit)
        .push_back({a[0], a[1], id == Ext::CxaAtexit});
    result = 0;
    return Performed::Complete;
  case Ext::ClockGettime:
  case Ext::Gettimeofday: {
    // clock_gettime(clock, struct timespec *), gettimeofday(struct timeval *, tz): two longs
    // (time_t is a long), seconds and nanoseconds or microseconds.
    uint64_t now = event.value = process_.clock.read();
    bool timespec = id == Ext::ClockGettime;
    Address out = timespec ? a[1] : a[0];
    uint64_t fraction = timespec ? now % NanosPerSecond : now % NanosPerSecond / 1000;
    const char *what = timespec ? "clock_gettime's result store" : "gettimeofday's result store";
    uint32_t L = context_.program.pointerBytes();
    if (out != 0 &&
        (!store(out, L, now / NanosPerSecond, what) || !store(out + L, L, fraction, what)))
      return Performed::Stopped;
    result = 0;
    return Performed::Complete;
  }
  case Ext::Rand:
  case Ext::Random:
    context_.coverage.countFixedRandomValue();
    result = process_.rand();
    return Performed::Complete;
  case Ext::Srand:
    process_.srand(uint32_t(a[0]));
    return Performed::Complete;
  case Ext::Time:
    event.value = process_.clock.read();
    result = event.value / NanosPerSecond;
    if (a[0] != 0 && !store(a[0], context_.program.pointerBytes(), result, "time's result store"))
      return Performed::Stopped;
    return Performed::Complete;
  case Ext::Clock:
    // Processor time in CLOCKS_PER_SEC (10^6) units since the execution started.
    event.value = process_.clock.read();
    result = process_.clock.micros();
    return Performed::Complete;
  case Ext::Sleep:
    event.value = process_.clock.advance(uint64_t(uint32_t(a[0])) * NanosPerSecond);
    result = 0;
    return Performed::Complete;
  case Ext::Usleep:
    event.value = process_.clock.advance(uint64_t(uint32_t(a[0])) * 1000);
    result = 0;
    return Performed::Complete;
  case Ext::Nanosleep: {
    uint64_t seconds = 0, nanos = 0;
    uint32_t L = context_.program.pointerBytes();
    if (a[0] != 0) {
      if (MemoryFault f = context_.memory.check(a[0], 2 * L, false); f != MemoryFault::None) {
        context_.memoryError(thread, f, a[0], 2 * L, "nanosleep's duration read");
        return Performed::Stopped;
      }
      context_.memory.read(a[0], L, seconds);
      context_.memory.read(a[0] + L, L, nanos);
    }
    uint64_t signBit = uint64_t(1) << (8 * L - 1);
    if ((seconds & signBit) || nanos >= NanosPerSecond) {
      setErrno(context_.memory, thread, EINVAL);
      result = uint32_t(-1);
      return Performed::Complete;
    }
    event.value = process_.clock.advance(seconds * NanosPerSecond + nanos);
    result = 0;
    return Performed::Complete;
  }
  default:
    break;
  }
  context_.fail(ErrorKind::Unsupported, thread, thread.pending.location,
                "internal: a process operation without semantics");
  return Performed::Stopped;
}

// A timed operation that times out returns only once its deadline has passed (POSIX): the
// clock, which every clock id reads, moves on to the deadline `abstime` gives (a timespec).
bool ProcessHandler::passDeadline(ProgramThread &thread, Address abstime) {
  uint32_t L = context_.program.pointerBytes();
  uint64_t seconds = 0, nanos = 0;
  for (auto [offset, value] : {std::pair<uint32_t, uint64_t *>{0, &seconds}, {L, &nanos}})
    if (MemoryFault f = context_.memory.read(abstime + offset, L, *value); f != MemoryFault::None) {
      context_.memoryError(thread, f, abstime + offset, L, "the timeout's deadline");
      return false;
    }
  process_.clock.passDeadline(seconds, nanos);
  return true;
}

} // namespace bpor::runtime
