// The output family: the printf family (Preparation::FormattedOutput) and puts, putchar, fputs,
// fputc and fflush (Preparation::Output). They read memory (the format, %s arguments, the
// string) and the sprintf family writes it: visible when any of that may be shared
// (pauseWithFootprint); what they print goes to the execution's output (runtime/ProgramOutput.h).
#include "runtime/handlers/LibcHandler.h"
#include "runtime/libc/Format.h"

#include <bit>
#include <fmt/format.h>
#include <optional>

namespace bpor::runtime {

namespace {

/// The printf arguments of an external call, starting at a given argument.
class CallFormatArgs : public FormatArgs {
public:
  CallFormatArgs(const ExternalCall &call, unsigned first, const Memory &memory, unsigned longBits)
      : call_(call), next_(first), memory_(memory), longBits_(longBits) {}

  unsigned longBits() const override { return longBits_; }

  /// The arguments come from a va_list instead (vprintf and the rest): x86-64's, whose
  /// overflow area the interpreter's va_start points at the variadic arguments, one 8-byte slot
  /// each (floating ones as doubles).
  void fromVaList(Address overflowArea) { vaCursor_ = overflowArea; }
  /// A dry run: %s arguments are collected in `strings` and read as empty.
  void collectStrings(std::vector<Address> &strings) { strings_ = &strings; }

  uint64_t nextInteger() override {
    if (vaCursor_) {
      uint64_t value = 0;
      if (MemoryFault f = memory_.read(*vaCursor_, 8, value); f != MemoryFault::None) {
        fault = f;
        faultAddress = *vaCursor_;
      }
      *vaCursor_ += 8;
      return value;
    }
    return next_ < call_.numArgs() ? call_.arg(next_++) : 0;
  }
  double nextDouble() override {
    if (vaCursor_)
      return std::bit_cast<double>(nextInteger());
    if (next_ >= call_.numArgs())
      return 0;
    const ValueType &type = call_.argTypes[next_];
    uint64_t bits = call_.arg(next_++);
    if (type.kind == ValueKind::Float)
      return std::bit_cast<float>(uint32_t(bits));
    return std::bit_cast<double>(bits);
  }
  bool nextString(size_t limit, std::string &out) override {
    Address address = nextInteger();
    if (address == 0) {
      out = "(null)";
      return true;
    }
    if (strings_) { // a dry run: where the strings are, not what they hold
      strings_->push_back(address);
      out.clear();
      return true;
    }
    fault = memory_.readString(address, out);
    if (fault != MemoryFault::None && limit != SIZE_MAX) {
      // With a precision, only `limit` bytes need exist.
      uint64_t dummy;
      out.clear();
      fault = MemoryFault::None;
      for (size_t i = 0; i < limit; ++i) {
        fault = memory_.read(address + i, 1, dummy);
        if (fault != MemoryFault::None || dummy == 0)
          break;
        out.push_back(char(dummy));
      }
    }
    faultAddress = address;
    if (fault == MemoryFault::None &&
        memory_.anyUndefined(address, out.size() + (out.size() < limit ? 1 : 0)))
      readUnwritten = true;
    return fault == MemoryFault::None;
  }

  MemoryFault fault = MemoryFault::None;
  Address faultAddress = 0;
  /// A %s argument read bytes nothing wrote (as 0): a coverage gap.
  bool readUnwritten = false;

private:
  const ExternalCall &call_;
  unsigned next_;
  const Memory &memory_;
  unsigned longBits_;
  std::optional<Address> vaCursor_;
  std::vector<Address> *strings_ = nullptr;
};

} // namespace

// The printf family: reads the format and the strings it prints, and the sprintf family writes
// its buffer; visible when any of that may be shared (pauseWithFootprint).
CallOutcome LibcHandler::prepareFormattedOutput(ProgramThread &thread, const ExternalCall &call,
                                                Slot *result) {
  Memory &memory = context_.memory;
  Ext id = thread.request.id;
  auto arg = [&](unsigned i) -> Slot { return i < call.numArgs() ? call.arg(i) : 0; };
  bool vaList =
      id == Ext::Vprintf || id == Ext::Vfprintf || id == Ext::Vsprintf || id == Ext::Vsnprintf;
  unsigned formatIndex = id == Ext::Printf || id == Ext::Vprintf       ? 0
                         : id == Ext::Snprintf || id == Ext::Vsnprintf ? 2
                                                                       : 1;
  bool toMemory =
      id == Ext::Sprintf || id == Ext::Snprintf || id == Ext::Vsprintf || id == Ext::Vsnprintf;
  bool bounded = id == Ext::Snprintf || id == Ext::Vsnprintf;
  std::string format, text, error;
  MemoryFault fault = memory.readString(arg(formatIndex), format);
  if (fault != MemoryFault::None) {
    context_.fail(ErrorKind::MemoryError, thread, context_.currentLocation(thread),
                  fmt::format("{}: format string of {} at {}", memoryFaultName(fault), call.name,
                              memory.describe(arg(formatIndex))));
    return CallOutcome::Stop;
  }
  CallFormatArgs args(call, formatIndex + 1, memory, context_.program.pointerBytes() * 8);
  if (vaList) {
    // The va_list argument points at x86-64's {gp_offset, fp_offset, overflow_arg_area,
    // reg_save_area}; a 32-bit program's va_list is laid out otherwise.
    uint64_t overflow = 0;
    if (context_.program.pointerBytes() != 8) {
      context_.fail(ErrorKind::Unsupported, thread, context_.currentLocation(thread),
                    fmt::format("{} in a 32-bit program (its va_list is not modelled)", call.name));
      return CallOutcome::Stop;
    }
    if (MemoryFault f = memory.read(arg(formatIndex + 1) + 8, 8, overflow);
        f != MemoryFault::None) {
      context_.fail(ErrorKind::MemoryError, thread, context_.currentLocation(thread),
                    fmt::format("{}: va_list argument of {} at {}", memoryFaultName(f), call.name,
                                memory.describe(arg(formatIndex + 1))));
      return CallOutcome::Stop;
    }
    args.fromVaList(overflow);
    // The text is formatted from the arguments' concrete values: symbolic ones are pinned.
    if (context_.symbolic.on()) {
      Operation area;
      area.addAccess(overflow, 1, false);
      context_.symbolic.concretise(area, true, Concretisation::ExternalCall);
    }
  }
  // What the call reads and writes: the format, each %s argument (found by a dry run, which
  // a format without an 's' needs not make) and the destination of the sprintf family. A
  // call its visible step just granted goes on at once (pauseWithFootprint).
  if (!thread.callGranted) {
    std::vector<Access> ranges{Access{arg(formatIndex), restOf(arg(formatIndex)), false}};
    std::vector<Address> strings;
    if (format.find('s') != std::string::npos) {
      CallFormatArgs dry = args;
      dry.collectStrings(strings);
      std::string ignored, ignoredError;
      formatPrintf(format, dry, ignored, ignoredError);
    }
    for (Address string : strings)
      ranges.push_back(Access{string, restOf(string), false});
    // snprintf(NULL, 0, ...), which only measures (asprintf does), writes nothing.
    if (toMemory && !(bounded && arg(1) == 0))
      ranges.push_back(Access{arg(0), bounded ? arg(1) : restOf(arg(0)), true});
    if (pauseWithFootprint(thread, ranges))
      return CallOutcome::Pause;
  }
  thread.callGranted = false;
  if (!formatPrintf(format, args, text, error)) {
    if (args.fault != MemoryFault::None)
      context_.fail(ErrorKind::MemoryError, thread, context_.currentLocation(thread),
                    fmt::format("{}: {} argument of {} at {}", memoryFaultName(args.fault),
                                vaList ? "a" : "%s", call.name,
                                memory.describe(args.faultAddress)));
    else
      context_.fail(ErrorKind::Unsupported, thread, context_.currentLocation(thread),
                    fmt::format("{}: {}", call.name, error));
    return CallOutcome::Stop;
  }
  if (args.readUnwritten)
    context_.coverage.countUndefinedRead(context_.locations, thread.state,
                                         context_.currentLocation(thread));
  if (toMemory) {
    uint64_t room = bounded ? arg(1) : text.size() + 1;
    uint64_t n = std::min<uint64_t>(room, text.size() + 1);
    if (n != 0) {
      fault = memory.check(arg(0), n, true);
      if (fault != MemoryFault::None) {
        context_.fail(ErrorKind::MemoryError, thread, context_.currentLocation(thread),
                      fmt::format("{}: {} writes {} bytes at {}", memoryFaultName(fault),
                                  call.name, n, memory.describe(arg(0))));
        return CallOutcome::Stop;
      }
      std::memcpy(memory.host(arg(0)), text.data(), n - 1);
      memory.host(arg(0))[n - 1] = 0;
      memory.markDefined(arg(0), n);
    }
  } else {
    output_.append(text);
  }
  result[0] = uint32_t(int32_t(text.size()));
  return CallOutcome::Return;
}

CallOutcome LibcHandler::prepareOutput(ProgramThread &thread, const ExternalCall &call,
                                       Slot *result) {
  Memory &memory = context_.memory;
  Slot *a = thread.request.args;
  Ext id = thread.request.id;
  switch (id) {
  case Ext::Puts: {
    if (Access read{a[0], restOf(a[0]), false}; pauseWithFootprint(thread, {&read, 1}))
      return CallOutcome::Pause;
    std::string text;
    MemoryFault fault = memory.readString(a[0], text);
    if (fault != MemoryFault::None) {
      context_.fail(ErrorKind::MemoryError, thread, context_.currentLocation(thread),
                    fmt::format("{}: string of puts at {}", memoryFaultName(fault),
                                memory.describe(a[0])));
      return CallOutcome::Stop;
    }
    text.push_back('\n');
    output_.append(text);
    result[0] = 1;
    return CallOutcome::Return;
  }
  case Ext::Putchar: {
    char c = char(a[0]);
    output_.append(std::string_view(&c, 1));
    result[0] = uint8_t(c);
    return CallOutcome::Return;
  }
  case Ext::Fflush:
    result[0] = 0;
    return CallOutcome::Return;
  case Ext::Fputs:
  case Ext::Fputc: {
    if (Access read{a[0], restOf(a[0]), false};
        id == Ext::Fputs && pauseWithFootprint(thread, {&read, 1}))
      return CallOutcome::Pause;
    std::string text;
    if (id == Ext::Fputc) {
      text.push_back(char(a[0]));
    } else if (MemoryFault fault = memory.readString(a[0], text); fault != MemoryFault::None) {
      context_.fail(
          ErrorKind::MemoryError, thread, context_.currentLocation(thread),
          fmt::format("{}: string of fputs at {}", memoryFaultName(fault), memory.describe(a[0])));
      return CallOutcome::Stop;
    }
    output_.append(text);
    result[0] = id == Ext::Fputc ? uint8_t(a[0]) : 1;
    return CallOutcome::Return;
  }
  default:
    break;
  }
  return context_.unsupportedCall(thread, call);
}

} // namespace bpor::runtime
