#include "interp/FunctionDecoder.h"

#include <llvm/ADT/BitVector.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/GetElementPtrTypeIterator.h>
#include <llvm/IR/InlineAsm.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/Operator.h>

#include <fmt/format.h>

using namespace llvm;

namespace bpor {

using interp::NoSlot;

FunctionDecoder::FunctionDecoder(ProgramBuilder &builder,
                                 const Function &function,
                                 interp::Function &out)
    : builder_(builder), function_(function), out_(out),
      layout_(builder.layout()) {}

static bool isDouble(Type *type) { return type->getScalarType()->isDoubleTy(); }

/// Vectors of i1 are bit-packed in memory, unlike their one-slot-per-lane
/// registers.
static bool hasBoolVector(Type *type) {
  if (auto *vector = dyn_cast<FixedVectorType>(type))
    return vector->getElementType()->isIntegerTy(1);
  if (auto *array = dyn_cast<ArrayType>(type))
    return hasBoolVector(array->getElementType());
  if (auto *structType = dyn_cast<StructType>(type))
    return llvm::any_of(structType->elements(), hasBoolVector);
  return false;
}

// The first slot of the member that `indices` select in a flattened aggregate (extractvalue,
// insertvalue), relative to the aggregate's first slot; `type` becomes the member's type.
static uint32_t aggregateSlotOffset(Type *&type, ArrayRef<unsigned> indices) {
  uint32_t offset = 0;
  for (unsigned index : indices) {
    if (auto *structType = dyn_cast<StructType>(type)) {
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

static unsigned lanesOf(Type *type) {
  if (auto *vector = dyn_cast<FixedVectorType>(type))
    return vector->getNumElements();
  return 1;
}

void FunctionDecoder::decode() {
  for (Type *param : function_.getFunctionType()->params())
    out_.paramTypes.push_back(valueTypeOf(param));
  out_.returnType = valueTypeOf(function_.getReturnType());
  if (!out_.defined)
    return;

  assignSlots();

  // Parameters whose type cannot be interpreted make the whole function
  // unsupported.
  for (const Argument &argument : function_.args())
    if (std::string why = unsupportedTypeReason(argument.getType());
        !why.empty()) {
      Inst inst{Op::Unsupported};
      inst.imm = builder_.addMessage(fmt::format(
          "unsupported {} in the parameters of function {}", why, out_.name));
      emit(inst);
      out_.numSlots = numSlots_;
      return;
    }

  uint32_t numBlocks = 0;
  for (const BasicBlock &block : function_)
    blockLabels_[&block] = numBlocks++;
  labelPositions_.assign(numBlocks, 0);

  for (const BasicBlock &block : function_) {
    labelPositions_[blockLabels_[&block]] = uint32_t(out_.code.size());
    for (const Instruction &instruction : block) {
      if (isa<PHINode>(instruction))
        continue;
      currentDebugLoc_ = builder_.debugLocation(instruction.getDebugLoc());
      auto bad = badInstructions_.find(&instruction);
      if (bad != badInstructions_.end()) {
        unsupported(instruction, bad->second);
        continue;
      }
      decodeInstruction(instruction);
    }
  }
  // Edge stubs may create further stubs? No: a stub only moves and jumps to a
  // block label.
  for (size_t i = 0; i < stubs_.size(); ++i)
    emitEdgeStub(stubs_[i].label, stubs_[i].from, stubs_[i].to);

  for (const Fixup &fixup : fixups_) {
    uint32_t position = labelPositions_[fixup.label];
    switch (fixup.field) {
    case 'a':
      out_.code[fixup.inst].a = position;
      break;
    case 'b':
      out_.code[fixup.inst].b = position;
      break;
    case 'c':
      out_.code[fixup.inst].c = position;
      break;
    case 'u':
      out_.calls[fixup.inst].unwindTarget = position;
      break;
    default:
      out_.extra[fixup.inst] = position;
      break;
    }
  }
  out_.numSlots = numSlots_;
  computeLiveSlots();
}

// Backward liveness of the function's SSA values (arguments and instructions) over its blocks:
// live-in(B) = uses(B) + (live-out(B) - defs(B)); live-out(B) = the live-in of each successor
// without its phis, plus the phis' incoming values from B. Then one backward walk per block
// gives what is live right after each call. Only useful values count, as in aggressive dead
// code elimination: those that a side effect, a branch or a return depends on. A value used
// only to compute itself again (a spin counter nobody reads) is live in the SSA sense but can
// decide nothing.
void FunctionDecoder::computeLiveSlots() {
  if (out_.calls.empty())
    return;
  DenseMap<const Value *, unsigned> number;
  std::vector<const Value *> values;
  auto tracked = [&](const Value *value) -> int {
    auto it = number.find(value);
    return it == number.end() ? -1 : int(it->second);
  };
  for (const Argument &argument : function_.args())
    if (slots_.count(&argument)) {
      number[&argument] = unsigned(values.size());
      values.push_back(&argument);
    }
  for (const BasicBlock &block : function_)
    for (const Instruction &instruction : block)
      if (!instruction.getType()->isVoidTy() && slots_.count(&instruction)) {
        number[&instruction] = unsigned(values.size());
        values.push_back(&instruction);
      }
  size_t n = values.size();
  BitVector useful(n);
  std::vector<const Value *> work;
  for (const BasicBlock &block : function_)
    for (const Instruction &instruction : block)
      if (instruction.isTerminator() || instruction.mayHaveSideEffects() ||
          isa<CallBase>(instruction) || instruction.mayReadFromMemory())
        work.push_back(&instruction);
  std::vector<bool> queued(n);
  while (!work.empty()) {
    const Value *value = work.back();
    work.pop_back();
    if (int v = tracked(value); v >= 0)
      useful.set(unsigned(v));
    if (auto *instruction = dyn_cast<Instruction>(value))
      for (const Value *operand : instruction->operands())
        if (int v = tracked(operand); v >= 0 && !queued[unsigned(v)]) {
          queued[unsigned(v)] = true;
          work.push_back(operand);
        }
  }
  DenseMap<const BasicBlock *, BitVector> liveIn, liveOut;
  for (const BasicBlock &block : function_) {
    liveIn[&block] = BitVector(n);
    liveOut[&block] = BitVector(n);
  }
  // The uses of an instruction that are not phi uses.
  auto addUses = [&](const Instruction &instruction, BitVector &live) {
    for (const Value *operand : instruction.operands())
      if (int v = tracked(operand); v >= 0)
        live.set(unsigned(v));
  };
  auto removeDef = [&](const Instruction &instruction, BitVector &live) {
    if (int v = tracked(&instruction); v >= 0)
      live.reset(unsigned(v));
  };
  bool changed = true;
  while (changed) {
    changed = false;
    // Blocks in reverse layout order: a backward problem converges faster that way.
    std::vector<const BasicBlock *> blocks;
    for (const BasicBlock &block : function_)
      blocks.push_back(&block);
    for (auto it = blocks.rbegin(); it != blocks.rend(); ++it) {
      const BasicBlock &block = **it;
      BitVector out(n);
      for (const BasicBlock *successor : successors(&block)) {
        BitVector in = liveIn[successor];
        for (const PHINode &phi : successor->phis()) {
          removeDef(phi, in);
          if (int v = tracked(phi.getIncomingValueForBlock(&block)); v >= 0)
            in.set(unsigned(v));
        }
        out |= in;
      }
      BitVector in = out;
      for (auto inst = block.rbegin(); inst != block.rend(); ++inst) {
        removeDef(*inst, in);
        if (!isa<PHINode>(*inst))
          addUses(*inst, in);
      }
      if (out != liveOut[&block] || in != liveIn[&block]) {
        liveOut[&block] = std::move(out);
        liveIn[&block] = std::move(in);
        changed = true;
      }
    }
  }
  DenseMap<const CallBase *, size_t> callIndex;
  for (size_t i = 0; i < callInstructions_.size(); ++i)
    callIndex[callInstructions_[i]] = i;
  for (const BasicBlock &block : function_) {
    BitVector live = liveOut[&block];
    for (auto inst = block.rbegin(); inst != block.rend(); ++inst) {
      if (auto *call = dyn_cast<CallBase>(&*inst); call && callIndex.count(call)) {
        interp::CallSite &site = out_.calls[callIndex[call]];
        BitVector after = live;
        after &= useful;
        removeDef(*call, after); // written when the call completes
        std::vector<uint32_t> &slots = site.liveSlots;
        for (unsigned v : after.set_bits()) {
          uint32_t first = slots_[values[v]];
          uint32_t count = std::max<uint32_t>(1, slotCount(values[v]->getType()));
          for (uint32_t s = first; s < first + count; ++s)
            slots.push_back(s);
        }
        for (size_t a = 0; a < site.argSlots.size(); ++a) {
          uint32_t count =
              std::max<uint32_t>(1, slotCount(call->getArgOperand(unsigned(a))->getType()));
          for (uint32_t s = site.argSlots[a]; s < site.argSlots[a] + count; ++s)
            slots.push_back(s);
        }
        if (site.calleeSlot != NoSlot)
          slots.push_back(site.calleeSlot);
        std::sort(slots.begin(), slots.end());
        slots.erase(std::unique(slots.begin(), slots.end()), slots.end());
      }
      removeDef(*inst, live);
      if (!isa<PHINode>(*inst))
        addUses(*inst, live);
    }
  }
}

void FunctionDecoder::assignSlots() {
  for (const Argument &argument : function_.args()) {
    slots_[&argument] = numSlots_;
    numSlots_ += slotCount(argument.getType());
  }
  out_.numParamSlots = numSlots_;

  // Constants next, materialised into every frame from out_.constants.
  for (const BasicBlock &block : function_)
    for (const Instruction &instruction : block) {
      for (const Value *operand : instruction.operands()) {
        auto *constant = dyn_cast<Constant>(operand);
        if (!constant || slots_.count(constant))
          continue;
        if (auto *callee = dyn_cast<Function>(constant);
            callee && callee->isIntrinsic())
          continue;
        if (!constant->getType()->isFirstClassType() ||
            constant->getType()->isLabelTy() ||
            constant->getType()->isMetadataTy())
          continue;
        if (std::string why = unsupportedTypeReason(constant->getType());
            !why.empty()) {
          badInstructions_[&instruction] = "unsupported " + why;
          continue;
        }
        std::vector<Slot> values;
        std::string error;
        if (!builder_.constantSlots(constant, values, error)) {
          badInstructions_[&instruction] = error;
          continue;
        }
        slots_[constant] = numSlots_;
        numSlots_ += uint32_t(values.size());
        out_.constants.insert(out_.constants.end(), values.begin(),
                              values.end());
      }
    }

  for (const BasicBlock &block : function_)
    for (const Instruction &instruction : block) {
      Type *type = instruction.getType();
      if (std::string why = unsupportedTypeReason(type); !why.empty()) {
        badInstructions_[&instruction] = "unsupported " + why;
        continue;
      }
      for (const Value *operand : instruction.operands())
        if (std::string why = unsupportedTypeReason(operand->getType());
            !why.empty()) {
          badInstructions_[&instruction] = "unsupported " + why;
          break;
        }
      if (type->isVoidTy())
        continue;
      slots_[&instruction] = numSlots_;
      numSlots_ += slotCount(type);
    }
}

uint32_t FunctionDecoder::slot(const Value *value) {
  auto it = slots_.find(value);
  if (it != slots_.end())
    return it->second;
  // A value without a slot (an operand of an unsupported instruction that was
  // reached anyway, or a zero-sized value): give it a fresh zeroed temporary so
  // decoding stays total.
  uint32_t fresh = temp(std::max<uint32_t>(1, slotCount(value->getType())));
  slots_[value] = fresh;
  return fresh;
}

uint32_t FunctionDecoder::temp(uint32_t count) {
  uint32_t first = numSlots_;
  numSlots_ += count;
  return first;
}

uint32_t FunctionDecoder::emit(const Inst &inst) {
  out_.code.push_back(inst);
  out_.debugLocs.push_back(currentDebugLoc_);
  return uint32_t(out_.code.size() - 1);
}

void FunctionDecoder::emitMove(uint32_t dst, uint32_t src, uint32_t count) {
  if (count == 0 || dst == src)
    return;
  Inst inst{count == 1 ? Op::Move : Op::MoveN};
  inst.dst = dst;
  inst.a = src;
  inst.b = count;
  emit(inst);
}

void FunctionDecoder::unsupported(const Instruction &instruction,
                                  const std::string &what) {
  Inst inst{Op::Unsupported};
  inst.imm = builder_.addMessage(fmt::format("{} in function {}: {}", what,
                                             out_.name, printed(instruction)));
  emit(inst);
}

void FunctionDecoder::fixup(uint32_t inst, char field, uint32_t label) {
  fixups_.push_back({inst, field, label});
}

uint32_t FunctionDecoder::edgeLabel(const BasicBlock *from,
                                    const BasicBlock *to) {
  if (!isa<PHINode>(to->front()))
    return blockLabels_[to];
  uint32_t label = uint32_t(labelPositions_.size());
  labelPositions_.push_back(0);
  stubs_.push_back({label, from, to});
  return label;
}

void FunctionDecoder::emitEdgeStub(uint32_t label, const BasicBlock *from,
                                   const BasicBlock *to) {
  labelPositions_[label] = uint32_t(out_.code.size());
  currentDebugLoc_ = 0;
  struct Copy {
    uint32_t dst, src, count;
  };
  std::vector<Copy> copies;
  for (const PHINode &phi : to->phis()) {
    if (badInstructions_.count(&phi)) {
      unsupported(phi, badInstructions_[&phi]);
      continue;
    }
    const Value *incoming = phi.getIncomingValueForBlock(from);
    copies.push_back({slot(&phi), slot(incoming), slotCount(phi.getType())});
  }
  // Phis are a parallel copy: if one phi reads another's destination, go
  // through temporaries.
  bool overlap = false;
  for (const Copy &reader : copies)
    for (const Copy &writer : copies)
      if (&reader != &writer && reader.src < writer.dst + writer.count &&
          writer.dst < reader.src + reader.count)
        overlap = true;
  if (!overlap) {
    for (const Copy &copy : copies)
      emitMove(copy.dst, copy.src, copy.count);
  } else {
    std::vector<uint32_t> temps;
    for (const Copy &copy : copies) {
      temps.push_back(temp(copy.count));
      emitMove(temps.back(), copy.src, copy.count);
    }
    for (size_t i = 0; i < copies.size(); ++i)
      emitMove(copies[i].dst, temps[i], copies[i].count);
  }
  Inst jump{Op::Jump};
  fixup(emit(jump), 'a', blockLabels_[to]);
}

void FunctionDecoder::decodeInstruction(const Instruction &instruction) {
  if (instruction.isTerminator())
    return decodeTerminator(instruction);
  if (auto *binary = dyn_cast<BinaryOperator>(&instruction))
    return decodeBinary(*binary);
  if (auto *cast = dyn_cast<CastInst>(&instruction))
    return decodeCast(*cast);
  if (auto *gep = dyn_cast<GetElementPtrInst>(&instruction))
    return decodeGep(*gep);
  if (auto *load = dyn_cast<LoadInst>(&instruction))
    return decodeLoad(*load);
  if (auto *store = dyn_cast<StoreInst>(&instruction))
    return decodeStore(*store);
  if (auto *call = dyn_cast<CallBase>(&instruction))
    return decodeCall(*call);

  uint32_t dst = instruction.getType()->isVoidTy() ? 0 : slot(&instruction);
  switch (instruction.getOpcode()) {
  case Instruction::ICmp: {
    auto &compare = cast<ICmpInst>(instruction);
    Type *operandType = compare.getOperand(0)->getType();
    unsigned bits = operandType->getScalarType()->isPointerTy()
                        ? builder_.pointerBits()
                        : operandType->getScalarType()->getIntegerBitWidth();
    if (bits > 64 && bits <= 128 && !operandType->isVectorTy()) {
      Inst inst{Op::WideCompare, uint8_t(bits),
                uint8_t(compare.getPredicate())};
      inst.dst = dst;
      inst.a = slot(compare.getOperand(0));
      inst.b = slot(compare.getOperand(1));
      emit(inst);
      return;
    }
    if (bits > 64)
      return unsupported(instruction,
                         "comparison of integers wider than 128 bits");
    Op op;
    switch (compare.getPredicate()) {
    case CmpInst::ICMP_EQ:
      op = Op::ICmpEq;
      break;
    case CmpInst::ICMP_NE:
      op = Op::ICmpNe;
      break;
    case CmpInst::ICMP_ULT:
      op = Op::ICmpUlt;
      break;
    case CmpInst::ICMP_ULE:
      op = Op::ICmpUle;
      break;
    case CmpInst::ICMP_UGT:
      op = Op::ICmpUgt;
      break;
    case CmpInst::ICMP_UGE:
      op = Op::ICmpUge;
      break;
    case CmpInst::ICMP_SLT:
      op = Op::ICmpSlt;
      break;
    case CmpInst::ICMP_SLE:
      op = Op::ICmpSle;
      break;
    case CmpInst::ICMP_SGT:
      op = Op::ICmpSgt;
      break;
    default:
      op = Op::ICmpSge;
      break;
    }
    uint32_t a = slot(compare.getOperand(0)), b = slot(compare.getOperand(1));
    for (unsigned lane = 0; lane < lanesOf(operandType); ++lane) {
      Inst inst{op, uint8_t(bits)};
      inst.dst = dst + lane;
      inst.a = a + lane;
      inst.b = b + lane;
      emit(inst);
    }
    return;
  }
  case Instruction::FCmp: {
    auto &compare = cast<FCmpInst>(instruction);
    Type *operandType = compare.getOperand(0)->getType();
    uint32_t a = slot(compare.getOperand(0)), b = slot(compare.getOperand(1));
    for (unsigned lane = 0; lane < lanesOf(operandType); ++lane) {
      Inst inst{Op::FCmp, 0, uint8_t(compare.getPredicate())};
      inst.dst = dst + lane;
      inst.a = a + lane;
      inst.b = b + lane;
      inst.c = isDouble(operandType);
      emit(inst);
    }
    return;
  }
  case Instruction::FNeg: {
    Type *type = instruction.getType();
    uint32_t a = slot(instruction.getOperand(0));
    for (unsigned lane = 0; lane < lanesOf(type); ++lane) {
      Inst inst{Op::FNeg};
      inst.dst = dst + lane;
      inst.a = a + lane;
      inst.c = isDouble(type);
      emit(inst);
    }
    return;
  }
  case Instruction::Select: {
    auto &select = cast<SelectInst>(instruction);
    uint32_t cond = slot(select.getCondition());
    uint32_t a = slot(select.getTrueValue()), b = slot(select.getFalseValue());
    uint32_t count = slotCount(select.getType());
    if (select.getCondition()->getType()->isVectorTy()) {
      unsigned lanes = lanesOf(select.getType());
      uint32_t perLane = count / lanes;
      for (unsigned lane = 0; lane < lanes; ++lane) {
        Inst inst{perLane == 1 ? Op::Select : Op::SelectN};
        inst.dst = dst + lane * perLane;
        inst.a = cond + lane;
        inst.b = a + lane * perLane;
        inst.c = b + lane * perLane;
        inst.imm = perLane;
        emit(inst);
      }
      return;
    }
    Inst inst{count == 1 ? Op::Select : Op::SelectN};
    inst.dst = dst;
    inst.a = cond;
    inst.b = a;
    inst.c = b;
    inst.imm = count;
    emit(inst);
    return;
  }
  case Instruction::Alloca: {
    auto &alloca = cast<AllocaInst>(instruction);
    uint64_t elementSize = layout_.getTypeAllocSize(alloca.getAllocatedType());
    Inst inst{Op::Alloca};
    inst.dst = dst;
    if (auto *count = dyn_cast<ConstantInt>(alloca.getArraySize())) {
      inst.a = NoSlot;
      inst.imm = elementSize * count->getZExtValue();
    } else {
      inst.a = slot(alloca.getArraySize());
      inst.imm = elementSize;
    }
    // A local of the program's own code (a function with debug information) starts with its
    // bytes never written (memory/Memory.h, "Bytes never written"): runtime calls keep
    // track of them for a local whose address escapes (the instrumentation's `bpor.shared`
    // mark), the interpreter's plain loads and stores for the others.
    inst.flag = alloca.getFunction()->getSubprogram() ? 1 : 0;
    emit(inst);
    return;
  }
  case Instruction::ExtractValue: {
    auto &extract = cast<ExtractValueInst>(instruction);
    Type *type = extract.getAggregateOperand()->getType();
    uint32_t offset = aggregateSlotOffset(type, extract.getIndices());
    emitMove(dst, slot(extract.getAggregateOperand()) + offset,
             slotCount(type));
    return;
  }
  case Instruction::InsertValue: {
    auto &insert = cast<InsertValueInst>(instruction);
    Type *type = insert.getAggregateOperand()->getType();
    uint32_t offset = aggregateSlotOffset(type, insert.getIndices());
    emitMove(dst, slot(insert.getAggregateOperand()),
             slotCount(insert.getType()));
    emitMove(dst + offset, slot(insert.getInsertedValueOperand()),
             slotCount(type));
    return;
  }
  case Instruction::ExtractElement: {
    auto &extract = cast<ExtractElementInst>(instruction);
    uint32_t perLane = slotCount(extract.getType());
    uint32_t vector = slot(extract.getVectorOperand());
    if (auto *index = dyn_cast<ConstantInt>(extract.getIndexOperand())) {
      uint64_t lane = index->getZExtValue();
      if (lane >= lanesOf(extract.getVectorOperandType()))
        return emitMove(dst, temp(perLane), perLane); // poison: any value
      return emitMove(dst, vector + uint32_t(lane) * perLane, perLane);
    }
    if (perLane != 1)
      return unsupported(instruction, "dynamic extractelement of wide lanes");
    Inst inst{Op::ExtractDyn};
    inst.dst = dst;
    inst.a = vector;
    inst.b = slot(extract.getIndexOperand());
    inst.imm = lanesOf(extract.getVectorOperandType());
    emit(inst);
    return;
  }
  case Instruction::InsertElement: {
    auto &insert = cast<InsertElementInst>(instruction);
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
      return unsupported(instruction, "dynamic insertelement of wide lanes");
    Inst inst{Op::InsertDyn};
    inst.dst = dst;
    inst.a = vector;
    inst.b = slot(insert.getOperand(2));
    inst.c = value;
    inst.imm = lanes;
    emit(inst);
    return;
  }
  case Instruction::ShuffleVector: {
    auto &shuffle = cast<ShuffleVectorInst>(instruction);
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
    return;
  }
  case Instruction::LandingPad: {
    Inst inst{Op::LandingPad};
    inst.dst = dst;
    emit(inst);
    return;
  }
  case Instruction::Freeze:
    return emitMove(dst, slot(instruction.getOperand(0)),
                    slotCount(instruction.getType()));
  case Instruction::Fence:
    return; // sequential consistency: nothing to do
  default:
    return unsupported(instruction, fmt::format("unsupported instruction '{}'",
                                                instruction.getOpcodeName()));
  }
}

void FunctionDecoder::decodeBinary(const BinaryOperator &instruction) {
  Type *type = instruction.getType();
  Type *scalar = type->getScalarType();
  uint32_t dst = slot(&instruction);
  uint32_t a = slot(instruction.getOperand(0)),
           b = slot(instruction.getOperand(1));
  unsigned lanes = lanesOf(type);
  if (scalar->isFloatingPointTy()) {
    Op op;
    switch (instruction.getOpcode()) {
    case Instruction::FAdd:
      op = Op::FAdd;
      break;
    case Instruction::FSub:
      op = Op::FSub;
      break;
    case Instruction::FMul:
      op = Op::FMul;
      break;
    case Instruction::FDiv:
      op = Op::FDiv;
      break;
    default:
      op = Op::FRem;
      break;
    }
    for (unsigned lane = 0; lane < lanes; ++lane) {
      Inst inst{op};
      inst.dst = dst + lane;
      inst.a = a + lane;
      inst.b = b + lane;
      inst.c = isDouble(type);
      emit(inst);
    }
    return;
  }
  unsigned bits = scalar->getIntegerBitWidth();
  if (bits > 64 && bits <= 128 && lanes == 1) {
    Inst inst{Op::WideBinary, uint8_t(bits), uint8_t(instruction.getOpcode())};
    inst.dst = dst;
    inst.a = a;
    inst.b = b;
    emit(inst);
    return;
  }
  if (bits > 64)
    return unsupported(instruction,
                       "arithmetic on integers wider than 128 bits");
  Op op;
  switch (instruction.getOpcode()) {
  case Instruction::Add:
    op = Op::Add;
    break;
  case Instruction::Sub:
    op = Op::Sub;
    break;
  case Instruction::Mul:
    op = Op::Mul;
    break;
  case Instruction::UDiv:
    op = Op::UDiv;
    break;
  case Instruction::SDiv:
    op = Op::SDiv;
    break;
  case Instruction::URem:
    op = Op::URem;
    break;
  case Instruction::SRem:
    op = Op::SRem;
    break;
  case Instruction::Shl:
    op = Op::Shl;
    break;
  case Instruction::LShr:
    op = Op::LShr;
    break;
  case Instruction::AShr:
    op = Op::AShr;
    break;
  case Instruction::And:
    op = Op::And;
    break;
  case Instruction::Or:
    op = Op::Or;
    break;
  case Instruction::Xor:
    op = Op::Xor;
    break;
  default:
    return unsupported(instruction, "unsupported binary operator");
  }
  for (unsigned lane = 0; lane < lanes; ++lane) {
    Inst inst{op, uint8_t(bits)};
    inst.dst = dst + lane;
    inst.a = a + lane;
    inst.b = b + lane;
    inst.imm = maskOf(bits);
    emit(inst);
  }
}

void FunctionDecoder::decodeCast(const CastInst &instruction) {
  Type *from = instruction.getSrcTy(), *to = instruction.getDestTy();
  Type *fromScalar = from->getScalarType(), *toScalar = to->getScalarType();
  uint32_t dst = slot(&instruction), a = slot(instruction.getOperand(0));
  unsigned lanes = lanesOf(to);
  auto intBits = [&](Type *type) {
    return type->isPointerTy() ? builder_.pointerBits()
                               : type->getIntegerBitWidth();
  };
  auto perLane = [&](Op op, uint8_t bits, uint32_t c, uint64_t imm) {
    for (unsigned lane = 0; lane < lanes; ++lane) {
      Inst inst{op, bits};
      inst.dst = dst + lane;
      inst.a = a + lane;
      inst.c = c;
      inst.imm = imm;
      emit(inst);
    }
  };
  unsigned opcode = instruction.getOpcode();
  if (opcode == Instruction::BitCast || opcode == Instruction::AddrSpaceCast) {
    if (slotCount(from) == slotCount(to) && lanesOf(from) == lanesOf(to))
      return emitMove(dst, a, slotCount(to));
    return decodeReshape(instruction);
  }
  unsigned fromBits =
      fromScalar->isIntegerTy() ? fromScalar->getIntegerBitWidth() : 0;
  unsigned toBits =
      toScalar->isIntegerTy() ? toScalar->getIntegerBitWidth() : 0;
  if (fromBits > 64 || toBits > 64) {
    // Two-slot integers (65..128 bits), scalars only.
    if (lanes != 1 || fromBits > 128 || toBits > 128)
      return unsupported(instruction,
                         "conversion of integers wider than 128 bits");
    uint64_t highMask = toBits > 64 ? maskOf(toBits - 64) : 0;
    if (opcode == Instruction::Trunc && toBits <= 64)
      return perLane(Op::Trunc, 0, 0, maskOf(toBits)); // the low word
    if (opcode == Instruction::Trunc ||
        (opcode == Instruction::ZExt && fromBits > 64)) {
      Inst inst{Op::WideTrunc};
      inst.dst = dst;
      inst.a = a;
      inst.imm = highMask;
      return (void)emit(inst);
    }
    if ((opcode == Instruction::ZExt || opcode == Instruction::SExt) &&
        fromBits <= 64) {
      Inst inst{Op::WideExtend, uint8_t(fromBits),
                uint8_t(opcode == Instruction::SExt)};
      inst.dst = dst;
      inst.a = a;
      inst.imm = highMask;
      return (void)emit(inst);
    }
    return unsupported(instruction,
                       "conversion of integers wider than 64 bits");
  }
  switch (opcode) {
  case Instruction::Trunc:
  case Instruction::PtrToInt:
  case Instruction::IntToPtr:
    return perLane(Op::Trunc, 0, 0, maskOf(intBits(toScalar)));
  case Instruction::ZExt:
    return emitMove(dst, a, lanes); // values are kept zero-extended
  case Instruction::SExt:
    return perLane(Op::SExt, uint8_t(intBits(fromScalar)), 0,
                   maskOf(intBits(toScalar)));
  case Instruction::FPToSI:
    return perLane(Op::FPToSI, uint8_t(intBits(toScalar)), isDouble(from),
                   maskOf(intBits(toScalar)));
  case Instruction::FPToUI:
    return perLane(Op::FPToUI, uint8_t(intBits(toScalar)), isDouble(from),
                   maskOf(intBits(toScalar)));
  case Instruction::SIToFP:
    return perLane(Op::SIToFP, uint8_t(intBits(fromScalar)), isDouble(to), 0);
  case Instruction::UIToFP:
    return perLane(Op::UIToFP, uint8_t(intBits(fromScalar)), isDouble(to), 0);
  case Instruction::FPTrunc:
    return perLane(Op::FPTrunc, 0, 0, 0);
  case Instruction::FPExt:
    return perLane(Op::FPExt, 0, 0, 0);
  default:
    return unsupported(instruction, "unsupported cast");
  }
}

void FunctionDecoder::decodeReshape(const CastInst &instruction) {
  Type *from = instruction.getSrcTy(), *to = instruction.getDestTy();
  if (hasBoolVector(from) || hasBoolVector(to))
    return unsupported(instruction, "bitcast of a vector of i1");
  // A bitcast is a store of the source followed by a load of the destination:
  // both sides described by their memory leaves.
  std::vector<Leaf> sourceLeaves, destLeaves;
  leavesOf(layout_, from, 0, sourceLeaves);
  leavesOf(layout_, to, 0, destLeaves);
  uint64_t bytes = layout_.getTypeStoreSize(to);
  if (bytes > 256)
    return unsupported(instruction, "bitcast of more than 256 bytes");
  Inst inst{Op::BitcastBytes};
  inst.dst = slot(&instruction);
  inst.a = slot(instruction.getOperand(0));
  inst.imm = out_.extra.size();
  out_.extra.push_back(bytes);
  for (const std::vector<Leaf> *leaves : {&sourceLeaves, &destLeaves}) {
    out_.extra.push_back(leaves->size());
    for (const Leaf &leaf : *leaves) {
      out_.extra.push_back(leaf.slot);
      out_.extra.push_back(leaf.offset);
      out_.extra.push_back(leaf.size);
    }
  }
  emit(inst);
}

void FunctionDecoder::decodeGep(const GetElementPtrInst &instruction) {
  if (instruction.getType()->isVectorTy())
    return unsupported(instruction, "getelementptr on vectors of pointers");
  uint32_t dst = slot(&instruction);
  uint32_t base = slot(instruction.getPointerOperand());
  uint64_t offset = 0;
  bool wroteDst = false;
  for (gep_type_iterator it = gep_type_begin(instruction),
                         end = gep_type_end(instruction);
       it != end; ++it) {
    const Value *index = it.getOperand();
    if (StructType *structType = it.getStructTypeOrNull()) {
      unsigned field = unsigned(cast<ConstantInt>(index)->getZExtValue());
      offset += layout_.getStructLayout(structType)->getElementOffset(field);
      continue;
    }
    uint64_t scale = it.getSequentialElementStride(layout_);
    if (auto *constant = dyn_cast<ConstantInt>(index)) {
      offset += uint64_t(constant->getSExtValue()) * scale;
      continue;
    }
    if (index->getType()->isVectorTy())
      return unsupported(instruction, "getelementptr with a vector index");
    unsigned bits = index->getType()->getIntegerBitWidth();
    if (bits > 64)
      return unsupported(instruction, "getelementptr index wider than 64 bits");
    Inst inst{Op::Gep, uint8_t(bits)};
    inst.dst = dst;
    inst.a = wroteDst ? dst : base;
    inst.b = slot(index);
    inst.imm = scale;
    emit(inst);
    wroteDst = true;
  }
  if (offset != 0) {
    Inst inst{Op::AddImm};
    inst.dst = dst;
    inst.a = wroteDst ? dst : base;
    inst.imm = offset;
    emit(inst);
    wroteDst = true;
  } else if (!wroteDst) {
    emitMove(dst, base, 1);
  }
  // A narrower pointer's arithmetic wraps at its width.
  if (wroteDst && builder_.pointerBits() < 64) {
    Inst inst{Op::Trunc};
    inst.dst = dst;
    inst.a = dst;
    inst.imm = builder_.pointerMask();
    emit(inst);
  }
}

void FunctionDecoder::decodeLoad(const LoadInst &instruction) {
  if (hasBoolVector(instruction.getType()))
    return unsupported(instruction, "load of a vector of i1");
  std::vector<Leaf> leaves;
  leavesOf(layout_, instruction.getType(), 0, leaves);
  uint32_t dst = slot(&instruction),
           pointer = slot(instruction.getPointerOperand());
  for (const Leaf &leaf : leaves) {
    Inst inst{Op::Load, 0, uint8_t(leaf.size)};
    inst.dst = dst + leaf.slot;
    inst.a = pointer;
    inst.imm = leaf.offset;
    emit(inst);
  }
}

void FunctionDecoder::decodeStore(const StoreInst &instruction) {
  if (hasBoolVector(instruction.getValueOperand()->getType()))
    return unsupported(instruction, "store of a vector of i1");
  std::vector<Leaf> leaves;
  leavesOf(layout_, instruction.getValueOperand()->getType(), 0, leaves);
  uint32_t value = slot(instruction.getValueOperand());
  uint32_t pointer = slot(instruction.getPointerOperand());
  for (const Leaf &leaf : leaves) {
    Inst inst{Op::Store, 0, uint8_t(leaf.size)};
    inst.a = value + leaf.slot;
    inst.b = pointer;
    inst.imm = leaf.offset;
    emit(inst);
  }
}

void FunctionDecoder::decodeCall(const CallBase &call) {
  if (call.isInlineAsm()) {
    // An empty asm statement (asm(""), asm volatile("" ::: "memory")) is a compiler barrier:
    // it keeps the compiler from moving memory accesses across it, which the interpreter never
    // does, and executes nothing. Any other assembly is refused with its text.
    const auto &assembly = *cast<InlineAsm>(call.getCalledOperand());
    StringRef text = StringRef(assembly.getAsmString()).trim();
    if (text.empty() && call.getType()->isVoidTy())
      return;
    return unsupported(call, fmt::format("inline assembly \"{}\" is not supported (only an "
                                         "empty asm statement, a compiler barrier, is; for a "
                                         "fence or an atomic access use <stdatomic.h> or the "
                                         "__atomic builtins)",
                                         text.str()));
  }
  if (!isa<CallInst>(call) && !isa<InvokeInst>(call))
    return unsupported(call, fmt::format("unsupported instruction '{}'",
                                         call.getOpcodeName()));
  const Value *calledOperand = call.getCalledOperand()->stripPointerCasts();
  auto *callee = dyn_cast<Function>(calledOperand);
  if (callee && callee->isIntrinsic()) {
    if (callee->getIntrinsicID() == Intrinsic::threadlocal_address)
      return unsupported(call, "thread-local variables are not supported");
    if (!decodeIntrinsic(call, callee->getIntrinsicID()))
      unsupported(call, fmt::format("unsupported intrinsic {}",
                                    callee->getName().str()));
    return;
  }
  interp::CallSite site;
  if (callee)
    site.callee = builder_.functionIndex(callee);
  else
    site.calleeSlot = slot(calledOperand);
  if (!call.getType()->isVoidTy())
    site.dst = slot(&call);
  site.resultType = valueTypeOf(call.getType());
  // The pass's mark of a call whose result the program never uses (runtime/bpor_abi.h).
  site.resultIgnored = call.getMetadata("bpor.ignored") != nullptr;
  bool anyByval = false;
  for (unsigned i = 0; i < call.arg_size(); ++i) {
    const Value *argument = call.getArgOperand(i);
    site.argSlots.push_back(slot(argument));
    site.argTypes.push_back(valueTypeOf(argument->getType()));
    site.argOffsets.push_back(site.numArgSlots);
    site.numArgSlots += slotCount(argument->getType());
    uint64_t byval = 0;
    if (Type *type = call.getParamByValType(i)) {
      byval = layout_.getTypeAllocSize(type);
      anyByval = true;
    }
    site.byvalSizes.push_back(byval);
  }
  if (!anyByval)
    site.byvalSizes.clear();
  if (auto *invoke = dyn_cast<InvokeInst>(&call)) {
    site.landingPad = landingPadClauses(*invoke->getLandingPadInst());
    fixups_.push_back({uint32_t(out_.calls.size()), 'u',
                       edgeLabel(call.getParent(), invoke->getUnwindDest())});
  }
  Inst inst{Op::Call};
  inst.imm = out_.calls.size();
  out_.calls.push_back(std::move(site));
  callInstructions_.push_back(&call);
  emit(inst);
}

uint32_t FunctionDecoder::landingPadClauses(const LandingPadInst &pad) {
  uint32_t index = uint32_t(out_.extra.size());
  out_.extra.push_back(pad.isCleanup());
  out_.extra.push_back(pad.getNumClauses());
  for (unsigned i = 0; i < pad.getNumClauses(); ++i) {
    const Constant *clause = pad.getClause(i);
    if (pad.isFilter(i)) {
      // A dynamic exception specification: the types it lets through are not kept, so the
      // unwinder refuses a filter it reaches.
      out_.extra.push_back(uint64_t(interp::LandingClause::Filter));
      out_.extra.push_back(0);
      out_.extra.push_back(0);
      continue;
    }
    uint32_t id = builder_.typeId(clause);
    out_.extra.push_back(uint64_t(interp::LandingClause::Catch));
    out_.extra.push_back(id);
    out_.extra.push_back(builder_.program().typeInfo(id));
  }
  return index;
}

void FunctionDecoder::decodeReduction(const CallBase &call, Op op,
                                      bool isFloat) {
  // vector.reduce.*: a chain of scalar operations over the lanes, in lane order
  // (which is also the strict order the ordered fadd/fmul reductions require).
  uint32_t dst = slot(&call);
  unsigned bits = isFloat ? 0 : call.getType()->getIntegerBitWidth();
  unsigned argument =
      call.arg_size() == 2 ? 1 : 0; // fadd/fmul take a start value
  Type *vectorType = call.getArgOperand(argument)->getType();
  uint32_t vector = slot(call.getArgOperand(argument));
  unsigned lanes = lanesOf(vectorType);
  uint32_t accumulator = temp(1);
  unsigned first = 0;
  if (argument == 1) {
    emitMove(accumulator, slot(call.getArgOperand(0)), 1);
  } else {
    emitMove(accumulator, vector, 1);
    first = 1;
  }
  for (unsigned lane = first; lane < lanes; ++lane) {
    Inst inst{op, uint8_t(bits)};
    inst.dst = accumulator;
    inst.a = accumulator;
    inst.b = vector + lane;
    inst.c = isFloat ? isDouble(call.getType()) : 0;
    inst.imm = isFloat ? 0 : maskOf(bits);
    emit(inst);
  }
  emitMove(dst, accumulator, 1);
}

bool FunctionDecoder::decodeIntrinsic(const CallBase &call, Intrinsic::ID id) {
  auto arg = [&](unsigned i) { return slot(call.getArgOperand(i)); };
  Type *type = call.getType();
  auto intBits = [](Type *t) {
    return t->getScalarType()->getIntegerBitWidth();
  };
  // An elementwise operation over the lanes of its operands.
  auto lanewise = [&](Op op, unsigned numOperands, uint8_t bits, uint32_t c,
                      uint64_t imm) {
    uint32_t dst = slot(&call);
    unsigned lanes = lanesOf(type);
    for (unsigned lane = 0; lane < lanes; ++lane) {
      Inst inst{op, bits};
      inst.dst = dst + lane;
      inst.a = arg(0) + lane;
      if (numOperands > 1)
        inst.b = arg(1) + lane;
      if (numOperands > 2)
        inst.c = arg(2) + lane;
      else
        inst.c = c;
      inst.imm = imm;
      emit(inst);
    }
  };
  auto intOp = [&](Op op, unsigned numOperands) {
    if (intBits(type) > 64)
      return false;
    lanewise(op, numOperands, uint8_t(intBits(type)), 0, maskOf(intBits(type)));
    return true;
  };
  auto fpOp = [&](Op op, unsigned numOperands) {
    lanewise(op, numOperands, 0, isDouble(type), 0);
    return true;
  };
  auto mathOp = [&](interp::MathFunction function) {
    lanewise(Op::FMath, function == interp::MathPow ? 2 : 1, 0, isDouble(type),
             0);
    for (size_t i = out_.code.size() - lanesOf(type); i < out_.code.size(); ++i)
      out_.code[i].flag = function;
    return true;
  };
  switch (id) {
  case Intrinsic::eh_typeid_for: {
    Inst inst{Op::Const};
    inst.dst = slot(&call);
    inst.imm = builder_.typeId(call.getArgOperand(0));
    emit(inst);
    return true;
  }
  case Intrinsic::dbg_declare:
  case Intrinsic::dbg_value:
  case Intrinsic::dbg_label:
  case Intrinsic::dbg_assign:
  case Intrinsic::lifetime_start:
  case Intrinsic::lifetime_end:
  case Intrinsic::assume:
  case Intrinsic::experimental_noalias_scope_decl:
  case Intrinsic::prefetch:
  case Intrinsic::vaend:
  case Intrinsic::donothing:
  case Intrinsic::sideeffect:
  case Intrinsic::invariant_start:
  case Intrinsic::invariant_end:
    return true;
  case Intrinsic::expect:
  case Intrinsic::expect_with_probability:
  case Intrinsic::ssa_copy:
  case Intrinsic::launder_invariant_group:
  case Intrinsic::strip_invariant_group:
    emitMove(slot(&call), arg(0), slotCount(type));
    return true;
  case Intrinsic::is_constant: {
    Inst inst{Op::Const};
    inst.dst = slot(&call);
    inst.imm = 0; // "not a constant" is always a correct answer
    emit(inst);
    return true;
  }
  case Intrinsic::objectsize: {
    // Unknown size: -1 when asked for the maximum (min == false), 0 for the
    // minimum.
    Inst inst{Op::Const};
    inst.dst = slot(&call);
    inst.imm = cast<ConstantInt>(call.getArgOperand(1))->isOne()
                   ? 0
                   : maskOf(intBits(type));
    emit(inst);
    return true;
  }
  case Intrinsic::memcpy:
  case Intrinsic::memcpy_inline:
  case Intrinsic::memmove:
  case Intrinsic::memset:
  case Intrinsic::memset_inline: {
    Inst inst{id == Intrinsic::memmove ? Op::Memmove
              : id == Intrinsic::memset || id == Intrinsic::memset_inline
                  ? Op::Memset
                  : Op::Memcpy};
    inst.a = arg(0);
    inst.b = arg(1);
    inst.c = arg(2);
    emit(inst);
    return true;
  }
  case Intrinsic::stacksave: {
    Inst inst{Op::StackSave};
    inst.dst = slot(&call);
    emit(inst);
    return true;
  }
  case Intrinsic::stackrestore: {
    Inst inst{Op::StackRestore};
    inst.a = arg(0);
    emit(inst);
    return true;
  }
  case Intrinsic::vastart: {
    // The variadic-argument area is laid out as x86-64's overflow area; the
    // i386 va_list (a plain pointer into 4-byte-aligned arguments) is not.
    if (builder_.pointerBits() != 64) {
      unsupported(call, "variadic function definitions in 32-bit programs");
      return true;
    }
    Inst inst{Op::VaStart};
    inst.a = arg(0);
    emit(inst);
    return true;
  }
  case Intrinsic::vacopy: {
    Inst inst{Op::VaCopy};
    inst.a = arg(0);
    inst.b = arg(1);
    emit(inst);
    return true;
  }
  case Intrinsic::trap:
  case Intrinsic::debugtrap: {
    Inst inst{Op::Trap};
    inst.imm = interp::NotAUbsanTrap;
    emit(inst);
    return true;
  }
  case Intrinsic::ubsantrap: { // a failed check of clang's -fsanitize-trap=...: its kind
    Inst inst{Op::Trap};
    inst.imm = uint32_t(cast<ConstantInt>(call.getArgOperand(0))->getZExtValue());
    emit(inst);
    return true;
  }
  case Intrinsic::ctlz:
    return intOp(Op::Ctlz, 1);
  case Intrinsic::cttz:
    return intOp(Op::Cttz, 1);
  case Intrinsic::ctpop:
    return intOp(Op::Ctpop, 1);
  case Intrinsic::bswap:
    return intOp(Op::Bswap, 1);
  case Intrinsic::bitreverse:
    return intOp(Op::Bitreverse, 1);
  case Intrinsic::fshl:
    return intOp(Op::Fshl, 3);
  case Intrinsic::fshr:
    return intOp(Op::Fshr, 3);
  case Intrinsic::smin:
    return intOp(Op::SMin, 2);
  case Intrinsic::smax:
    return intOp(Op::SMax, 2);
  case Intrinsic::umin:
    return intOp(Op::UMin, 2);
  case Intrinsic::umax:
    return intOp(Op::UMax, 2);
  case Intrinsic::abs:
    return intOp(Op::Abs, 1);
  case Intrinsic::sadd_sat:
    return intOp(Op::SAddSat, 2);
  case Intrinsic::uadd_sat:
    return intOp(Op::UAddSat, 2);
  case Intrinsic::ssub_sat:
    return intOp(Op::SSubSat, 2);
  case Intrinsic::usub_sat:
    return intOp(Op::USubSat, 2);
  case Intrinsic::sadd_with_overflow:
  case Intrinsic::uadd_with_overflow:
  case Intrinsic::ssub_with_overflow:
  case Intrinsic::usub_with_overflow:
  case Intrinsic::smul_with_overflow:
  case Intrinsic::umul_with_overflow: {
    Type *operandType = call.getArgOperand(0)->getType();
    if (operandType->isVectorTy() || intBits(operandType) > 64)
      return false;
    Op op = id == Intrinsic::sadd_with_overflow   ? Op::SAddO
            : id == Intrinsic::uadd_with_overflow ? Op::UAddO
            : id == Intrinsic::ssub_with_overflow ? Op::SSubO
            : id == Intrinsic::usub_with_overflow ? Op::USubO
            : id == Intrinsic::smul_with_overflow ? Op::SMulO
                                                  : Op::UMulO;
    Inst inst{op, uint8_t(intBits(operandType))};
    inst.dst = slot(&call);
    inst.a = arg(0);
    inst.b = arg(1);
    inst.imm = maskOf(intBits(operandType));
    emit(inst);
    return true;
  }
  case Intrinsic::fabs:
    return fpOp(Op::FAbs, 1);
  case Intrinsic::sqrt:
    return fpOp(Op::Sqrt, 1);
  case Intrinsic::floor:
    return fpOp(Op::Floor, 1);
  case Intrinsic::ceil:
    return fpOp(Op::Ceil, 1);
  case Intrinsic::trunc:
    return fpOp(Op::FTrunc, 1);
  case Intrinsic::round:
    return fpOp(Op::Round, 1);
  case Intrinsic::roundeven:
  case Intrinsic::rint:
  case Intrinsic::nearbyint:
    return fpOp(Op::RoundEven, 1);
  case Intrinsic::minnum:
    return fpOp(Op::FMin, 2);
  case Intrinsic::maxnum:
    return fpOp(Op::FMax, 2);
  case Intrinsic::copysign:
    return fpOp(Op::CopySign, 2);
  case Intrinsic::exp:
    return mathOp(interp::MathExp);
  case Intrinsic::exp2:
    return mathOp(interp::MathExp2);
  case Intrinsic::log:
    return mathOp(interp::MathLog);
  case Intrinsic::log2:
    return mathOp(interp::MathLog2);
  case Intrinsic::log10:
    return mathOp(interp::MathLog10);
  case Intrinsic::sin:
    return mathOp(interp::MathSin);
  case Intrinsic::cos:
    return mathOp(interp::MathCos);
  case Intrinsic::pow:
    return mathOp(interp::MathPow);
  case Intrinsic::lround:
  case Intrinsic::llround:
  case Intrinsic::lrint:
  case Intrinsic::llrint: {
    if (type->isVectorTy() || intBits(type) > 64)
      return false;
    bool rint = id == Intrinsic::lrint || id == Intrinsic::llrint;
    Inst inst{Op::FToIntRound, uint8_t(intBits(type)), uint8_t(rint)};
    inst.dst = slot(&call);
    inst.a = arg(0);
    inst.c = isDouble(call.getArgOperand(0)->getType());
    inst.imm = maskOf(intBits(type));
    emit(inst);
    return true;
  }
  case Intrinsic::fma:
  case Intrinsic::fmuladd: {
    uint32_t dst = slot(&call);
    for (unsigned lane = 0; lane < lanesOf(type); ++lane) {
      Inst inst{Op::Fma};
      inst.dst = dst + lane;
      inst.a = arg(0) + lane;
      inst.b = arg(1) + lane;
      inst.imm = arg(2) + lane;
      inst.c = isDouble(type);
      emit(inst);
    }
    return true;
  }
  case Intrinsic::vector_reduce_add:
    decodeReduction(call, Op::Add, false);
    return true;
  case Intrinsic::vector_reduce_mul:
    decodeReduction(call, Op::Mul, false);
    return true;
  case Intrinsic::vector_reduce_and:
    decodeReduction(call, Op::And, false);
    return true;
  case Intrinsic::vector_reduce_or:
    decodeReduction(call, Op::Or, false);
    return true;
  case Intrinsic::vector_reduce_xor:
    decodeReduction(call, Op::Xor, false);
    return true;
  case Intrinsic::vector_reduce_smin:
    decodeReduction(call, Op::SMin, false);
    return true;
  case Intrinsic::vector_reduce_smax:
    decodeReduction(call, Op::SMax, false);
    return true;
  case Intrinsic::vector_reduce_umin:
    decodeReduction(call, Op::UMin, false);
    return true;
  case Intrinsic::vector_reduce_umax:
    decodeReduction(call, Op::UMax, false);
    return true;
  case Intrinsic::vector_reduce_fadd:
    decodeReduction(call, Op::FAdd, true);
    return true;
  case Intrinsic::vector_reduce_fmul:
    decodeReduction(call, Op::FMul, true);
    return true;
  case Intrinsic::vector_reduce_fmin:
    decodeReduction(call, Op::FMin, true);
    return true;
  case Intrinsic::vector_reduce_fmax:
    decodeReduction(call, Op::FMax, true);
    return true;
  default:
    return false;
  }
}

void FunctionDecoder::decodeTerminator(const Instruction &instruction) {
  const BasicBlock *block = instruction.getParent();
  switch (instruction.getOpcode()) {
  case Instruction::Br: {
    auto &branch = cast<BranchInst>(instruction);
    if (branch.isUnconditional()) {
      uint32_t label = edgeLabel(block, branch.getSuccessor(0));
      fixup(emit(Inst{Op::Jump}), 'a', label);
      return;
    }
    Inst inst{Op::BrCond};
    inst.a = slot(branch.getCondition());
    uint32_t trueLabel = edgeLabel(block, branch.getSuccessor(0));
    uint32_t falseLabel = edgeLabel(block, branch.getSuccessor(1));
    uint32_t index = emit(inst);
    fixup(index, 'b', trueLabel);
    fixup(index, 'c', falseLabel);
    return;
  }
  case Instruction::Switch: {
    auto &switchInst = cast<SwitchInst>(instruction);
    if (switchInst.getCondition()->getType()->getIntegerBitWidth() > 64)
      return unsupported(instruction,
                         "switch on an integer wider than 64 bits");
    Inst inst{Op::Switch};
    inst.a = slot(switchInst.getCondition());
    inst.imm = out_.extra.size();
    out_.extra.push_back(switchInst.getNumCases());
    fixups_.push_back({uint32_t(out_.extra.size()), 'x',
                       edgeLabel(block, switchInst.getDefaultDest())});
    out_.extra.push_back(0);
    for (auto &caseHandle : switchInst.cases()) {
      out_.extra.push_back(caseHandle.getCaseValue()->getZExtValue());
      fixups_.push_back({uint32_t(out_.extra.size()), 'x',
                         edgeLabel(block, caseHandle.getCaseSuccessor())});
      out_.extra.push_back(0);
    }
    emit(inst);
    return;
  }
  case Instruction::Ret: {
    auto &ret = cast<ReturnInst>(instruction);
    if (!ret.getReturnValue()) {
      emit(Inst{Op::RetVoid});
      return;
    }
    Inst inst{Op::Ret};
    inst.a = slot(ret.getReturnValue());
    inst.b = slotCount(ret.getReturnValue()->getType());
    emit(inst);
    return;
  }
  case Instruction::Unreachable:
    emit(Inst{Op::Unreachable});
    return;
  case Instruction::Invoke: {
    auto &invoke = cast<InvokeInst>(instruction);
    decodeCall(invoke);
    fixup(emit(Inst{Op::Jump}), 'a', edgeLabel(block, invoke.getNormalDest()));
    return;
  }
  case Instruction::Resume: {
    Inst inst{Op::Resume};
    inst.a = slot(instruction.getOperand(0));
    emit(inst);
    return;
  }
  default:
    return unsupported(instruction, fmt::format("unsupported instruction '{}'",
                                                instruction.getOpcodeName()));
  }
}

} // namespace bpor
