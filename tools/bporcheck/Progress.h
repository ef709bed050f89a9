// The progress line on stderr for long runs: nothing for the first second, then one line
// rewritten in place on a terminal, or a new line every ten seconds otherwise.
#pragma once

#include "checker/Explorer.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace bpor::tool {

class ProgressLine {
public:
  explicit ProgressLine(bool enabled);
  /// uniqueLocalStates: the --hash-states count so far, shown when set; `estimate`: the
  /// estimate of the search's size (Estimate.h), appended as it is.
  void update(const Statistics &stats, std::optional<uint64_t> uniqueLocalStates = {},
              const std::string &estimate = "");
  /// The search the line names ("optimal", "stateful"): --search's name for it.
  void setSearch(std::string name) { search_ = std::move(name); }
  double elapsedSeconds() const;
  void finish();
  /// A line of its own above the progress line (shown even without progress).
  void note(const std::string &text);

private:
  bool enabled_;
  bool terminal_;
  bool shown_ = false;
  std::string search_;
  std::chrono::steady_clock::time_point start_, lastShown_;
};

} // namespace bpor::tool
