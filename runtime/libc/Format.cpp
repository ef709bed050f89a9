#include "runtime/libc/Format.h"

#include <cstdio>
#include <cstring>
#include <fmt/format.h>

namespace bpor::runtime {

namespace {

template <typename T> void appendHost(std::string &out, const std::string &spec, T value) {
  char buffer[512];
  int n = std::snprintf(buffer, sizeof buffer, spec.c_str(), value);
  if (n < 0)
    return;
  if (static_cast<size_t>(n) < sizeof buffer) {
    out.append(buffer, n);
    return;
  }
  std::string big(n + 1, '\0');
  std::snprintf(big.data(), big.size(), spec.c_str(), value);
  out.append(big.data(), n);
}

} // namespace

bool formatPrintf(std::string_view format, FormatArgs &args, std::string &out,
                  std::string &error) {
  size_t i = 0;
  while (i < format.size()) {
    char c = format[i];
    if (c != '%') {
      out.push_back(c);
      ++i;
      continue;
    }
    size_t start = i++;
    if (i < format.size() && format[i] == '%') {
      out.push_back('%');
      ++i;
      continue;
    }
    // Rebuild the directive for the host, replacing '*' by the argument's value and dropping
    // the length modifier (the argument is passed to the host at its full width).
    std::string spec = "%";
    while (i < format.size() && std::strchr("-+ #0'", format[i]))
      spec.push_back(format[i++]);
    auto readNumber = [&](bool allowStar) {
      if (allowStar && i < format.size() && format[i] == '*') {
        ++i;
        spec += std::to_string(static_cast<int32_t>(args.nextInteger()));
        return;
      }
      while (i < format.size() && format[i] >= '0' && format[i] <= '9')
        spec.push_back(format[i++]);
    };
    readNumber(true);
    int precision = -1;
    if (i < format.size() && format[i] == '.') {
      spec.push_back(format[i++]);
      size_t digitsStart = spec.size();
      readNumber(true);
      precision = spec.size() > digitsStart ? std::atoi(spec.c_str() + digitsStart) : 0;
    }
    // Length modifier: how many bits of the integer argument are meaningful.
    unsigned bits = 32;
    bool longDouble = false;
    while (i < format.size() && std::strchr("hlLqjzt", format[i])) {
      char m = format[i++];
      if (m == 'h')
        bits = bits == 16 ? 8 : 16;
      else if (m == 'L')
        longDouble = true;
      else if (m == 'l' && i < format.size() && format[i] == 'l')
        ++i, bits = 64;
      else if (m == 'l' || m == 'z' || m == 't')
        bits = args.longBits();
      else
        bits = 64; // q, j
    }
    if (i >= format.size()) {
      error = fmt::format("incomplete printf directive '{}'", format.substr(start));
      return false;
    }
    char conv = format[i++];
    switch (conv) {
    case 'd':
    case 'i': {
      uint64_t raw = args.nextInteger();
      int64_t value = bits == 64   ? static_cast<int64_t>(raw)
                      : bits == 32 ? static_cast<int32_t>(raw)
                      : bits == 16 ? static_cast<int16_t>(raw)
                                   : static_cast<int8_t>(raw);
      appendHost(out, spec + "ll" + conv, static_cast<long long>(value));
      break;
    }
    case 'u':
    case 'x':
    case 'X':
    case 'o': {
      uint64_t raw = args.nextInteger();
      if (bits < 64)
        raw &= (uint64_t(1) << bits) - 1;
      appendHost(out, spec + "ll" + conv, static_cast<unsigned long long>(raw));
      break;
    }
    case 'c':
      appendHost(out, spec + conv, static_cast<int>(static_cast<unsigned char>(args.nextInteger())));
      break;
    case 'p':
      // The host renders pointers exactly as glibc does ("0x..." or "(nil)").
      appendHost(out, spec + conv,
                 reinterpret_cast<void *>(static_cast<uintptr_t>(args.nextInteger())));
      break;
    case 's': {
      std::string text;
      size_t limit = precision >= 0 ? static_cast<size_t>(precision) : SIZE_MAX;
      if (!args.nextString(limit, text)) {
        error = "invalid string argument to a printf %s directive";
        return false;
      }
      appendHost(out, spec + conv, text.c_str());
      break;
    }
    case 'f':
    case 'F':
    case 'e':
    case 'E':
    case 'g':
    case 'G':
    case 'a':
    case 'A':
      if (longDouble) {
        error = "printf of a long double is not supported";
        return false;
      }
      appendHost(out, spec + conv, args.nextDouble());
      break;
    default:
      error = fmt::format("unsupported printf directive '%{}'", conv);
      return false;
    }
  }
  return true;
}

} // namespace bpor::runtime
