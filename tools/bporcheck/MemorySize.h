// Memory sizes as users write them on the command line (--memory-limit): a number of MiB, or a
// number with a binary unit (K, M, G, T; "KiB", "MB" and the like mean the same).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace bpor::tool {

/// The bytes `text` names: "512" and "512M" are 512 MiB, "2G" 2 GiB, "100K" 100 KiB, "0" none;
/// nullopt if it is not a size (no digits, an unknown unit, more than 2^64 bytes).
std::optional<uint64_t> parseMemorySize(std::string_view text);

} // namespace bpor::tool
