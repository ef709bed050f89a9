// What a read-modify-write writes for the value it reads: the arithmetic of atomicrmw and the
// comparison of cmpxchg, shared by the runtime (which performs them) and the reads-from search
// (which predicts what an event would write after reading another write, checker/readsfrom/).
#pragma once

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

/// atomicrmw `op` on `old` and `operand` (integers, or floats of 4 or 8 bytes), masked to
/// `size` bytes; false for an operation this does not know.
bool applyRmw(RmwOp op, uint64_t old, uint64_t operand, uint64_t size, uint64_t &out);

/// What `rmw` writes after reading `old`: nothing (nullopt) for a compare-and-swap that fails
/// or an unknown operation.
std::optional<uint64_t> rmwWrites(const RmwArguments &rmw, uint64_t old);

} // namespace bpor
