#include "core/RmwSemantics.h"

namespace bpor {

std::optional<uint64_t> rmwWrites(const RmwArguments &rmw, uint64_t old) {
  uint64_t mask = rmwMask(rmw.size);
  switch (rmw.form) {
  case RmwArguments::Form::None: return std::nullopt;
  case RmwArguments::Form::CompareExchange:
    if ((old & mask) != (rmw.operand & mask))
      return std::nullopt;
    return rmw.desired & mask;
  case RmwArguments::Form::Update: {
    uint64_t out = 0;
    if (!applyRmw(rmw.op, old, rmw.operand, rmw.size, out))
      return std::nullopt;
    return out;
  }
  }
  return std::nullopt;
}

} // namespace bpor
