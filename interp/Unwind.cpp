// C++ exceptions: the Itanium ABI's two-phase unwinding over the interpreter's frames.
//
// The C++ support library (runtime/cxx/) implements __cxa_throw and friends in C++ and hands
// the exception to the runtime, whose handler calls setThrown() and returns CallOutcome::Throw.
// Phase 1 looks for a handler without changing anything: from the throwing frame down, each
// frame standing at an invoke has a landing pad whose catch clauses are matched against the
// thrown type. With no handler the thread faults right at the throw, as std::terminate does
// before any unwinding (the ABI lets an implementation skip it, and the trace then ends where
// the exception was thrown). Phase 2 pops frames down to the first landing pad that has a
// cleanup or is the handler, and jumps there; a cleanup ends in `resume`, which starts again
// from the frame below. A landing pad receives the exception object itself (not an
// _Unwind_Exception header: the support library's __cxa_begin_catch expects exactly that) and
// the selector: the matching clause's type id, or 0 for a cleanup.
#include "interp/Interpreter.h"

#include <llvm/Demangle/Demangle.h>

#include <fmt/format.h>

namespace bpor {

using interp::Op;

// Larger than every type id (ids count the program's type infos from 1).
constexpr int64_t CatchAllSelector = 0x7fffffff;

void Interpreter::setThrown(ThreadState &thread, Address object, Address typeInfo) {
  thread.exceptionsInFlight.emplace_back(object, typeInfo);
}

std::string Interpreter::typeName(Address typeInfo) const {
  uint64_t namePointer = 0;
  unsigned pointerSize = memory_->narrow() ? 4 : 8;
  std::string mangled;
  if (typeInfo == 0 || memory_->read(typeInfo + pointerSize, pointerSize, namePointer) !=
                           MemoryFault::None ||
      memory_->readString(Address(namePointer), mangled) != MemoryFault::None)
    return "of unknown type";
  std::string demangled = llvm::demangle("_ZTS" + mangled);
  const std::string prefix = "typeinfo name for ";
  if (demangled.rfind(prefix, 0) == 0)
    return demangled.substr(prefix.size());
  return mangled;
}

// Whether a handler for `caught` catches an exception of type `thrown`: the same type info, or
// (class types) a public base reached through single-base (__si_class_type_info) or
// multiple-base (__vmi_class_type_info) type infos. Pointer conversions and qualification
// adjustments are not made: a handler for `const Base *` does not catch a thrown `Derived *`.
bool Interpreter::catches(Address thrown, Address caught) const {
  if (thrown == 0)
    return false;
  if (thrown == caught)
    return true;
  const Program::TypeInfoKinds &kinds = program_.typeInfoKinds();
  unsigned pointerSize = memory_->narrow() ? 4 : 8;
  auto word = [&](Address address, unsigned size, uint64_t &value) {
    return memory_->read(address, size, value) == MemoryFault::None;
  };
  uint64_t vtable = 0;
  if (!word(thrown, pointerSize, vtable))
    return false;
  if (vtable != 0 && vtable == kinds.singleBase) {
    uint64_t base = 0;
    return word(thrown + 2 * pointerSize, pointerSize, base) &&
           catches(Address(base), caught);
  }
  if (vtable != 0 && vtable == kinds.multipleBases) {
    uint64_t count = 0;
    if (!word(thrown + 2 * pointerSize + 4, 4, count))
      return false;
    for (uint64_t i = 0; i < count; ++i) {
      Address entry = thrown + 2 * pointerSize + 8 + i * 2 * pointerSize;
      uint64_t base = 0, offsetFlags = 0;
      if (!word(entry, pointerSize, base) || !word(entry + pointerSize, pointerSize, offsetFlags))
        return false;
      bool isPublic = offsetFlags & 2;
      if (isPublic && catches(Address(base), caught))
        return true;
    }
  }
  return false;
}

int64_t Interpreter::landingSelector(const interp::Function &function, uint32_t pad,
                                     Address type) const {
  const uint64_t *clauses = function.extra.data() + pad;
  uint64_t count = clauses[1];
  for (uint64_t i = 0; i < count; ++i) {
    const uint64_t *clause = clauses + 2 + 3 * i;
    if (interp::LandingClause(clause[0]) == interp::LandingClause::Filter)
      return -1;
    uint32_t id = uint32_t(clause[1]);
    if (id == 0) // catch (...): its handler compares no type id, any positive selector will do
      return CatchAllSelector;
    if (catches(type, Address(clause[2])))
      return int64_t(id);
  }
  return 0;
}

bool Interpreter::unwindRunsCode(const ThreadState &thread) const {
  for (size_t i = thread.frames.size(); i-- > 0;) {
    const Frame &frame = thread.frames[i];
    const interp::Function &function = program_.function(frame.function);
    const interp::Inst &at = function.code[frame.pc];
    if (at.op == Op::Call) {
      const interp::CallSite &site = function.calls[at.imm];
      if (site.unwindTarget != interp::NoSlot) {
        const uint64_t *pad = function.extra.data() + site.landingPad;
        if (pad[0] != 0) // cleanup
          return true;
        for (uint64_t k = 0; k < pad[1]; ++k)
          if (uint32_t(pad[2 + 3 * k + 1]) == 0) // catch (...)
            return true;
      }
    }
    if (frame.invoked) // a handler the runtime pushed: the unwinding stops there
      break;
  }
  return false;
}

RunResult Interpreter::unwindException(ThreadState &thread, Address object, size_t first) {
  Address type = 0;
  for (auto it = thread.exceptionsInFlight.rbegin(); it != thread.exceptionsInFlight.rend(); ++it)
    if (it->first == object) {
      type = it->second;
      break;
    }
  // Phase 1: the handler's frame and selector.
  size_t handler = SIZE_MAX;
  int64_t selector = 0;
  for (size_t i = first + 1; i-- > 0;) {
    const Frame &frame = thread.frames[i];
    const interp::Function &function = program_.function(frame.function);
    const interp::Inst &at = function.code[frame.pc];
    if (at.op == Op::Call) {
      const interp::CallSite &site = function.calls[at.imm];
      if (site.unwindTarget != interp::NoSlot) {
        selector = landingSelector(function, site.landingPad, type);
        if (selector < 0)
          return fault(thread, ErrorKind::Unsupported,
                       fmt::format("C++ exception {} reaches a dynamic exception specification "
                                   "(throw(...)) in {}: not supported",
                                   typeName(type), function.name));
        if (selector > 0) {
          handler = i;
          break;
        }
      }
    }
    // A frame the runtime pushed on top of an external call (an exit handler, a thread-specific
    // destructor) returns to no landing pad: the exception would leave it.
    if (frame.invoked)
      break;
  }
  if (handler == SIZE_MAX)
    return fault(thread, ErrorKind::AssertionFailure,
                 fmt::format("uncaught C++ exception {} (std::terminate)", typeName(type)));

  // Phase 2: land at the first cleanup or at the handler.
  for (size_t i = first + 1; i-- > handler;) {
    const Frame &frame = thread.frames[i];
    const interp::Function &function = program_.function(frame.function);
    const interp::Inst &at = function.code[frame.pc];
    if (at.op != Op::Call)
      continue;
    const interp::CallSite &site = function.calls[at.imm];
    if (site.unwindTarget == interp::NoSlot)
      continue;
    bool cleanup = function.extra[site.landingPad] != 0;
    if (i != handler && !cleanup)
      continue;
    while (thread.frames.size() > i + 1)
      popFrame(thread);
    thread.landedObject = object;
    thread.landedSelector = i == handler ? uint32_t(selector) : 0;
    if (i == handler)
      for (auto it = thread.exceptionsInFlight.begin(); it != thread.exceptionsInFlight.end(); ++it)
        if (it->first == object) {
          thread.exceptionsInFlight.erase(it);
          break;
        }
    thread.frames.back().pc = site.unwindTarget;
    thread.status = RunResult::Ready;
    return RunResult::Ready;
  }
  return RunResult::Ready; // not reached: the handler frame lands
}

} // namespace bpor
