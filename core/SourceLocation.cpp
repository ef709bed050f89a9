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

} // namespace bpor
