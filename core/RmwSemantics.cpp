#include "core/RmwSemantics.h"

#include <bit>
#include <cmath>

namespace bpor {

namespace {

int64_t signExtend(uint64_t value, uint64_t size) {
  unsigned shift = size >= 8 ? 0 : unsigned(64 - 8 * size);
  return int64_t(value << shift) >> shift;
}

} // namespace

bool applyRmw(RmwOp op, uint64_t old, uint64_t operand, uint64_t size, uint64_t &out) {
  uint64_t mask = rmwMask(size);
  auto asFloat = [&](uint64_t bits) -> double {
    return size == 4 ? double(std::bit_cast<float>(uint32_t(bits))) : std::bit_cast<double>(bits);
  };
  auto fromFloat = [&](double v) -> uint64_t {
    return size == 4 ? std::bit_cast<uint32_t>(float(v)) : std::bit_cast<uint64_t>(v);
  };
  switch (op) {
  case RmwOp::Xchg: out = operand; break;
  case RmwOp::Add: out = old + operand; break;
  case RmwOp::Sub: out = old - operand; break;
  case RmwOp::And: out = old & operand; break;
  case RmwOp::Nand: out = ~(old & operand); break;
  case RmwOp::Or: out = old | operand; break;
  case RmwOp::Xor: out = old ^ operand; break;
  case RmwOp::Max: out = signExtend(old, size) > signExtend(operand, size) ? old : operand; break;
  case RmwOp::Min: out = signExtend(old, size) < signExtend(operand, size) ? old : operand; break;
  case RmwOp::UMax: out = (old & mask) > (operand & mask) ? old : operand; break;
  case RmwOp::UMin: out = (old & mask) < (operand & mask) ? old : operand; break;
  case RmwOp::FAdd: out = fromFloat(asFloat(old) + asFloat(operand)); break;
  case RmwOp::FSub: out = fromFloat(asFloat(old) - asFloat(operand)); break;
  case RmwOp::FMax: out = fromFloat(std::fmax(asFloat(old), asFloat(operand))); break;
  case RmwOp::FMin: out = fromFloat(std::fmin(asFloat(old), asFloat(operand))); break;
  case RmwOp::UIncWrap: out = (old & mask) >= (operand & mask) ? 0 : old + 1; break;
  case RmwOp::UDecWrap:
    out = (old & mask) == 0 || (old & mask) > (operand & mask) ? operand : old - 1;
    break;
  default: return false;
  }
  out &= mask;
  return true;
}

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
