#include "interp/SymbolicMemory.h"

#include <vector>

namespace bpor::symbolic_memory {

using interp::Op;

bool findTarget(const Memory &memory, SymbolicValues &values, ExprId address, Address concrete,
                unsigned accessSize, Target &out) {
  Address first = 0;
  uint64_t size = 0;
  if (!memory.objectRange(concrete, first, size) || size > MaxObjectBytes || size < accessSize ||
      accessSize == 0 || accessSize > 8)
    return false;
  out = Target{values.resize(address, 64), first, size, accessSize};
  return true;
}

ExprId withinObject(SymbolicValues &values, const Target &target) {
  ExprId low = values.constant(target.first, 64);
  ExprId high = values.constant(target.first + target.size - target.accessSize, 64);
  return values.binary(Op::And, 1, values.binary(Op::ICmpUge, 64, target.address, low),
                       values.binary(Op::ICmpUle, 64, target.address, high));
}

namespace {

// The object's bytes as 8-bit expressions (constants where the byte is concrete).
std::vector<ExprId> objectBytes(const Memory &memory, SymbolicValues &values,
                                const Target &target) {
  std::vector<uint32_t> shadow(target.size, ConcreteValue);
  if (memory.hasShadows())
    memory.readShadow(target.first, target.size, shadow.data());
  const uint8_t *host = memory.host(target.first);
  std::vector<ExprId> bytes(target.size);
  for (uint64_t i = 0; i < target.size; ++i)
    bytes[i] = shadow[i] != ConcreteValue ? shadow[i] : values.constant(host[i], 8);
  return bytes;
}

ExprId at(SymbolicValues &values, const Target &target, uint64_t offset) {
  return values.binary(Op::ICmpEq, 64, target.address,
                       values.constant(target.first + offset, 64));
}

} // namespace

namespace {

// The value at offsets [low, high] of the object, chosen by the address: a balanced tree of
// comparisons (depth log2 of the offsets, not one ite per offset in a chain), each leaf the
// bytes at one offset. Within the object the address is one of first + low .. first + high.
ExprId choose(SymbolicValues &values, const Target &target, const std::vector<ExprId> &bytes,
              uint64_t low, uint64_t high) {
  if (low == high)
    return values.fromBytes(bytes.data() + low, target.accessSize);
  uint64_t middle = low + (high - low) / 2;
  ExprId inLow = values.binary(Op::ICmpUle, 64, target.address,
                               values.constant(target.first + middle, 64));
  return values.ite(inLow, choose(values, target, bytes, low, middle),
                    choose(values, target, bytes, middle + 1, high));
}

} // namespace

ExprId load(const Memory &memory, SymbolicValues &values, const Target &target) {
  std::vector<ExprId> bytes = objectBytes(memory, values, target);
  return choose(values, target, bytes, 0, target.size - target.accessSize);
}

std::vector<uint32_t> storedBytes(const Memory &memory, SymbolicValues &values,
                                  const Target &target, ExprId value) {
  std::vector<ExprId> bytes = objectBytes(memory, values, target);
  ExprId whole = values.resize(value, 8 * target.accessSize);
  uint64_t last = target.size - target.accessSize;
  std::vector<uint32_t> shadow(target.size);
  for (uint64_t i = 0; i < target.size; ++i) {
    // Byte i receives byte j of the value when the access starts at i - j.
    ExprId byte = bytes[i];
    for (unsigned j = 0; j < target.accessSize; ++j)
      if (i >= j && i - j <= last)
        byte = values.ite(at(values, target, i - j), values.byteOf(whole, j), byte);
    shadow[i] = byte;
  }
  return shadow;
}

} // namespace bpor::symbolic_memory
