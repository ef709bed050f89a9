// The progress line on stderr for long runs: nothing for the first second, then one line
// rewritten in place on a terminal, or a new line every ten seconds otherwise.
#pragma once

#include "checker/Explorer.h"

#include <chrono>
#include <cstdint>
#include <optional>

namespace bpor::tool {

class ProgressLine {
public:
  explicit ProgressLine(bool enabled);
  /// uniqueLocalStates: the --hash-states count so far, shown when set.
  void update(const Statistics &stats, std::optional<uint64_t> uniqueLocalStates = {});
  void finish();

private:
  bool enabled_;
  bool terminal_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point start_, lastShown_;
};

} // namespace bpor::tool
