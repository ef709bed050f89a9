// --dump-traces: one line per execution a search explored to its end (not sleep-set blocked),
// the hash of its Mazurkiewicz trace (checker/StateHash.h, globalStateHash) and how it ended
// (executionEndName), in the order explored. Two searches explored the same traces iff their files hold the same lines; one
// line twice is a trace explored twice. Written as the search goes, so a stopped search's file
// holds what it explored.
#pragma once

#include "checker/Explorer.h"

#include <cstdio>
#include <memory>
#include <string>

namespace bpor::tool {

class TraceHashFile {
public:
  /// Opens `path` for writing; error() says why not.
  explicit TraceHashFile(const std::string &path);
  ~TraceHashFile();
  const std::string &error() const { return error_; }
  /// `inner` (if set) and then the line of each execution.
  ExecutionObserver observer(ExecutionObserver inner);

private:
  std::FILE *file_ = nullptr;
  std::string error_;
};

} // namespace bpor::tool
