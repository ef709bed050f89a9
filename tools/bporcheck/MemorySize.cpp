#include "tools/bporcheck/MemorySize.h"

#include <cctype>

namespace bpor::tool {

std::optional<uint64_t> parseMemorySize(std::string_view text) {
  uint64_t number = 0;
  size_t i = 0;
  for (; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); ++i) {
    if (number > (UINT64_MAX - 9) / 10)
      return std::nullopt;
    number = number * 10 + uint64_t(text[i] - '0');
  }
  if (i == 0)
    return std::nullopt;
  std::string_view unit = text.substr(i);
  unsigned shift = 20; // a bare number counts MiB
  if (!unit.empty()) {
    switch (std::toupper(static_cast<unsigned char>(unit[0]))) {
    case 'K':
      shift = 10;
      break;
    case 'M':
      shift = 20;
      break;
    case 'G':
      shift = 30;
      break;
    case 'T':
      shift = 40;
      break;
    default:
      return std::nullopt;
    }
    std::string_view rest = unit.substr(1);
    if (!(rest.empty() || rest == "B" || rest == "iB" || rest == "b"))
      return std::nullopt;
  }
  if (number > (UINT64_MAX >> shift))
    return std::nullopt;
  return number << shift;
}

} // namespace bpor::tool
