// printf-family formatting for the program's printf/fprintf/sprintf/snprintf calls. The
// directives are parsed here and each one is rendered by the host's snprintf with the same
// flags, width and precision, so output matches glibc exactly; the arguments come from the
// interpreted call through FormatArgs.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace bpor::runtime {

/// The variadic arguments of one call, consumed in order.
class FormatArgs {
public:
  virtual ~FormatArgs() = default;
  /// The next argument as raw integer bits (integers, pointers, chars).
  virtual uint64_t nextInteger() = 0;
  virtual double nextDouble() = 0;
  /// Reads the NUL-terminated string at the next argument (at most `limit` bytes); false if the
  /// pointer is invalid (the implementation records the memory error).
  virtual bool nextString(size_t limit, std::string &out) = 0;
  /// The width of `long`, `size_t` and `ptrdiff_t` (%ld, %zu, %td): 32 in a 32-bit program.
  virtual unsigned longBits() const { return 64; }
};

/// Formats `format` into `out`. Returns false if a directive is not supported (%n, or a
/// malformed directive) or an argument could not be read; `error` then says why.
bool formatPrintf(std::string_view format, FormatArgs &args, std::string &out, std::string &error);

} // namespace bpor::runtime
