#include "tools/bporcheck/Progress.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>

namespace bpor::tool {

ProgressLine::ProgressLine(bool enabled)
    : enabled_(enabled), terminal_(isatty(STDERR_FILENO)),
      start_(std::chrono::steady_clock::now()), lastShown_(start_) {}

double ProgressLine::elapsedSeconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void ProgressLine::update(const Statistics &stats, std::optional<uint64_t> uniqueLocalStates,
                          const std::string &estimate) {
  if (!enabled_)
    return;
  auto now = std::chrono::steady_clock::now();
  double elapsed = std::chrono::duration<double>(now - start_).count();
  double sinceShown = std::chrono::duration<double>(now - lastShown_).count();
  if (elapsed < 1.0 || (!terminal_ && shown_ && sinceShown < 10.0))
    return;
  double rate = elapsed > 0 ? stats.executions / elapsed : 0;
  // The stateful search counts states (its executions are only the paths that ended).
  std::string line = search_.empty() ? "[bporcheck] " : "[bporcheck] " + search_ + ", ";
  line += stats.states
              ? fmt::format("{:.0f} s: {} states, {} steps, {} errors", elapsed, stats.states,
                            stats.steps, stats.errors)
              : fmt::format("{:.0f} s: {} executions ({:.0f}/s), {} steps, {} errors", elapsed,
                            stats.executions, rate, stats.steps, stats.errors);
  if (uniqueLocalStates)
    line += fmt::format(", {} unique local states", *uniqueLocalStates);
  line += estimate;
  if (terminal_)
    fmt::print(stderr, "\r{}\033[K", line);
  else
    fmt::print(stderr, "{}\n", line);
  std::fflush(stderr);
  shown_ = true;
  lastShown_ = now;
}

void ProgressLine::note(const std::string &text) {
  if (enabled_ && shown_ && terminal_)
    fmt::print(stderr, "\r\033[K");
  fmt::print(stderr, "{}\n", text);
  std::fflush(stderr);
}

void ProgressLine::finish() {
  if (enabled_ && shown_ && terminal_)
    fmt::print(stderr, "\r\033[K");
}

} // namespace bpor::tool
