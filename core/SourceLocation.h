// A position in the program's source: what an operation's location id (Operation::location)
// stands for (Model::sourceLocation). Witnesses need its line and column as numbers, traces
// its text.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace bpor {

struct SourceLocation {
  /// Empty if unknown. Refers to storage of whoever made the location (the Program, the
  /// Execution), which lives as long as that does.
  std::string_view file;
  uint32_t line = 0;
  uint32_t column = 0; // 0: not known

  bool known() const { return !file.empty() || line != 0; }
  /// "file:line" (or "file:line:column" when column is set); "" if unknown.
  std::string str() const;
};

/// Whether `file` is a system header (under /usr/include, /usr/local/include or a compiler's
/// include directory under /usr/lib): the C and C++ libraries' code, not the program's.
bool isSystemHeader(std::string_view file);

} // namespace bpor
