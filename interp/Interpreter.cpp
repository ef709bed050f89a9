// Frames, calls and the public API of the interpreter; the dispatch loop is in
// Run.cpp.
#include "interp/Interpreter.h"

#include <llvm/Demangle/Demangle.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

namespace bpor {

using interp::NoSlot;

Interpreter::Interpreter(const Program &program, Memory &memory,
                         ExternalHandler &handler, InterpreterOptions options)
    : program_(program), memory_(&memory), handler_(handler),
      options_(options) {}

RunResult Interpreter::fault(ThreadState &thread, ErrorKind kind,
                             std::string message) {
  thread.fault = Fault{};
  thread.fault.kind = kind;
  thread.fault.message = std::move(message);
  thread.fault.debugIndex = currentDebugIndex(thread);
  thread.fault.location = program_.debugLocation(thread.fault.debugIndex);
  thread.status = RunResult::Fault;
  return RunResult::Fault;
}

RunResult Interpreter::memoryFault(ThreadState &thread, MemoryFault kind,
                                   Address address, uint64_t size,
                                   const char *access) {
  std::string message =
      fmt::format("{}: {} of {} byte{} at {}", memoryFaultName(kind), access,
                  size, size == 1 ? "" : "s", memory_->describe(address));
  if (kind == MemoryFault::OutOfBounds)
    if (const MemoryObject *object = memory_->object(address))
      message += fmt::format(" (object size {})", object->size);
  fault(thread, ErrorKind::MemoryError, std::move(message));
  thread.fault.memory = kind;
  thread.fault.address = address;
  return RunResult::Fault;
}

void Interpreter::releaseAllocas(ThreadState &thread, size_t keep) {
  while (thread.allocas.size() > keep) {
    memory_->release(thread.allocas.back(), ObjectKind::Stack);
    thread.allocas.pop_back();
  }
}

bool Interpreter::pushFrame(ThreadState &thread, uint32_t function,
                            const Slot *args, uint32_t numArgSlots,
                            bool invoked, uint32_t allocaBase,
                            const ExprId *argShadows) {
  const interp::Function &callee = program_.function(function);
  if (!callee.defined) {
    fault(thread, ErrorKind::Unsupported,
          fmt::format("function {} is declared but not defined", callee.name));
    return false;
  }
  if (thread.frames.size() >= options_.maxFrames) {
    fault(thread, ErrorKind::ResourceLimit,
          fmt::format("stack depth limit of {} frames exceeded (unbounded "
                      "recursion?) calling {}",
                      options_.maxFrames, callee.name));
    return false;
  }
  // Variadic arguments go to a stack object laid out as the x86-64 overflow
  // area (8 bytes per slot), which is where clang's inline va_arg lowering
  // reads them once va_start has set the register-save offsets to "exhausted"
  // (see Op::VaStart).
  Address varargs = 0;
  if (callee.varargs && numArgSlots > callee.numParamSlots) {
    uint32_t extra = numArgSlots - callee.numParamSlots;
    varargs = memory_->allocate(ObjectKind::Stack, uint64_t(extra) * 8, 16,
                                thread.threadId);
    if (varargs == 0) {
      fault(thread, ErrorKind::ResourceLimit,
            "out of memory for variadic arguments");
      return false;
    }
    std::memcpy(memory_->host(varargs), args + callee.numParamSlots,
                size_t(extra) * 8);
    if (symbolic_ && argShadows)
      for (uint32_t k = 0; k < extra; ++k)
        if (argShadows[callee.numParamSlots + k] != ConcreteValue)
          storeShadow(varargs + 8 * k, 8, argShadows[callee.numParamSlots + k]);
    thread.allocas.push_back(varargs);
  }
  uint32_t base = uint32_t(thread.slots.size());
  thread.slots.resize(size_t(base) + callee.numSlots);
  Slot *slots = thread.slots.data() + base;
  std::copy(callee.constants.begin(), callee.constants.end(),
            slots + callee.numParamSlots);
  std::copy(args, args + std::min(numArgSlots, callee.numParamSlots), slots);
  if (symbolic_) {
    thread.shadows.resize(thread.slots.size(), ConcreteValue);
    std::fill(thread.shadows.begin() + base, thread.shadows.end(), ConcreteValue);
    if (argShadows)
      std::copy_n(argShadows, std::min(numArgSlots, callee.numParamSlots),
                  thread.shadows.begin() + base);
  }
  Frame frame;
  frame.function = function;
  frame.pc = 0;
  frame.base = base;
  frame.allocaBase = allocaBase;
  frame.varargs = varargs;
  frame.invoked = invoked;
  thread.frames.push_back(frame);
  return true;
}

void Interpreter::popFrame(ThreadState &thread) {
  const Frame &frame = thread.frames.back();
  releaseAllocas(thread, frame.allocaBase);
  thread.slots.resize(frame.base);
  if (symbolic_)
    thread.shadows.resize(frame.base);
  thread.frames.pop_back();
}

void Interpreter::gatherArgs(ThreadState &thread,
                             const interp::CallSite &site) {
  thread.callArgs.resize(site.numArgSlots);
  const Slot *slots = thread.slots.data() + thread.frames.back().base;
  Slot *args = thread.callArgs.data();
  // Arguments are nearly always one slot: a plain loop, not a memmove call
  // per argument (this runs for every external call).
  const uint32_t *argSlots = site.argSlots.data();
  const uint32_t *argOffsets = site.argOffsets.data();
  const ValueType *argTypes = site.argTypes.data();
  for (size_t i = 0, e = site.argSlots.size(); i < e; ++i) {
    unsigned n = argTypes[i].numSlots;
    if (n == 1) {
      args[argOffsets[i]] = slots[argSlots[i]];
      continue;
    }
    std::copy_n(slots + argSlots[i], n, args + argOffsets[i]);
  }
  if (symbolic_) {
    thread.callArgShadows.assign(site.numArgSlots, ConcreteValue);
    const ExprId *shadows = thread.shadows.data() + thread.frames.back().base;
    for (size_t i = 0, e = site.argSlots.size(); i < e; ++i)
      std::copy_n(shadows + argSlots[i], argTypes[i].numSlots,
                  thread.callArgShadows.data() + argOffsets[i]);
  }
}

void Interpreter::writeResult(ThreadState &thread, size_t frameIndex,
                              const Slot *result, unsigned n,
                              const ExprId *shadows) {
  Frame &frame = thread.frames[frameIndex];
  const interp::Function &function = program_.function(frame.function);
  const interp::CallSite &site = function.calls[function.code[frame.pc].imm];
  if (site.dst != NoSlot) {
    Slot *to = thread.slots.data() + frame.base + site.dst;
    unsigned m = std::min<unsigned>(n, site.resultType.numSlots);
    for (unsigned k = 0; k < m; ++k)
      to[k] = result[k];
    // An integer narrower than a slot is kept zero-extended; a handler may have given it
    // sign-extended (strtol's long in a 32-bit program).
    if (m == 1 && site.resultType.kind == ValueKind::Int && site.resultType.bits < 64)
      to[0] &= (Slot(1) << site.resultType.bits) - 1;
    if (symbolic_) {
      ExprId *toShadows = thread.shadows.data() + frame.base + site.dst;
      for (unsigned k = 0; k < site.resultType.numSlots; ++k)
        toShadows[k] = shadows && k < m ? shadows[k] : ConcreteValue;
    }
  }
  ++frame.pc;
}

RunResult Interpreter::call(ThreadState &thread, const interp::CallSite &site) {
  uint32_t calleeIndex = site.callee;
  if (calleeIndex == NoSlot) {
    Address target = thread.slots[thread.frames.back().base + site.calleeSlot];
    calleeIndex = program_.functionIndex(target);
    if (calleeIndex == Program::NoFunction) {
      fault(thread, ErrorKind::MemoryError,
            fmt::format("call through a pointer that is not a function: {}",
                        memory_->describe(target)));
      thread.fault.memory = MemoryFault::InvalidPointer;
      thread.fault.address = target;
      return RunResult::Fault;
    }
  }
  const interp::Function &callee = program_.function(calleeIndex);
  if (!callee.defined)
    return callExternal(thread, callee, site);

  if (site.byvalSizes.empty() && !callee.varargs &&
      thread.frames.size() < options_.maxFrames) {
    // The common case, copied straight from the caller's slots into the new
    // frame.
    uint32_t callerBase = thread.frames.back().base;
    uint32_t base = uint32_t(thread.slots.size());
    thread.slots.resize(size_t(base) + callee.numSlots);
    Slot *slots = thread.slots.data();
    std::copy(callee.constants.begin(), callee.constants.end(),
              slots + base + callee.numParamSlots);
    for (size_t i = 0; i < site.argSlots.size(); ++i) {
      uint32_t offset = site.argOffsets[i], count = site.argTypes[i].numSlots;
      if (offset + count <= callee.numParamSlots)
        std::copy_n(slots + callerBase + site.argSlots[i], count,
                    slots + base + offset);
    }
    if (symbolic_) {
      thread.shadows.resize(thread.slots.size(), ConcreteValue);
      ExprId *shadows = thread.shadows.data();
      std::fill(shadows + base, shadows + base + callee.numSlots, ConcreteValue);
      for (size_t i = 0; i < site.argSlots.size(); ++i) {
        uint32_t offset = site.argOffsets[i], count = site.argTypes[i].numSlots;
        if (offset + count <= callee.numParamSlots)
          std::copy_n(shadows + callerBase + site.argSlots[i], count,
                      shadows + base + offset);
      }
    }
    Frame frame;
    frame.function = calleeIndex;
    frame.base = base;
    frame.allocaBase = uint32_t(thread.allocas.size());
    thread.frames.push_back(frame);
    return RunResult::Ready;
  }

  gatherArgs(thread, site);
  uint32_t allocaBase = uint32_t(thread.allocas.size());
  // byval: the callee receives a pointer to its own copy of the argument.
  for (size_t i = 0; i < site.byvalSizes.size(); ++i) {
    uint64_t size = site.byvalSizes[i];
    if (size == 0)
      continue;
    Slot &pointer = thread.callArgs[site.argOffsets[i]];
    if (MemoryFault kind = memory_->check(pointer, size, false);
        kind != MemoryFault::None) {
      releaseAllocas(thread, allocaBase);
      return memoryFault(thread, kind, pointer, size, "by-value argument copy");
    }
    Address copy =
        memory_->allocate(ObjectKind::Stack, size, 16, thread.threadId);
    if (copy == 0) {
      releaseAllocas(thread, allocaBase);
      return fault(thread, ErrorKind::ResourceLimit,
                   "out of memory for a by-value argument");
    }
    std::memcpy(memory_->host(copy), memory_->host(pointer), size);
    memory_->copyDefinedness(copy, pointer, size);
    if (symbolic_)
      memory_->copyShadow(copy, pointer, size);
    thread.allocas.push_back(copy);
    pointer = copy;
  }
  if (!pushFrame(thread, calleeIndex, thread.callArgs.data(),
                 uint32_t(thread.callArgs.size()), false, allocaBase,
                 symbolic_ ? thread.callArgShadows.data() : nullptr)) {
    releaseAllocas(thread, allocaBase);
    return RunResult::Fault;
  }
  return RunResult::Ready;
}

namespace {

// Why a part of libstdc++ the program reached is missing, and what to use instead. These
// classes are explicit instantiations in libstdc++'s shared library (extern templates in its
// headers), so their members are never in the program's bitcode, and the C++ support library
// (runtime/cxx/) provides only some of them.
std::string libraryHint(const std::string &demangled) {
  auto has = [&](const char *part) { return demangled.find(part) != std::string::npos; };
  if (has("basic_ostringstream") || has("basic_istringstream") || has("basic_stringstream") ||
      has("basic_stringbuf")) {
    if (has("wchar_t"))
      return ": wide string streams are not provided by the C++ support library (string "
             "streams of char are)";
    return ": this member of the string streams is not provided by the C++ support library "
           "(it provides their construction, destruction, str() and rdbuf(), << as for "
           "std::cout, and >> of integers, characters and strings, and std::getline)";
  }
  if (has("basic_ofstream") || has("basic_ifstream") || has("basic_fstream") ||
      has("basic_filebuf"))
    return ": file streams are not provided (the model has no files)";
  if (has("basic_istream") || has("std::istream") || has("std::cin"))
    return ": input streams are not provided beyond a string stream's >> of integers, "
           "characters and strings, and std::getline (standard input is empty in the model)";
  if (has("std::locale"))
    return ": locales are not provided";
  return "";
}

} // namespace

RunResult Interpreter::callExternal(ThreadState &thread,
                                    const interp::Function &callee,
                                    const interp::CallSite &site) {
  if (callee.externalId == ExternalRegistry::UnknownExternal) {
    // A C++ name is shown as the source spells it, with its symbol.
    std::string demangled = llvm::demangle(callee.name);
    return fault(thread, ErrorKind::Unsupported,
                 demangled == callee.name
                     ? fmt::format("call to unsupported external function '{}'", callee.name)
                     : fmt::format("call to unsupported external function '{}' ({}){}",
                                   demangled, callee.name, libraryHint(demangled)));
  }
  if (symbolic_)
    concretiseExternalArguments(thread, site);
  ExternalCall call = externalCall(thread, callee, site);
  ExprId resultShadows[4] = {0, 0, 0, 0};
  if (symbolic_ && site.resultType.numSlots <= 4)
    call.resultShadows = resultShadows;

  Slot smallResult[4] = {0, 0, 0, 0};
  std::vector<Slot> largeResult;
  Slot *result = smallResult;
  if (site.resultType.numSlots > 4) {
    largeResult.assign(site.resultType.numSlots, 0);
    result = largeResult.data();
  }
  size_t caller = thread.frames.size() - 1;
  CallOutcome outcome = handler_.call(thread, call, result);
  switch (outcome) {
  case CallOutcome::Return:
  case CallOutcome::Invoke: // the invoked frame (if any) sits above the caller
    writeResult(thread, caller, result, site.resultType.numSlots,
                call.resultShadows);
    thread.status = RunResult::Ready;
    return RunResult::Ready;
  case CallOutcome::Retry: // the invoked frame sits above the caller, still at this call
    thread.status = RunResult::Ready;
    return RunResult::Ready;
  case CallOutcome::Pause:
    thread.status = RunResult::Paused;
    return RunResult::Paused;
  case CallOutcome::Stop:
    thread.status = RunResult::Stopped;
    return RunResult::Stopped;
  case CallOutcome::Jumped:
    thread.status = RunResult::Ready;
    return RunResult::Ready;
  case CallOutcome::Throw: {
    Address object = thread.exceptionsInFlight.back().first;
    return unwindException(thread, object, thread.frames.size() - 1);
  }
  }
  return RunResult::Ready;
}

void Interpreter::start(ThreadState &thread, Address function,
                        std::span<const Slot> args) {
  // Whatever the state held belongs to an earlier life (possibly of another
  // execution, whose object ids the memory may since have reused): forget it,
  // never release it.
  thread.allocas.clear();
  thread.frames.clear();
  thread.slots.clear();
  thread.returnValue.clear();
  thread.returnShadows.clear();
  thread.callArgs.clear();
  thread.shadows.clear();
  thread.decision = PendingDecision{};
  thread.fault = Fault{};
  thread.status = RunResult::Ready;
  uint32_t index = program_.functionIndex(function);
  if (index == Program::NoFunction) {
    fault(thread, ErrorKind::MemoryError,
          fmt::format("thread start routine is not a function: {}",
                      memory_->describe(function)));
    return;
  }
  pushFrame(thread, index, args.data(), uint32_t(args.size()), false, 0);
}

void Interpreter::unwind(ThreadState &thread) {
  releaseAllocas(thread, 0);
  thread.frames.clear();
  thread.slots.clear();
  thread.shadows.clear();
  thread.decision = PendingDecision{};
}

void Interpreter::complete(ThreadState &thread, const Slot *result,
                           unsigned n, const ExprId *shadows) {
  if (thread.frames.empty())
    return;
  const Frame &frame = thread.frames.back();
  if (program_.function(frame.function).code[frame.pc].op != interp::Op::Call)
    return; // not standing at a call: nothing to complete
  writeResult(thread, thread.frames.size() - 1, result, n, shadows);
  thread.status = RunResult::Ready;
}

void Interpreter::invoke(ThreadState &thread, Address function,
                         std::span<const Slot> args) {
  uint32_t index = program_.functionIndex(function);
  if (index == Program::NoFunction) {
    fault(thread, ErrorKind::MemoryError,
          fmt::format("invoked pointer is not a function: {}",
                      memory_->describe(function)));
    return;
  }
  if (pushFrame(thread, index, args.data(), uint32_t(args.size()), true,
                uint32_t(thread.allocas.size())))
    thread.status = RunResult::Ready;
}

ExternalCall Interpreter::pendingCall(const ThreadState &thread) const {
  ExternalCall call;
  if (thread.frames.empty())
    return call;
  const Frame &frame = thread.frames.back();
  const interp::Function &function = program_.function(frame.function);
  const interp::Inst &inst = function.code[frame.pc];
  if (inst.op != interp::Op::Call)
    return call;
  const interp::CallSite &site = function.calls[inst.imm];
  uint32_t calleeIndex = site.callee;
  if (calleeIndex == NoSlot)
    calleeIndex =
        program_.functionIndex(thread.slots[frame.base + site.calleeSlot]);
  if (calleeIndex == Program::NoFunction)
    return call;
  return externalCall(thread, program_.function(calleeIndex), site);
}

ExternalCall Interpreter::externalCall(const ThreadState &thread,
                                       const interp::Function &callee,
                                       const interp::CallSite &site) const {
  // The handler reads the arguments where they are, in the caller's frame (the
  // top frame, whose slots run to the end of the buffer): argument i starts at
  // frame slot site.argSlots[i] and a multi-slot value is contiguous there. No
  // copy per call; the view stays valid while the thread does not run.
  ExternalCall call;
  call.id = callee.externalId;
  call.name = callee.name;
  call.argTypes = site.argTypes;
  uint32_t base = thread.frames.back().base;
  call.slots = std::span<const Slot>(thread.slots.data() + base,
                                     thread.slots.size() - base);
  call.argOffsets = site.argSlots;
  call.resultType = site.resultType;
  call.resultIgnored = site.resultIgnored;
  if (symbolic_)
    call.shadows = thread.shadows.data() + base;
  return call;
}

const interp::Function *Interpreter::calleeOf(const ThreadState &thread,
                                              const interp::CallSite &site) const {
  uint32_t calleeIndex = site.callee;
  if (calleeIndex == NoSlot)
    calleeIndex = program_.functionIndex(
        thread.slots[thread.frames.back().base + site.calleeSlot]);
  return calleeIndex == Program::NoFunction ? nullptr : &program_.function(calleeIndex);
}

uint32_t Interpreter::externalIdOf(const ThreadState &thread, const interp::CallSite &site) const {
  const interp::Function *callee = calleeOf(thread, site);
  return callee ? callee->externalId : ExternalRegistry::UnknownExternal;
}

bool Interpreter::fixesArgument(uint32_t id, const interp::CallSite &site, unsigned arg) const {
  return !(site.resultIgnored && handler_.onlyPrints(id)) && !handler_.keepsSymbolic(id, arg);
}

bool Interpreter::pausesToSplitExternalArguments(ThreadState &thread,
                                                 const interp::CallSite &site) {
  const interp::Function *callee = calleeOf(thread, site);
  if (!callee || callee->defined)
    return false;
  uint32_t id = callee->externalId;
  uint32_t base = thread.frames.back().base;
  const ExprId *S = thread.shadows.data() + base;
  for (unsigned i = 0; i < site.argSlots.size(); ++i)
    if (fixesArgument(id, site, i))
      for (unsigned k = 0; k < site.argTypes[i].numSlots; ++k)
        if (pausesToSplit(thread, S[site.argSlots[i] + k]))
          return true;
  if (!memory_->hasShadows() || handler_.touchesMemorySymbolically(id) ||
      !handler_.readsPointees(id))
    return false;
  // The bytes of the objects the pointer arguments reach, which concretiseExternalArguments
  // fixes: split byte by byte, where an object holds at most MaxSplitBytes symbolic bytes (the
  // word a compare-and-swap or fetch_add reads, a small struct). An object with more keeps
  // them fixed with loss: a split of each byte could multiply the executions by each one's
  // values.
  for (unsigned i = 0; i < site.argSlots.size(); ++i) {
    if (site.argTypes[i].kind != ValueKind::Pointer || !handler_.touchesPointee(id, i))
      continue;
    std::vector<uint32_t> bytes =
        memory_->shadowsOfObject(thread.slots[base + site.argSlots[i]], MaxSplitBytes);
    if (bytes.size() <= MaxSplitBytes)
      for (uint32_t byte : bytes)
        if (pausesToSplit(thread, byte))
          return true;
  }
  return false;
}

void Interpreter::concretiseExternalArguments(ThreadState &thread,
                                              const interp::CallSite &site) {
  uint32_t id = externalIdOf(thread, site);
  if (site.resultIgnored && handler_.onlyPrints(id))
    return;
  uint32_t base = thread.frames.back().base;
  Slot *R = thread.slots.data() + base;
  ExprId *S = thread.shadows.data() + base;
  bool keepMemory = handler_.touchesMemorySymbolically(id);
  Concretisation reason = handler_.keepsMemoryPlainForWeakSearch(id)
                              ? Concretisation::WeakMemoryAccess
                              : Concretisation::ExternalCall;
  for (unsigned i = 0; i < site.argSlots.size(); ++i) {
    for (unsigned k = 0; k < site.argTypes[i].numSlots; ++k)
      if (fixesArgument(id, site, i))
        concretiseSlot(R, S, site.argSlots[i] + k, reason);
    if (!keepMemory && site.argTypes[i].kind == ValueKind::Pointer &&
        memory_->hasShadows() && handler_.touchesPointee(id, i)) {
      Address pointer = R[site.argSlots[i]];
      bool reads = handler_.readsPointees(id);
      memory_->takeShadows(pointer, [&](Address address, uint32_t expr) {
        if (reads)
          symbolic_->concretise(expr, *memory_->host(address), reason);
      });
    }
  }
}

// Code without a source line (the C++ support library, a library compiled without -g, code
// the compiler made up) is attributed to the innermost caller that has one: the line the user
// wrote.
uint32_t Interpreter::currentDebugIndex(const ThreadState &thread) const {
  for (auto it = thread.frames.rbegin(); it != thread.frames.rend(); ++it) {
    const interp::Function &function = program_.function(it->function);
    if (it->pc >= function.debugLocs.size())
      continue;
    uint32_t index = function.debugLocs[it->pc];
    if (program_.debugLocation(index).line != 0) // line 0: code the compiler made up
      return index;
  }
  return 0;
}

std::vector<BacktraceEntry>
Interpreter::backtrace(const ThreadState &thread) const {
  std::vector<BacktraceEntry> entries;
  for (auto it = thread.frames.rbegin(); it != thread.frames.rend(); ++it) {
    const interp::Function &function = program_.function(it->function);
    SourceLocation location;
    if (it->pc < function.debugLocs.size())
      location = program_.debugLocation(function.debugLocs[it->pc]);
    entries.push_back({function.name, location});
  }
  return entries;
}

} // namespace bpor
