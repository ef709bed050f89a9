// Executes a Program's bytecode deterministically (docs/design.md,
// "interp/"). One Interpreter serves a whole execution; each program thread is
// a ThreadState (a copyable value: call stack, frame slots in one contiguous
// buffer, the thread's stack objects). run() executes a thread until it reaches a visible
// operation (an external call its handler pauses), returns from its entry
// function, is stopped by a handler, or faults.
#pragma once

#include "core/CopyVector.h"
#include "core/Outcome.h"
#include "interp/ExternalCall.h"
#include "interp/Program.h"
#include "interp/Symbolic.h"
#include "interp/SymbolicMemory.h"
#include "memory/Memory.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace bpor {

enum class RunResult : uint8_t {
  Ready,  // started (or completed) and not yet run: internal, never returned by
          // run()
  Paused, // a handler returned CallOutcome::Pause; the thread stands at that
          // call
  Returned, // the entry function returned; its value is
            // ThreadState::returnValue
  Stopped,  // a handler returned CallOutcome::Stop; the thread stands at that
            // call
  Fault,    // an error in interpreted code: ThreadState::fault
};

/// An error raised by interpreted code.
struct Fault {
  ErrorKind kind = ErrorKind::None; // MemoryError, Unsupported, ResourceLimit,
                                    // AssertionFailure (undefined behaviour:
                                    // division by zero, unreachable)
  MemoryFault memory = MemoryFault::None; // for MemoryError
  Address address = 0;     // for MemoryError: the faulting pointer
  std::string message;     // complete, e.g. "out-of-bounds store of 4 bytes to
                           // global counter+8 (size 8)"
  SourceLocation location; // the instruction's file:line, if known
  uint32_t debugIndex = 0; // its entry in Program's debug-location table (0: unknown)
};

struct Frame {
  uint32_t function = 0; // Program function index
  uint32_t pc = 0;       // current instruction
  uint32_t base = 0;     // first slot in ThreadState::slots
  uint32_t allocaBase =
      0; // first entry in ThreadState::allocas owned by this frame
  Address varargs = 0; // its variadic arguments (a Stack object), 0 if none
  bool invoked =
      false; // pushed by Interpreter::invoke: its return value is discarded
};

struct ThreadState {
  uint32_t threadId = 0; // owner of its stack objects (Memory::allocate)
  uint64_t user = 0;     // free for the runtime
  RunResult status = RunResult::Ready;
  CopyVector<Frame> frames;
  CopyVector<Slot> slots;
  CopyVector<Address> allocas;  // live stack objects, innermost last
  CopyVector<Slot> returnValue; // after Returned
  /// After Returned: the debug location of the `ret` the outermost frame returned by (0: none),
  /// where an error found as the thread ends is shown (a leak when main returns).
  uint32_t returnDebugIndex = 0;
  /// Scratch: flattened arguments of a call to a defined function with byval
  /// or variadic arguments (external calls read theirs in the frame).
  CopyVector<Slot> callArgs;
  Fault fault;  // after Fault
  uint64_t instructions = 0; // executed so far (statistics)
  /// Symbolic mode only (Interpreter::setSymbolic): the expression of each slot (0: concrete),
  /// as long as `slots`; the shadows of callArgs; the decision a Paused thread stands at.
  CopyVector<ExprId> shadows;
  CopyVector<ExprId> callArgShadows;
  CopyVector<ExprId> returnShadows; // of returnValue
  PendingDecision decision;
  /// C++ exceptions (Unwind.cpp): what the landing pad the thread unwound to receives, and the
  /// exceptions thrown and not yet caught by a handler (object, type info): a cleanup's
  /// `resume` names only the object.
  Address landedObject = 0;
  uint32_t landedSelector = 0;
  CopyVector<std::pair<Address, Address>> exceptionsInFlight;
  /// setjmp (Jump.cpp): where each jmp_buf set by this thread returns to.
  struct JumpTarget {
    uint32_t depth, function, base, pc, allocas;
    bool operator==(const JumpTarget &) const = default;
  };
  CopyVector<JumpTarget> jumpTargets;
};

struct InterpreterOptions {
  uint32_t maxFrames = 10000; // deeper recursion is a ResourceLimit fault
  /// Branches one run() may take without reaching a visible operation: beyond
  /// it the thread is in a local infinite loop (nothing another thread does can
  /// end it) and faults with ResourceLimit instead of hanging the checker.
  uint64_t maxBranchesPerRun = uint64_t(2) << 30;
};

/// One entry of a backtrace, innermost first.
struct BacktraceEntry {
  std::string_view function;
  SourceLocation location;
};

class Interpreter {
public:
  Interpreter(const Program &program, Memory &memory, ExternalHandler &handler,
              InterpreterOptions options = {});

  /// Rebinds the memory (after the execution's Memory was replaced, e.g. a
  /// checkpoint restore).
  void setMemory(Memory &memory) { memory_ = &memory; }
  /// Symbolic mode (interp/Symbolic.h): threads keep expressions beside their slots, and run()
  /// also returns Paused at a decision (ThreadState::decision). Set before any thread starts.
  void setSymbolic(SymbolicValues *values) { symbolic_ = values; }
  bool symbolicMode() const { return symbolic_ != nullptr; }
  const Program &program() const { return program_; }

  /// Clears `thread` and pushes a frame for `function` with `args` (one slot
  /// per parameter leaf). An address that is not a defined function makes the
  /// thread fault on run().
  void start(ThreadState &thread, Address function, std::span<const Slot> args);

  /// Executes until Paused, Returned, Stopped or Fault (also stored in
  /// thread.status).
  RunResult run(ThreadState &thread);

  /// Completes the call a Paused thread stands at: writes `n` result slots (if
  /// the call has a result) and moves past it. The next run() continues after
  /// the call. `shadows` (symbolic mode, may be null) are the results' expressions.
  void complete(ThreadState &thread, const Slot *result, unsigned n,
                const ExprId *shadows = nullptr);

  /// From a handler about to return CallOutcome::Invoke: pushes a frame for
  /// `function`; when it returns, the external call completes with the result
  /// the handler wrote (the invoked function's own return value is discarded).
  /// Also usable outside a handler: on a thread that has returned (or was
  /// unwound) the function runs on the empty stack and run() then reports
  /// Returned again with the original returnValue (thread-specific-data
  /// destructors); after complete() on a Paused thread it runs before the code
  /// after the call. On a Stopped thread the stopped call would run again
  /// afterwards: unwind() such a thread first.
  void invoke(ThreadState &thread, Address function,
              std::span<const Slot> args);

  /// Pops every frame of a thread that ends without returning (pthread_exit, or
  /// a thread abandoned at a Stop), releasing its stack objects so that later
  /// accesses to them are caught as use after free.
  void unwind(ThreadState &thread);

  /// From a handler about to return CallOutcome::Throw: the exception the thread throws
  /// (object and its C++ type info). The interpreter unwinds to the nearest handler, running
  /// the landing pads' cleanups on the way; with no handler the thread faults at the throw.
  void setThrown(ThreadState &thread, Address object, Address typeInfo);

  /// Whether unwinding the thread's frames from the call it stands at, as glibc's pthread_exit
  /// does in C++ (a forced unwind), would run code: a frame stands at an invoke whose landing
  /// pad has a cleanup (a destructor, a pthread_cleanup_push handler) or a catch (...).
  bool unwindRunsCode(const ThreadState &thread) const;

  /// setjmp, from its handler: remembers the call the thread stands at (its frame, the stack
  /// objects it has) and returns the token the jmp_buf keeps.
  uint64_t saveJumpTarget(ThreadState &thread);
  /// longjmp, from its handler about to return CallOutcome::Jumped: returns to the setjmp call
  /// of `token`, which then gives `value`. False, with the thread unchanged, if the token is
  /// not one of this thread's or its function has returned since (undefined behaviour).
  bool jumpTo(ThreadState &thread, uint64_t token, Slot value);

  /// The external call a Paused or Stopped thread stands at (arguments read
  /// from its frame). Valid until the thread runs or is modified.
  ExternalCall pendingCall(const ThreadState &thread) const;

  /// The DILocation of the instruction the thread stands at (unknown if none).
  SourceLocation currentLocation(const ThreadState &thread) const {
    return program_.debugLocation(currentDebugIndex(thread));
  }
  /// Its entry in Program's debug-location table (0: unknown).
  uint32_t currentDebugIndex(const ThreadState &thread) const;
  std::vector<BacktraceEntry> backtrace(const ThreadState &thread) const;

private:
  template <bool Symbolic> RunResult runLoop(ThreadState &thread);
  enum class ShadowStep : uint8_t { Continue, Pause };
  /// The symbolic half of an instruction (Shadow.cpp).
  ShadowStep shadowStep(ThreadState &thread, const interp::Function &function,
                        const interp::Inst &inst, Slot *R, ExprId *S);
  /// The symbolic half by the operation's rule (interp/Opcodes.def's Shadow column).
  template <interp::ShadowRule Rule, unsigned Operands, unsigned Results>
  ShadowStep shadowByRule(ThreadState &thread, const interp::Function &function,
                          const interp::Inst &I, Slot *R, ExprId *S);
  // Its rules of more than a few lines (Shadow.cpp).
  ShadowStep shadowDivision(ThreadState &thread, const interp::Inst &I, Slot *R, ExprId *S);
  ShadowStep shadowLoad(ThreadState &thread, const interp::Inst &I, Slot *R, ExprId *S);
  ShadowStep shadowStore(ThreadState &thread, const interp::Inst &I, Slot *R, ExprId *S);
  void shadowSelect(const interp::Inst &I, Slot *R, ExprId *S);
  void shadowFloat(const interp::Inst &I, const Slot *R, ExprId *S, bool unary);
  void shadowOverflow(const interp::Inst &I, Slot *R, ExprId *S);
  void shadowDynamicLane(const interp::Inst &I, Slot *R, ExprId *S);
  void shadowMemoryBlock(const interp::Inst &I, Slot *R, ExprId *S);
  void shadowVaList(const interp::Inst &I, Slot *R, ExprId *S);
  void shadowWide(const interp::Inst &I, Slot *R, ExprId *S);
  void shadowBitcast(const interp::Function &function, const interp::Inst &I, Slot *R,
                     ExprId *S);
  /// Slot `slot` as an expression of `bits` bits (a constant if it is concrete).
  ExprId operand(const Slot *R, const ExprId *S, uint32_t slot, unsigned bits);
  void concretiseSlot(Slot *R, ExprId *S, uint32_t slot, Concretisation why);
  /// Makes the symbolic bytes of a checked range concrete (recording their values).
  void concretiseBytes(Address address, uint64_t size, Concretisation why);
  void storeShadow(Address address, unsigned size, ExprId value);
  ExprId loadShadow(Address address, unsigned size);
  enum class SymbolicAddress : uint8_t { Concretised, Pause, Within };
  SymbolicAddress symbolicAddress(ThreadState &thread, Slot *R, ExprId *S, uint32_t slot,
                                  uint64_t offset, unsigned size,
                                  symbolic_memory::Target &target);
  /// Symbolic mode: the shadows of an external call's arguments that the handler does not
  /// take symbolically are made concrete, with every symbolic byte of the objects its pointer
  /// arguments point into.
  void concretiseExternalArguments(ThreadState &thread, const interp::CallSite &site);
  /// Before concretiseExternalArguments: whether the thread pauses to split one of the values
  /// it would fix (pausesToSplit), arguments first, then the bytes their pointers reach.
  bool pausesToSplitExternalArguments(ThreadState &thread, const interp::CallSite &site);
  /// The most symbolic bytes an object reached by an external call's pointer argument may
  /// hold for them to be split before the call (more: fixed with loss).
  static constexpr size_t MaxSplitBytes = 8;
  /// The function a call site calls (its callee slot's, for an indirect call), or nullptr.
  const interp::Function *calleeOf(const ThreadState &thread, const interp::CallSite &site) const;
  /// The external function a call site calls (ExternalRegistry's id; UnknownExternal if none).
  uint32_t externalIdOf(const ThreadState &thread, const interp::CallSite &site) const;
  /// Whether an external call fixes argument `arg`'s value (the handler does not keep it
  /// symbolic, and the call is not a print whose result nothing reads).
  bool fixesArgument(uint32_t id, const interp::CallSite &site, unsigned arg) const;
  /// Before a symbolic value is fixed (concretiseSlot): true when the thread pauses first at a
  /// DecisionKind::Value decision on it (SymbolicValues::splitsBeforeFixing). The instruction
  /// runs again once the checker chose and splits what is left, until the path allows one
  /// value (fixed without loss) or more than MaxSplitValues (fixed with loss, counted).
  bool pausesToSplit(ThreadState &thread, ExprId value);
  RunResult fault(ThreadState &thread, ErrorKind kind, std::string message);
  /// Unwinds with an exception from frame `first` down (Unwind.cpp): Ready at a landing pad,
  /// or a fault when no frame handles it.
  RunResult unwindException(ThreadState &thread, Address object, size_t first);
  /// The selector a landing pad gives `type` (> 0: a catch clause matches), -1 for a
  /// filter (not supported); 0 if nothing matches.
  int64_t landingSelector(const interp::Function &function, uint32_t pad, Address type) const;
  bool catches(Address thrown, Address caught) const;
  std::string typeName(Address typeInfo) const;
  RunResult memoryFault(ThreadState &thread, MemoryFault fault, Address address,
                        uint64_t size, const char *access);
  /// Pushes a frame; on failure the thread has faulted (status Fault) and false
  /// is returned.
  bool pushFrame(ThreadState &thread, uint32_t function, const Slot *args,
                 uint32_t numArgSlots, bool invoked, uint32_t allocaBase,
                 const ExprId *argShadows = nullptr);
  void popFrame(ThreadState &thread);
  void releaseAllocas(ThreadState &thread, size_t keep);
  /// A call instruction: pushes the callee's frame or calls the external
  /// handler. Returns Ready when the thread goes on running.
  RunResult call(ThreadState &thread, const interp::CallSite &site);
  RunResult callExternal(ThreadState &thread, const interp::Function &callee,
                         const interp::CallSite &site);
  void gatherArgs(ThreadState &thread, const interp::CallSite &site);
  /// The handler's view of an external call the thread's top frame makes.
  ExternalCall externalCall(const ThreadState &thread,
                            const interp::Function &callee,
                            const interp::CallSite &site) const;
  void writeResult(ThreadState &thread, size_t frame, const Slot *result,
                   unsigned n, const ExprId *shadows = nullptr);

  const Program &program_;
  Memory *memory_;
  ExternalHandler &handler_;
  InterpreterOptions options_;
  SymbolicValues *symbolic_ = nullptr;
};

} // namespace bpor
