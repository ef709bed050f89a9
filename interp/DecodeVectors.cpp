// Decoding aggregates and vectors, which live flattened in consecutive slots: member and lane
// accesses at a constant index are moves; a dynamic lane index has its own operations.
#include "interp/DecodeTypes.h"
#include "interp/FunctionDecoder.h"

using namespace llvm;

namespace bpor {

using namespace decode;
using interp::NoSlot;

void FunctionDecoder::decodeExtractValue(const ExtractValueInst &extract) {
  uint32_t dst = slot(&extract);
  Type *type = extract.getAggregateOperand()->getType();
  uint32_t offset = aggregateSlotOffset(type, extract.getIndices());
  emitMove(dst, slot(extract.getAggregateOperand()) + offset,
           slotCount(type));
}

void FunctionDecoder::decodeInsertValue(const InsertValueInst &insert) {
  uint32_t dst = slot(&insert);
  Type *type = insert.getAggregateOperand()->getType();
  uint32_t offset = aggregateSlotOffset(type, insert.getIndices());
  emitMove(dst, slot(insert.getAggregateOperand()),
           slotCount(insert.getType()));
  emitMove(dst + offset, slot(insert.getInsertedValueOperand()),
           slotCount(type));
}

void FunctionDecoder::decodeExtractElement(const ExtractElementInst &extract) {
  uint32_t dst = slot(&extract);
  uint32_t perLane = slotCount(extract.getType());
  uint32_t vector = slot(extract.getVectorOperand());
  if (auto *index = dyn_cast<ConstantInt>(extract.getIndexOperand())) {
    uint64_t lane = index->getZExtValue();
    if (lane >= lanesOf(extract.getVectorOperandType()))
      return emitMove(dst, temp(perLane), perLane); // poison: any value
    return emitMove(dst, vector + uint32_t(lane) * perLane, perLane);
  }
  if (perLane != 1)
    return unsupported(extract, "dynamic extractelement of wide lanes");
  Inst inst{Op::ExtractDyn};
  inst.dst = dst;
  inst.a = vector;
  inst.b = slot(extract.getIndexOperand());
  inst.imm = lanesOf(extract.getVectorOperandType());
  emit(inst);
}

void FunctionDecoder::decodeInsertElement(const InsertElementInst &insert) {
  uint32_t dst = slot(&insert);
  uint32_t total = slotCount(insert.getType());
  uint32_t lanes = lanesOf(insert.getType());
  uint32_t perLane = total / lanes;
  uint32_t vector = slot(insert.getOperand(0));
  uint32_t value = slot(insert.getOperand(1));
  if (auto *index = dyn_cast<ConstantInt>(insert.getOperand(2))) {
    emitMove(dst, vector, total);
    uint64_t lane = index->getZExtValue();
    if (lane < lanes)
      emitMove(dst + uint32_t(lane) * perLane, value, perLane);
    return;
  }
  if (perLane != 1)
    return unsupported(insert, "dynamic insertelement of wide lanes");
  Inst inst{Op::InsertDyn};
  inst.dst = dst;
  inst.a = vector;
  inst.b = slot(insert.getOperand(2));
  inst.c = value;
  inst.imm = lanes;
  emit(inst);
}

void FunctionDecoder::decodeShuffle(const ShuffleVectorInst &shuffle) {
  uint32_t dst = slot(&shuffle);
  unsigned inputLanes = lanesOf(shuffle.getOperand(0)->getType());
  uint32_t perLane =
      slotCount(shuffle.getType()) / lanesOf(shuffle.getType());
  uint32_t first = slot(shuffle.getOperand(0)),
           second = slot(shuffle.getOperand(1));
  ArrayRef<int> mask = shuffle.getShuffleMask();
  for (unsigned lane = 0; lane < mask.size(); ++lane) {
    int pick = mask[lane];
    if (pick < 0)
      continue; // poison lane: leave whatever is there
    uint32_t source = unsigned(pick) < inputLanes
                          ? first + pick * perLane
                          : second + (pick - inputLanes) * perLane;
    emitMove(dst + lane * perLane, source, perLane);
  }
}

} // namespace bpor
