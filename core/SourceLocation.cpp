#include "core/SourceLocation.h"

#include <fmt/format.h>

namespace bpor {

std::string SourceLocation::str() const {
  if (!known())
    return {};
  if (column != 0)
    return fmt::format("{}:{}:{}", file, line, column);
  return fmt::format("{}:{}", file, line);
}

bool isSystemHeader(std::string_view file) {
  for (std::string_view root : {"/usr/include/", "/usr/local/include/", "/usr/lib/"})
    if (file.starts_with(root))
      return true;
  return false;
}

} // namespace bpor
