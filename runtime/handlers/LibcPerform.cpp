// The libc family (LibcHandler.h): the effect of the string and memory functions.
#include "runtime/handlers/LibcHandler.h"
#include "runtime/ThreadObjects.h"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fmt/format.h>

namespace bpor::runtime {

namespace {

/// Reads a NUL-terminated string of at most `limit` bytes (the NUL not counted).
MemoryFault readBounded(const Memory &memory, Address address, uint64_t limit, std::string &out,
                        Address &faultAt) {
  out.clear();
  for (uint64_t i = 0; i < limit; ++i) {
    uint64_t byte = 0;
    if (MemoryFault f = memory.read(address + i, 1, byte); f != MemoryFault::None) {
      faultAt = address + i;
      return f;
    }
    if (byte == 0)
      break;
    out.push_back(char(byte));
  }
  return MemoryFault::None;
}

int sign(int v) { return (v > 0) - (v < 0); }

// strtol and strtoul of a 32-bit long, from the 64-bit conversion of the same text: out of the
// 32-bit range they give LONG_MIN, LONG_MAX or ULONG_MAX with ERANGE; strtoul negates the
// magnitude it read, as glibc does ("-1" is ULONG_MAX).
uint64_t narrowLongResult(const std::string &text, uint64_t wide, bool isSigned, int &error) {
  if (isSigned) {
    int64_t value = int64_t(wide);
    if (error == ERANGE || value > INT32_MAX || value < INT32_MIN) {
      error = ERANGE;
      return uint32_t(value < 0 ? INT32_MIN : INT32_MAX);
    }
    return uint32_t(int32_t(value));
  }
  size_t first = text.find_first_not_of(" \t\n\v\f\r");
  bool negative = first != std::string::npos && text[first] == '-';
  uint64_t magnitude = negative ? uint64_t(0) - wide : wide;
  if (error == ERANGE || magnitude > UINT32_MAX) {
    error = ERANGE;
    return UINT32_MAX;
  }
  return uint32_t(negative ? uint32_t(0) - uint32_t(magnitude) : uint32_t(magnitude));
}

} // namespace

Performed LibcHandler::perform(ProgramThread &thread, Slot &result) {
  Memory &memory = context_.memory;
  const Slot *a = thread.request.args;
  Address faultAt = 0;
  MemoryFault fault = MemoryFault::None;
  const char *what = "";
  uint64_t faultSize = 0;
  auto check = [&](Address p, uint64_t n, bool write, const char *name) {
    if (fault != MemoryFault::None || n == 0)
      return;
    fault = memory.check(p, n, write);
    faultAt = p;
    faultSize = n;
    what = name;
  };
  // Reads a string, terminator included unless `limit` cut it; bytes nothing wrote (read as 0)
  // are a coverage gap, as for the program's own loads.
  auto readString = [&](Address p, uint64_t limit, std::string &out, const char *name) {
    if (fault != MemoryFault::None)
      return;
    fault = readBounded(memory, p, limit, out, faultAt);
    faultSize = 1;
    what = name;
    if (fault == MemoryFault::None)
      context_.noteUndefinedRead(thread, p, std::min<uint64_t>(out.size() + 1, limit));
  };
  std::string s1, s2;
  constexpr uint64_t NoLimit = ~uint64_t(0);

  switch (thread.request.id) {
  case Ext::Memcpy:
  case Ext::Memmove:
    check(a[1], a[2], false, "memcpy (source)");
    check(a[0], a[2], true, "memcpy (destination)");
    if (fault == MemoryFault::None && a[2] != 0) {
      std::memmove(memory.host(a[0]), memory.host(a[1]), a[2]);
      memory.copyDefinedness(a[0], a[1], a[2]);
      memory.noteStoredWords(a[0], a[2], thread.state.threadId);
    }
    result = a[0];
    break;
  case Ext::Memset:
    check(a[0], a[2], true, "memset");
    if (fault == MemoryFault::None && a[2] != 0) {
      std::memset(memory.host(a[0]), int(uint8_t(a[1])), a[2]);
      memory.markDefined(a[0], a[2]);
    }
    result = a[0];
    break;
  case Ext::Memcmp:
    check(a[0], a[2], false, "memcmp");
    check(a[1], a[2], false, "memcmp");
    if (fault == MemoryFault::None && a[2] != 0) {
      const uint8_t *x = memory.host(a[0]), *y = memory.host(a[1]);
      uint64_t read = std::mismatch(x, x + a[2], y).first - x; // up to the first difference
      read = std::min<uint64_t>(read + 1, a[2]);
      context_.noteUndefinedRead(thread, a[0], read);
      context_.noteUndefinedRead(thread, a[1], read);
      result = uint32_t(sign(std::memcmp(x, y, a[2])));
    } else {
      result = 0;
    }
    break;
  case Ext::Strlen:
    readString(a[0], NoLimit, s1, "strlen");
    result = s1.size();
    break;
  case Ext::Strcmp:
  case Ext::Strncmp: {
    uint64_t limit = thread.request.id == Ext::Strncmp ? a[2] : NoLimit;
    readString(a[0], limit, s1, "strcmp");
    readString(a[1], limit, s2, "strcmp");
    // Compare as unsigned chars, including the terminator when a string is shorter.
    int r = std::strncmp(s1.c_str(), s2.c_str(), std::max(s1.size(), s2.size()) + 1);
    result = uint32_t(sign(r));
    break;
  }
  case Ext::Strcpy:
    readString(a[1], NoLimit, s1, "strcpy (source)");
    check(a[0], s1.size() + 1, true, "strcpy (destination)");
    if (fault == MemoryFault::None) {
      std::memcpy(memory.host(a[0]), s1.c_str(), s1.size() + 1);
      memory.markDefined(a[0], s1.size() + 1);
    }
    result = a[0];
    break;
  case Ext::Strncpy:
    readString(a[1], a[2], s1, "strncpy (source)");
    check(a[0], a[2], true, "strncpy (destination)");
    if (fault == MemoryFault::None && a[2] != 0) {
      std::memset(memory.host(a[0]), 0, a[2]);
      std::memcpy(memory.host(a[0]), s1.data(), s1.size());
      memory.markDefined(a[0], a[2]);
    }
    result = a[0];
    break;
  case Ext::Strcat:
    readString(a[0], NoLimit, s1, "strcat (destination)");
    readString(a[1], NoLimit, s2, "strcat (source)");
    check(a[0] + s1.size(), s2.size() + 1, true, "strcat (destination)");
    if (fault == MemoryFault::None) {
      std::memcpy(memory.host(a[0] + s1.size()), s2.c_str(), s2.size() + 1);
      memory.markDefined(a[0] + s1.size(), s2.size() + 1);
    }
    result = a[0];
    break;
  case Ext::Strchr: {
    readString(a[0], NoLimit, s1, "strchr");
    char c = char(a[1]);
    size_t at = c == 0 ? s1.size() : s1.find(c);
    result = at == std::string::npos ? 0 : a[0] + at;
    break;
  }
  case Ext::Strdup: {
    readString(a[0], NoLimit, s1, "strdup");
    if (fault != MemoryFault::None)
      break;
    Address copy = memory.allocate(ObjectKind::Heap, s1.size() + 1, 16, thread.state.threadId);
    if (copy)
      std::memcpy(memory.host(copy), s1.c_str(), s1.size() + 1);
    result = copy;
    break;
  }
  case Ext::Atoi:
    readString(a[0], NoLimit, s1, "atoi");
    result = uint32_t(std::atoi(s1.c_str()));
    break;
  case Ext::Atol:
    readString(a[0], NoLimit, s1, "atol");
    result = uint64_t(std::atoll(s1.c_str()));
    break;
  case Ext::Strtol:
  case Ext::Strtoul: {
    readString(a[0], NoLimit, s1, "strtol");
    if (fault != MemoryFault::None)
      break;
    char *end = nullptr;
    errno = 0;
    result = thread.request.id == Ext::Strtol
                 ? uint64_t(std::strtoll(s1.c_str(), &end, int(a[2])))
                 : uint64_t(std::strtoull(s1.c_str(), &end, int(a[2])));
    int error = errno;
    if (thread.request.resultBits == 32) // a 32-bit long: its own range
      result = narrowLongResult(s1, result, thread.request.id == Ext::Strtol, error);
    if (error != 0)
      setErrno(memory, thread, error);
    if (a[1] != 0) {
      check(a[1], context_.program.pointerBytes(), true, "strtol (end pointer)");
      if (fault == MemoryFault::None)
        memory.write(a[1], context_.program.pointerBytes(), a[0] + uint64_t(end - s1.c_str()));
    }
    break;
  }
  case Ext::Strrchr: {
    readString(a[0], NoLimit, s1, "strrchr");
    char c = char(a[1]);
    size_t at = c == 0 ? s1.size() : s1.rfind(c);
    result = at == std::string::npos ? 0 : a[0] + at;
    break;
  }
  case Ext::Strnlen:
    readString(a[0], a[1], s1, "strnlen");
    result = s1.size();
    break;
  case Ext::Memchr: {
    check(a[0], a[2], false, "memchr");
    result = 0;
    if (fault == MemoryFault::None && a[2] != 0) {
      const void *hit = std::memchr(memory.host(a[0]), int(uint8_t(a[1])), a[2]);
      uint64_t read = hit ? uint64_t(static_cast<const uint8_t *>(hit) - memory.host(a[0])) + 1
                          : a[2];
      context_.noteUndefinedRead(thread, a[0], read);
      if (hit)
        result = a[0] + read - 1;
    }
    break;
  }
  case Ext::Strstr: {
    readString(a[0], NoLimit, s1, "strstr");
    readString(a[1], NoLimit, s2, "strstr");
    size_t at = s1.find(s2);
    result = at == std::string::npos ? 0 : a[0] + at;
    break;
  }
  case Ext::Strncat:
    readString(a[0], NoLimit, s1, "strncat (destination)");
    readString(a[1], a[2], s2, "strncat (source)");
    check(a[0] + s1.size(), s2.size() + 1, true, "strncat (destination)");
    if (fault == MemoryFault::None) {
      std::memcpy(memory.host(a[0] + s1.size()), s2.c_str(), s2.size() + 1);
      memory.markDefined(a[0] + s1.size(), s2.size() + 1);
    }
    result = a[0];
    break;
  case Ext::Strspn:
  case Ext::Strcspn:
  case Ext::Strpbrk: {
    readString(a[0], NoLimit, s1, thread.request.id == Ext::Strpbrk ? "strpbrk" : "strspn");
    readString(a[1], NoLimit, s2, thread.request.id == Ext::Strpbrk ? "strpbrk" : "strspn");
    size_t at = thread.request.id == Ext::Strspn ? s1.find_first_not_of(s2)
                                                 : s1.find_first_of(s2);
    if (thread.request.id == Ext::Strpbrk)
      result = at == std::string::npos ? 0 : a[0] + at;
    else
      result = at == std::string::npos ? s1.size() : at;
    break;
  }
  case Ext::Strcasecmp:
  case Ext::Strncasecmp: {
    uint64_t limit = thread.request.id == Ext::Strncasecmp ? a[2] : NoLimit;
    readString(a[0], limit, s1, "strcasecmp");
    readString(a[1], limit, s2, "strcasecmp");
    // Compared as lower-case unsigned chars (the C locale), the terminator included.
    auto lower = [](char c) { return int(uint8_t(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c)); };
    int r = 0;
    for (size_t i = 0; r == 0 && i <= std::max(s1.size(), s2.size()); ++i) {
      int x = i < s1.size() ? lower(s1[i]) : 0, y = i < s2.size() ? lower(s2[i]) : 0;
      r = x - y;
      if (x == 0 || y == 0)
        break;
    }
    result = uint32_t(sign(r));
    break;
  }
  case Ext::Atof:
  case Ext::Strtod:
  case Ext::Strtof: {
    readString(a[0], NoLimit, s1, thread.request.id == Ext::Atof ? "atof" : "strtod");
    if (fault != MemoryFault::None)
      break;
    char *end = nullptr;
    errno = 0;
    if (thread.request.id == Ext::Strtof)
      result = std::bit_cast<uint32_t>(std::strtof(s1.c_str(), &end));
    else
      result = std::bit_cast<uint64_t>(std::strtod(s1.c_str(), &end));
    if (errno != 0 && thread.request.id != Ext::Atof)
      setErrno(memory, thread, errno);
    if (thread.request.id != Ext::Atof && a[1] != 0) {
      check(a[1], context_.program.pointerBytes(), true, "strtod (end pointer)");
      if (fault == MemoryFault::None)
        memory.write(a[1], context_.program.pointerBytes(), a[0] + uint64_t(end - s1.c_str()));
    }
    break;
  }
  case Ext::RandR: {
    // The seed is the program's, but the sequence is still one fixed one: a coverage gap as for
    // rand().
    check(a[0], 4, true, "rand_r (seed)");
    if (fault != MemoryFault::None)
      break;
    uint64_t seed = 0;
    memory.read(a[0], 4, seed);
    context_.noteUndefinedRead(thread, a[0], 4);
    context_.coverage.countFixedRandomValue();
    seed = uint32_t(seed * 1103515245 + 12345);
    memory.write(a[0], 4, seed);
    result = uint32_t((seed / 65536) % 32768);
    break;
  }
  case Ext::PosixMemalign: {
    check(a[0], context_.program.pointerBytes(), true, "posix_memalign (result pointer)");
    if (fault != MemoryFault::None)
      break;
    uint64_t alignment = a[1];
    if (alignment < context_.program.pointerBytes() || (alignment & (alignment - 1)) != 0) {
      result = EINVAL;
      break;
    }
    Address block = context_.options.mallocLimit && a[2] > context_.options.mallocLimit
                        ? 0
                        : memory.allocate(ObjectKind::Heap, a[2], 16, thread.state.threadId);
    if (block == 0) {
      result = ENOMEM;
      break;
    }
    memory.markUndefined(block, a[2]);
    memory.write(a[0], context_.program.pointerBytes(), block);
    result = 0;
    break;
  }
  default:
    break;
  }
  if (fault != MemoryFault::None) {
    context_.memoryError(thread, fault, faultAt, faultSize, what);
    return Performed::Stopped;
  }
  return Performed::Complete;
}

} // namespace bpor::runtime
