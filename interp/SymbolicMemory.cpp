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

ExprId load(const Memory &memory, SymbolicValues &values, const Target &target) {
  std::vector<ExprId> bytes = objectBytes(memory, values, target);
  uint64_t last = target.size - target.accessSize;
  // Within the object the address is one of first + 0 .. first + last: the last is the default.
  ExprId value = values.fromBytes(bytes.data() + last, target.accessSize);
  for (uint64_t k = last; k-- > 0;)
    value = values.ite(at(values, target, k), values.fromBytes(bytes.data() + k, target.accessSize),
                       value);
  return value;
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
