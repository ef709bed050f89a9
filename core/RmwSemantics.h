// What a read-modify-write writes for the value it reads: the arithmetic of atomicrmw and the
// comparison of cmpxchg, shared by the runtime (which performs them) and the reads-from search
// (which predicts what an event would write after reading another write, checker/readsfrom/).
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <optional>

namespace bpor {

/// llvm::AtomicRMWInst::BinOp, by the same numbers (the runtime checks that they agree).
enum class RmwOp : uint32_t {
  Xchg = 0,
  Add,
  Sub,
  And,
  Nand,
  Or,
  Xor,
  Max,
  Min,
  UMax,
  UMin,
  FAdd,
  FSub,
  FMax,
  FMin,
  UIncWrap,
  UDecWrap,
};

/// A pending read-modify-write's arguments (Model::pendingRmw).
struct RmwArguments {
  enum class Form : uint8_t {
    None,            // the operation is no read-modify-write
    Update,          // atomicrmw `op` with `operand`
    CompareExchange, // cmpxchg: writes `desired` if it reads `operand` (the expected value)
  };
  Form form = Form::None;
  RmwOp op = RmwOp::Xchg;
  uint64_t operand = 0;
  uint64_t desired = 0;
  uint64_t size = 0; // bytes, at most 8
};

inline uint64_t rmwMask(uint64_t size) {
  return size >= 8 ? ~uint64_t(0) : (uint64_t(1) << (8 * size)) - 1;
}

namespace detail {

inline int64_t signExtend(uint64_t value, uint64_t size) {
  unsigned shift = size >= 8 ? 0 : unsigned(64 - 8 * size);
  return int64_t(value << shift) >> shift;
}

} // namespace detail

/// atomicrmw `op` on `old` and `operand` (integers, or floats of 4 or 8 bytes), masked to
/// `size` bytes; false for an operation this does not know. Inline: the runtime performs
/// every atomicrmw with it.
inline bool applyRmw(RmwOp op, uint64_t old, uint64_t operand, uint64_t size, uint64_t &out) {
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
  case RmwOp::Max:
    out = detail::signExtend(old, size) > detail::signExtend(operand, size) ? old : operand;
    break;
  case RmwOp::Min:
    out = detail::signExtend(old, size) < detail::signExtend(operand, size) ? old : operand;
    break;
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

/// What `rmw` writes after reading `old`: nothing (nullopt) for a compare-and-swap that fails
/// or an unknown operation.
std::optional<uint64_t> rmwWrites(const RmwArguments &rmw, uint64_t old);

} // namespace bpor
