#include "tools/bporcheck/LocalStateCounter.h"

#include "checker/StateHash.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

namespace bpor::tool {

ExecutionObserver LocalStateCounter::observer() {
  return [this](const std::vector<Operation> &events, ExecutionEnd) {
    for (uint64_t hash : hashExecution(events).localHash)
      hashes_.insert(hash);
  };
}

std::string LocalStateCounter::write(const std::string &path) const {
  std::vector<uint64_t> sorted(hashes_.begin(), hashes_.end());
  std::sort(sorted.begin(), sorted.end());
  std::FILE *out = std::fopen(path.c_str(), "w");
  if (!out)
    return fmt::format("cannot write {}: {}", path, std::strerror(errno));
  for (uint64_t hash : sorted)
    fmt::print(out, "{:016x}\n", hash);
  if (std::fclose(out) != 0)
    return fmt::format("cannot write {}: {}", path, std::strerror(errno));
  return "";
}

} // namespace bpor::tool
