#include "tools/bporcheck/TraceHashFile.h"

#include "checker/StateHash.h"

#include <cerrno>
#include <cstring>
#include <inttypes.h>

namespace bpor::tool {

TraceHashFile::TraceHashFile(const std::string &path) {
  file_ = std::fopen(path.c_str(), "w");
  if (!file_)
    error_ = "cannot write " + path + ": " + std::strerror(errno);
}

TraceHashFile::~TraceHashFile() {
  if (file_)
    std::fclose(file_);
}

ExecutionObserver TraceHashFile::observer(ExecutionObserver inner) {
  return [this, inner = std::move(inner)](const std::vector<Operation> &events,
                                          ExecutionEnd end) {
    if (inner)
      inner(events, end);
    if (end != ExecutionEnd::SleepSetBlocked && end != ExecutionEnd::WaitedInVain)
      std::fprintf(file_, "%016" PRIx64 " %s\n", globalStateHash(events), executionEndName(end));
  };
}

} // namespace bpor::tool
