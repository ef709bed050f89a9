// Calls from interpreted code to functions that are declared but not defined in
// the module: the
// __bpor_* runtime ABI (runtime/bpor_abi.h) and the libc functions the runtime
// models. The runtime registers every name it handles in an ExternalRegistry
// before the Program is built, and answers each call through an
// ExternalHandler.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace bpor {

/// Every interpreted value lives in 64-bit slots: integers up to 64 bits
/// (zero-extended), float/double as bit patterns, pointers as encoded
/// Addresses. Wider integers, vectors and first-class aggregates use
/// consecutive slots (their flattened leaves).
using Slot = uint64_t;

struct ThreadState;

/// How an argument or result is passed, so that a handler can check a call's
/// shape and read varargs (printf) without knowing the callee's prototype.
enum class ValueKind : uint8_t {
  Void,
  Int,     // bits = 1..64, zero-extended in its slot
  Float,   // bit pattern in the low 32 bits
  Double,  // bit pattern
  Pointer, // an encoded Address
  Other,   // anything wider or structured: several slots (numSlots)
};

struct ValueType {
  ValueKind kind = ValueKind::Void;
  uint16_t bits = 0;     // Int: width; Float 32; Double 64; Pointer 64
  uint16_t numSlots = 0; // slots the value occupies (0 for Void)
};

/// Maps the names the runtime models to the ids its handler switches on.
/// Unknown names are not an error at build time (a program may declare
/// functions it never calls): calling one raises an Unsupported fault naming
/// it.
class ExternalRegistry {
public:
  /// Registers `name` with the runtime's own `id` (any value except
  /// UnknownExternal).
  void add(std::string_view name, uint32_t id) { ids_[std::string(name)] = id; }
  /// The id of `name`, or UnknownExternal.
  uint32_t find(std::string_view name) const {
    auto it = ids_.find(std::string(name));
    return it == ids_.end() ? UnknownExternal : it->second;
  }
  static constexpr uint32_t UnknownExternal = ~uint32_t(0);

private:
  std::unordered_map<std::string, uint32_t> ids_;
};

/// One call of an external function, as the handler sees it.
struct ExternalCall {
  uint32_t id = ExternalRegistry::UnknownExternal; // the registry id
  std::string_view name;                           // the callee's name
  /// Arguments of this call site (for a varargs callee: including the variadic
  /// ones).
  std::span<const ValueType> argTypes;
  /// Argument values: argument i starts at slot argOffsets[i] of `slots` (the
  /// interpreter points this at the caller's frame: valid during the handler
  /// call, or while a paused thread does not run).
  std::span<const Slot> slots;
  std::span<const uint32_t> argOffsets;
  ValueType resultType; // Void if the call has no result
  /// The program never uses the result (a statement atomic_fetch_add(&x, 1);): CallSite's.
  bool resultIgnored = false;
  /// Symbolic mode (interp/Symbolic.h): the expressions beside `slots` (null otherwise). The
  /// arguments the handler does not keep symbolic (ExternalHandler::keepsSymbolic) are concrete
  /// by the time it is called. The handler may set the result's expressions in `resultShadows`.
  const uint32_t *shadows = nullptr;
  uint32_t *resultShadows = nullptr;
  uint32_t argShadow(unsigned i) const { return shadows ? shadows[argOffsets[i]] : 0; }

  unsigned numArgs() const { return unsigned(argTypes.size()); }
  /// The (first) slot of argument i.
  Slot arg(unsigned i) const { return slots[argOffsets[i]]; }
  std::span<const Slot> argSlots(unsigned i) const {
    return slots.subspan(argOffsets[i], argTypes[i].numSlots);
  }
};

/// What the interpreter does after a handler returns.
enum class CallOutcome : uint8_t {
  Return, // the call completes now with the value the handler wrote to `result`
  Pause,  // a visible operation: run() returns Paused with the thread standing
          // at this call; Interpreter::complete() later writes its result and
          // lets the thread go on
  Invoke, // the handler called Interpreter::invoke(): the invoked function runs
          // now; when it returns, this call completes with the value the
          // handler wrote to `result`
  /// The handler called Interpreter::invoke(): the invoked function runs now and, when it
  /// returns, this same call is made again (the handler sees it anew: exit() runs its
  /// handlers one by one this way).
  Retry,
  /// The handler called Interpreter::setThrown(): a C++ exception unwinds the thread's frames.
  Throw,
  /// The handler called Interpreter::jumpTo() (longjmp): the thread goes on where it jumped.
  Jumped,
  Stop, // the thread stops here (exit, pthread_exit, assertion failure): run()
        // returns Stopped
};

class ExternalHandler {
public:
  virtual ~ExternalHandler() = default;
  /// `result` has room for call.resultType.numSlots slots (at least 1),
  /// zero-filled.
  virtual CallOutcome call(ThreadState &thread, const ExternalCall &call, Slot *result) = 0;
  /// Symbolic mode: whether argument `arg` of external `id` may reach the handler symbolic
  /// (the handler then reads its expression in ExternalCall::shadows). Every other symbolic
  /// argument is made concrete first, and so is every symbolic byte of the objects that
  /// pointer arguments point into, unless `touchesMemorySymbolically(id)`.
  virtual bool keepsSymbolic(uint32_t id, unsigned arg) const { return false; }
  virtual bool touchesMemorySymbolically(uint32_t id) const { return false; }
  /// Whether external `id` is a memory operation that keeps nothing symbolic only because a
  /// weak-memory search gives reads their values (what it fixes is counted as such, not as a
  /// library function's argument).
  virtual bool keepsMemoryPlainForWeakSearch(uint32_t id) const { return false; }
  /// Whether external `id` reads the bytes its pointer arguments point into. One that does not
  /// (free) has their expressions dropped instead of made concrete: no input is pinned.
  virtual bool readsPointees(uint32_t id) const { return true; }
  /// Whether external `id` touches at all what its argument `arg` points into. One that only
  /// hands the pointer on (pthread_create's argument for the new thread) leaves their
  /// expressions in place.
  virtual bool touchesPointee(uint32_t id, unsigned arg) const { return true; }
  /// Whether external `id` does nothing but print, besides its result (printf, puts, ...):
  /// where the program ignores the result, the values it prints need not be fixed, and are
  /// printed as the current model has them.
  virtual bool onlyPrints(uint32_t id) const { return false; }
  /// A plain load of the thread (its pc saved) read only bytes never written: a private local
  /// of the program read before any write (memory/Memory.h, "Bytes never written").
  virtual void readUnwritten(const ThreadState &thread) {}
  /// Symbolic mode, before a plain load that may read the `size` bytes at `first`: each of them
  /// never written becomes a fresh symbol (an input), and written.
  virtual void drawUnwritten(ThreadState &thread, uint64_t first, uint64_t size) {}
};

} // namespace bpor
