// Decodes one function: its slots (parameters, constants, values), its blocks in order, the
// phi moves on edge stubs and the branch targets fixed up once every label has a position.
// Each kind of instruction is decoded in the file of its concern (FunctionDecoder.h).
#include "interp/DecodeTypes.h"
#include "interp/FunctionDecoder.h"

#include <fmt/format.h>

using namespace llvm;

namespace bpor {

using namespace decode;
using interp::NoSlot;

FunctionDecoder::FunctionDecoder(ProgramBuilder &builder,
                                 const Function &function,
                                 interp::Function &out)
    : builder_(builder), function_(function), out_(out),
      layout_(builder.layout()) {}

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

  switch (instruction.getOpcode()) {
  case Instruction::ICmp:
    return decodeIntCompare(cast<ICmpInst>(instruction));
  case Instruction::FCmp:
    return decodeFloatCompare(cast<FCmpInst>(instruction));
  case Instruction::FNeg:
    return decodeFNeg(instruction);
  case Instruction::Select:
    return decodeSelect(cast<SelectInst>(instruction));
  case Instruction::Alloca:
    return decodeAlloca(cast<AllocaInst>(instruction));
  case Instruction::ExtractValue:
    return decodeExtractValue(cast<ExtractValueInst>(instruction));
  case Instruction::InsertValue:
    return decodeInsertValue(cast<InsertValueInst>(instruction));
  case Instruction::ExtractElement:
    return decodeExtractElement(cast<ExtractElementInst>(instruction));
  case Instruction::InsertElement:
    return decodeInsertElement(cast<InsertElementInst>(instruction));
  case Instruction::ShuffleVector:
    return decodeShuffle(cast<ShuffleVectorInst>(instruction));
  case Instruction::LandingPad: {
    Inst inst{Op::LandingPad};
    inst.dst = slot(&instruction);
    emit(inst);
    return;
  }
  case Instruction::Freeze:
    return emitMove(slot(&instruction), slot(instruction.getOperand(0)),
                    slotCount(instruction.getType()));
  case Instruction::Fence:
    return; // sequential consistency: nothing to do
  default:
    return unsupported(instruction, fmt::format("unsupported instruction '{}'",
                                                instruction.getOpcodeName()));
  }
}

} // namespace bpor
