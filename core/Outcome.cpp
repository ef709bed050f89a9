#include "core/Outcome.h"

namespace bpor {

const char *errorKindName(ErrorKind kind) {
  switch (kind) {
  case ErrorKind::None: return "none";
  case ErrorKind::AssertionFailure: return "assertion failure";
  case ErrorKind::Deadlock: return "deadlock";
  case ErrorKind::Livelock: return "livelock";
  case ErrorKind::DataRace: return "data race";
  case ErrorKind::Overflow: return "signed integer overflow";
  case ErrorKind::DepthLimit: return "depth limit";
  case ErrorKind::MemoryError: return "memory error";
  case ErrorKind::ThreadsApiMisuse: return "threads API misuse";
  case ErrorKind::Unsupported: return "unsupported construct";
  case ErrorKind::ResourceLimit: return "resource limit";
  }
  return "?";
}

} // namespace bpor
