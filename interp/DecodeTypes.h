// Questions about IR types that the function decoder's files share (internal to interp/).
#pragma once

#include "interp/ProgramBuilder.h"

#include <llvm/ADT/ArrayRef.h>
#include <llvm/ADT/STLExtras.h>
#include <llvm/IR/DerivedTypes.h>

#include <cstdint>

namespace bpor::decode {

/// A double (or vector of doubles) rather than a float: the `c` operand of floating-point ops.
inline bool isDouble(llvm::Type *type) { return type->getScalarType()->isDoubleTy(); }

/// Vectors of i1 are bit-packed in memory, unlike their one-slot-per-lane registers.
inline bool hasBoolVector(llvm::Type *type) {
  if (auto *vector = llvm::dyn_cast<llvm::FixedVectorType>(type))
    return vector->getElementType()->isIntegerTy(1);
  if (auto *array = llvm::dyn_cast<llvm::ArrayType>(type))
    return hasBoolVector(array->getElementType());
  if (auto *structType = llvm::dyn_cast<llvm::StructType>(type))
    return llvm::any_of(structType->elements(), hasBoolVector);
  return false;
}

/// The first slot of the member that `indices` select in a flattened aggregate (extractvalue,
/// insertvalue), relative to the aggregate's first slot; `type` becomes the member's type.
inline uint32_t aggregateSlotOffset(llvm::Type *&type, llvm::ArrayRef<unsigned> indices) {
  uint32_t offset = 0;
  for (unsigned index : indices) {
    if (auto *structType = llvm::dyn_cast<llvm::StructType>(type)) {
      for (unsigned i = 0; i < index; ++i)
        offset += slotCount(structType->getElementType(i));
      type = structType->getElementType(index);
    } else {
      type = type->getArrayElementType();
      offset += index * slotCount(type);
    }
  }
  return offset;
}

/// The lanes of a fixed vector type, 1 for a scalar: vector operations decode lane by lane.
inline unsigned lanesOf(llvm::Type *type) {
  if (auto *vector = llvm::dyn_cast<llvm::FixedVectorType>(type))
    return vector->getNumElements();
  return 1;
}

} // namespace bpor::decode
