#include "interp/ProgramBuilder.h"

#include "interp/FunctionDecoder.h"

#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/GlobalAlias.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Operator.h>
#include <llvm/Support/raw_ostream.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

using namespace llvm;

namespace bpor {

bool isLibraryFunction(const llvm::Function &function) {
  if (function.hasFnAttribute(SupportLibraryAttribute))
    return true;
  const llvm::DISubprogram *subprogram = function.getSubprogram();
  if (!subprogram)
    return false;
  llvm::StringRef directory = subprogram->getDirectory(), file = subprogram->getFilename();
  auto system = [](llvm::StringRef path) {
    return path.starts_with("/usr/include") || path.starts_with("/usr/lib");
  };
  return file.starts_with("/") ? system(file) : system(directory);
}

std::string printed(const Value &value) {
  std::string text;
  raw_string_ostream os(text);
  value.print(os);
  os.flush();
  size_t start = text.find_first_not_of(' ');
  return start == std::string::npos ? text : text.substr(start);
}

std::string printed(const Type &type) {
  std::string text;
  raw_string_ostream os(text);
  type.print(os);
  return os.str();
}

std::string unsupportedTypeReason(Type *type) {
  if (type->isVoidTy() || type->isFloatTy() || type->isDoubleTy() ||
      type->isPointerTy() || type->isIntegerTy() || type->isLabelTy() ||
      type->isMetadataTy())
    return {};
  if (auto *vector = dyn_cast<FixedVectorType>(type)) {
    Type *element = vector->getElementType();
    if (element->isIntegerTy(1))
      return {}; // lanes in slots; vectors of i1 only live in registers
                 // (compare results)
    if (element->isIntegerTy() && element->getIntegerBitWidth() % 8 != 0)
      return "vector of " + printed(*element);
    return unsupportedTypeReason(element);
  }
  if (auto *array = dyn_cast<ArrayType>(type))
    return unsupportedTypeReason(array->getElementType());
  if (auto *structType = dyn_cast<StructType>(type)) {
    if (structType->isOpaque())
      return "opaque struct " + printed(*type);
    for (Type *element : structType->elements())
      if (std::string why = unsupportedTypeReason(element); !why.empty())
        return why;
    return {};
  }
  return "type " + printed(*type);
}

uint32_t slotCount(Type *type) {
  if (type->isVoidTy())
    return 0;
  if (type->isIntegerTy())
    return (type->getIntegerBitWidth() + 63) / 64;
  if (auto *vector = dyn_cast<FixedVectorType>(type))
    return vector->getNumElements() * slotCount(vector->getElementType());
  if (auto *array = dyn_cast<ArrayType>(type))
    return uint32_t(array->getNumElements()) *
           slotCount(array->getElementType());
  if (auto *structType = dyn_cast<StructType>(type)) {
    uint32_t count = 0;
    for (Type *element : structType->elements())
      count += slotCount(element);
    return count;
  }
  return 1;
}

void leavesOf(const DataLayout &layout, Type *type, uint64_t offset,
              std::vector<Leaf> &out) {
  uint32_t slot = out.empty() ? 0 : out.back().slot + 1;
  if (auto *integer = dyn_cast<IntegerType>(type)) {
    uint64_t bytes = layout.getTypeStoreSize(type);
    for (uint64_t word = 0; word * 8 < bytes; ++word)
      out.push_back({slot++, offset + word * 8,
                     uint32_t(std::min<uint64_t>(8, bytes - word * 8))});
    (void)integer;
    return;
  }
  if (auto *vector = dyn_cast<FixedVectorType>(type)) {
    uint64_t stride = layout.getTypeStoreSize(vector->getElementType());
    for (unsigned i = 0; i < vector->getNumElements(); ++i)
      leavesOf(layout, vector->getElementType(), offset + i * stride, out);
    return;
  }
  if (auto *array = dyn_cast<ArrayType>(type)) {
    uint64_t stride = layout.getTypeAllocSize(array->getElementType());
    for (uint64_t i = 0; i < array->getNumElements(); ++i)
      leavesOf(layout, array->getElementType(), offset + i * stride, out);
    return;
  }
  if (auto *structType = dyn_cast<StructType>(type)) {
    const StructLayout *structLayout = layout.getStructLayout(structType);
    for (unsigned i = 0; i < structType->getNumElements(); ++i)
      leavesOf(layout, structType->getElementType(i),
               offset + structLayout->getElementOffset(i), out);
    return;
  }
  out.push_back({slot, offset, uint32_t(layout.getTypeStoreSize(type))});
}

ValueType valueTypeOf(Type *type) {
  if (type->isVoidTy())
    return {ValueKind::Void, 0, 0};
  if (type->isIntegerTy() && type->getIntegerBitWidth() <= 64)
    return {ValueKind::Int, uint16_t(type->getIntegerBitWidth()), 1};
  if (type->isFloatTy())
    return {ValueKind::Float, 32, 1};
  if (type->isDoubleTy())
    return {ValueKind::Double, 64, 1};
  if (type->isPointerTy())
    return {ValueKind::Pointer, 64, 1};
  return {ValueKind::Other, 0, uint16_t(slotCount(type))};
}

ProgramBuilder::ProgramBuilder(const Module &module,
                               const ExternalRegistry &registry,
                               Program &program)
    : module_(module), registry_(registry), program_(program) {
  program_.files_.emplace_back();
  files_.emplace("", 0);
  program_.sourceLocations_.emplace_back();
  program_.debugLocations_.emplace_back();
}

uint32_t ProgramBuilder::internFile(StringRef file) {
  auto it = files_.find(file);
  if (it != files_.end())
    return it->second;
  uint32_t index = uint32_t(program_.files_.size());
  program_.files_.emplace_back(file.str());
  files_.emplace(file.str(), index);
  return index;
}

uint32_t ProgramBuilder::debugLocation(const DebugLoc &loc) {
  if (!loc)
    return 0;
  const DILocation *location = loc.get();
  uint32_t file = internFile(location->getFilename());
  auto key = std::make_tuple(file, location->getLine(), location->getColumn());
  auto it = debugLocations_.find(key);
  if (it != debugLocations_.end())
    return it->second;
  uint32_t index = uint32_t(program_.debugLocations_.size());
  program_.debugLocations_.push_back(
      {file, location->getLine(), location->getColumn()});
  debugLocations_.emplace(key, index);
  return index;
}

uint64_t ProgramBuilder::addMessage(std::string message) {
  program_.messages_.push_back(std::move(message));
  return program_.messages_.size() - 1;
}

uint32_t ProgramBuilder::functionIndex(const Function *function) const {
  auto it = functionIndices_.find(function);
  return it == functionIndices_.end() ? Program::NoFunction : it->second;
}

/// Display name of a global: its source name from debug info when it has one (a
/// static local "x" is "main.x" in IR), else its IR name.
static std::string displayName(const GlobalVariable &global) {
  SmallVector<DIGlobalVariableExpression *, 1> expressions;
  global.getDebugInfo(expressions);
  for (DIGlobalVariableExpression *expression : expressions)
    if (DIGlobalVariable *variable = expression->getVariable())
      if (!variable->getName().empty())
        return variable->getName().str();
  return global.getName().str();
}

bool ProgramBuilder::build(std::string &error) {
  const DataLayout &layout = module_.getDataLayout();
  unsigned pointerBits = layout.getPointerSizeInBits(0);
  if ((pointerBits != 64 && pointerBits != 32) || !layout.isLittleEndian()) {
    error = "only little-endian targets with 32- or 64-bit pointers are "
            "supported";
    return false;
  }
  Memory &memory = program_.memory_;
  memory = Memory(pointerBits == 32);

  // Globals first, then functions: function objects are then contiguous, which
  // makes "the function at an address" an index computation.
  for (const GlobalVariable &global : module_.globals()) {
    if (global.getName().starts_with("llvm."))
      continue;
    Type *type = global.getValueType();
    // An extern global of incomplete type can still have its address taken:
    // size 0.
    uint64_t size = type->isSized() ? layout.getTypeAllocSize(type) : 0;
    if (size >= (uint64_t(1) << 32)) {
      error = fmt::format(
          "global {} is too large ({} bytes; objects are limited to 4 GiB)",
          global.getName().str(), size);
      return false;
    }
    bool readOnly = global.isConstant();
    Address address = memory.addGlobal(displayName(global), size, readOnly);
    if (address == 0) {
      error = fmt::format("global {} does not fit in the address space for "
                          "static objects",
                          global.getName().str());
      return false;
    }
    addresses_[&global] = address;
    program_.globalsByName_.emplace(global.getName().str(), address);
  }
  program_.firstFunctionObject_ = memory.numObjects();
  for (const Function &function : module_.functions()) {
    if (function.isIntrinsic())
      continue;
    Address address = memory.addFunction(function.getName().str());
    if (address == 0) {
      error = "too many functions for the address space of static objects";
      return false;
    }
    addresses_[&function] = address;
    uint32_t index = uint32_t(program_.functions_.size());
    functionIndices_[&function] = index;
    interp::Function &decoded = program_.functions_.emplace_back();
    decoded.name = function.getName().str();
    decoded.address = address;
    decoded.defined = !function.isDeclaration();
    decoded.varargs = function.isVarArg();
    decoded.library = isLibraryFunction(function);
    if (!decoded.defined)
      decoded.externalId = registry_.find(decoded.name);
    program_.functionsByName_.emplace(decoded.name, index);
  }

  // Initial images: every address is known now, so relocations are plain
  // values.
  for (const GlobalVariable &global : module_.globals()) {
    if (global.getName().starts_with("llvm.") || !global.hasInitializer())
      continue;
    Address address = addresses_[&global];
    if (memory.object(address)->size == 0)
      continue;
    if (!writeConstant(global.getInitializer(), memory.host(address), error)) {
      error = fmt::format("initializer of global {}: {}",
                          global.getName().str(), error);
      return false;
    }
  }
  memory.sealStatic();

  if (!readSourceLocations(error))
    return false;
  readConstructors();
  readTypeInfoKinds();

  for (const Function &function : module_.functions()) {
    if (function.isIntrinsic())
      continue;
    interp::Function &decoded =
        program_.functions_[functionIndices_[&function]];
    FunctionDecoder decoder(*this, function, decoded);
    decoder.decode();
  }
  return true;
}

// The vtables of the Itanium C++ ABI's class type-info kinds: a type info's first word points
// two words into one of them (the vtable's address point), which says how its bases are listed.
void ProgramBuilder::readTypeInfoKinds() {
  uint64_t pointerSize = layout().getPointerSize(0);
  auto addressPoint = [&](const char *name) -> Address {
    const GlobalVariable *vtable = module_.getGlobalVariable(name, true);
    Address address = vtable ? addressOf(vtable) : 0;
    return address ? address + 2 * pointerSize : 0;
  };
  Program::TypeInfoKinds &kinds = program_.typeInfoKinds_;
  kinds.classType = addressPoint("_ZTVN10__cxxabiv117__class_type_infoE");
  kinds.singleBase = addressPoint("_ZTVN10__cxxabiv120__si_class_type_infoE");
  kinds.multipleBases = addressPoint("_ZTVN10__cxxabiv121__vmi_class_type_infoE");
}

uint32_t ProgramBuilder::typeId(const Value *typeInfo) {
  auto *global = dyn_cast<GlobalValue>(typeInfo->stripPointerCasts());
  Address address = global ? addressOf(global) : 0;
  if (address == 0)
    return 0;
  auto &table = program_.typeInfos_;
  for (size_t i = 0; i < table.size(); ++i)
    if (table[i] == address)
      return uint32_t(i + 1);
  table.push_back(address);
  return uint32_t(table.size());
}

void ProgramBuilder::readConstructors() {
  readStructors("llvm.global_ctors", program_.constructors_);
  readStructors("llvm.global_dtors", program_.destructors_);
  // Destructors run in the reverse order: larger priority first, then the later entry.
  std::reverse(program_.destructors_.begin(), program_.destructors_.end());
}

void ProgramBuilder::readStructors(StringRef tableName, std::vector<Address> &out) {
  const GlobalVariable *table = module_.getGlobalVariable(tableName, true);
  if (!table || !table->hasInitializer())
    return;
  auto *array = dyn_cast<ConstantArray>(table->getInitializer());
  if (!array)
    return;
  std::vector<std::pair<uint64_t, Address>>
      entries; // (priority, function), stable order
  for (const Use &use : array->operands()) {
    auto *entry = dyn_cast<ConstantStruct>(use.get());
    if (!entry || entry->getNumOperands() < 2)
      continue;
    auto *priority = dyn_cast<ConstantInt>(entry->getOperand(0));
    auto it = addresses_.find(
        dyn_cast<GlobalValue>(entry->getOperand(1)->stripPointerCasts()));
    if (priority && it != addresses_.end())
      entries.emplace_back(priority->getZExtValue(), it->second);
  }
  std::stable_sort(
      entries.begin(), entries.end(),
      [](const auto &a, const auto &b) { return a.first < b.first; });
  for (const auto &entry : entries)
    out.push_back(entry.second);
}

bool ProgramBuilder::readSourceLocations(std::string &error) {
  const GlobalVariable *table =
      module_.getGlobalVariable("__bpor_source_locations", true);
  if (!table || !table->hasInitializer())
    return true;
  const Constant *init = table->getInitializer();
  auto *arrayType = dyn_cast<ArrayType>(init->getType());
  if (!arrayType) {
    error = "@__bpor_source_locations is not an array";
    return false;
  }
  for (uint64_t i = 0; i < arrayType->getNumElements(); ++i) {
    const Constant *entry = init->getAggregateElement(unsigned(i));
    Program::Loc loc;
    if (entry && i != 0) {
      const Constant *file = entry->getAggregateElement(0u);
      const Constant *line = entry->getAggregateElement(1u);
      const Constant *column = entry->getAggregateElement(2u);
      if (file)
        file = file->stripPointerCasts();
      if (auto *fileGlobal = dyn_cast_or_null<GlobalVariable>(file)) {
        if (fileGlobal->hasInitializer())
          if (auto *data = dyn_cast<ConstantDataSequential>(
                  fileGlobal->getInitializer()))
            if (data->isString())
              loc.file = internFile(data->isCString() ? data->getAsCString()
                                                      : data->getAsString());
      }
      if (auto *value = dyn_cast_or_null<ConstantInt>(line))
        loc.line = uint32_t(value->getZExtValue());
      if (auto *value = dyn_cast_or_null<ConstantInt>(column))
        loc.column = uint32_t(value->getZExtValue());
    }
    if (i == 0)
      continue; // entry 0 is the placeholder, already present
    program_.sourceLocations_.push_back(loc);
  }
  return true;
}

bool ProgramBuilder::scalarValue(const Constant *constant, uint64_t &value,
                                 std::string &error) {
  value = 0;
  if (isa<UndefValue>(constant) || isa<ConstantPointerNull>(constant) ||
      isa<ConstantAggregateZero>(constant))
    return true;
  if (auto *integer = dyn_cast<ConstantInt>(constant)) {
    value = integer->getValue().getZExtValue();
    return true;
  }
  if (auto *fp = dyn_cast<ConstantFP>(constant)) {
    if (!fp->getType()->isFloatTy() && !fp->getType()->isDoubleTy()) {
      error = "unsupported floating-point type " + printed(*fp->getType());
      return false;
    }
    value = fp->getValueAPF().bitcastToAPInt().getZExtValue();
    return true;
  }
  if (auto *alias = dyn_cast<GlobalAlias>(constant))
    return scalarValue(alias->getAliasee(), value, error);
  if (auto *global = dyn_cast<GlobalValue>(constant)) {
    auto it = addresses_.find(global);
    if (it == addresses_.end()) {
      if (auto *function = dyn_cast<Function>(global);
          function && function->isIntrinsic()) {
        value = 0; // an intrinsic's "address" only ever appears as a callee
        return true;
      }
      error = "address of unsupported global " + global->getName().str();
      return false;
    }
    value = it->second;
    return true;
  }
  if (auto *expression = dyn_cast<ConstantExpr>(constant)) {
    unsigned opcode = expression->getOpcode();
    if (opcode == Instruction::GetElementPtr) {
      auto *gep = cast<GEPOperator>(expression);
      uint64_t base;
      if (!scalarValue(cast<Constant>(gep->getPointerOperand()), base, error))
        return false;
      APInt offset(64, 0);
      if (!gep->accumulateConstantOffset(layout(), offset)) {
        error = "non-constant offset in " + printed(*constant);
        return false;
      }
      value = (base + offset.getZExtValue()) & pointerMask();
      return true;
    }
    uint64_t left;
    if (!scalarValue(expression->getOperand(0), left, error))
      return false;
    Type *type = expression->getType();
    uint64_t mask =
        type->isIntegerTy() ? maskOf(type->getIntegerBitWidth()) : pointerMask();
    switch (opcode) {
    case Instruction::BitCast:
    case Instruction::AddrSpaceCast:
    case Instruction::IntToPtr:
    case Instruction::PtrToInt:
    case Instruction::Trunc:
    case Instruction::ZExt:
      value = left & mask;
      return true;
    default:
      break;
    }
    if (expression->getNumOperands() == 2) {
      uint64_t right;
      if (!scalarValue(expression->getOperand(1), right, error))
        return false;
      switch (opcode) {
      case Instruction::Add:
        value = (left + right) & mask;
        return true;
      case Instruction::Sub:
        value = (left - right) & mask;
        return true;
      case Instruction::Mul:
        value = (left * right) & mask;
        return true;
      case Instruction::Xor:
        value = (left ^ right) & mask;
        return true;
      case Instruction::Shl:
        value = right >= 64 ? 0 : (left << right) & mask;
        return true;
      default:
        break;
      }
    }
  }
  error = "unsupported constant " + printed(*constant);
  return false;
}

bool ProgramBuilder::constantSlots(const Constant *constant,
                                   std::vector<Slot> &out, std::string &error) {
  Type *type = constant->getType();
  if (type->isIntegerTy() && type->getIntegerBitWidth() > 64) {
    APInt value = isa<ConstantInt>(constant)
                      ? cast<ConstantInt>(constant)->getValue()
                      : APInt(type->getIntegerBitWidth(), 0);
    for (unsigned word = 0; word < value.getNumWords(); ++word)
      out.push_back(value.getRawData()[word]);
    return true;
  }
  if (type->isVectorTy() || type->isArrayTy() || type->isStructTy()) {
    unsigned n = type->isStructTy() ? type->getStructNumElements()
                 : type->isArrayTy()
                     ? unsigned(type->getArrayNumElements())
                     : cast<FixedVectorType>(type)->getNumElements();
    for (unsigned i = 0; i < n; ++i) {
      const Constant *element = constant->getAggregateElement(i);
      if (!element) {
        error = "unsupported constant " + printed(*constant);
        return false;
      }
      if (!constantSlots(element, out, error))
        return false;
    }
    return true;
  }
  uint64_t value;
  if (!scalarValue(constant, value, error))
    return false;
  out.push_back(value);
  return true;
}

bool ProgramBuilder::writeConstant(const Constant *constant, uint8_t *dst,
                                   std::string &error) {
  if (isa<ConstantAggregateZero>(constant) || isa<UndefValue>(constant) ||
      isa<ConstantPointerNull>(constant))
    return true; // objects start zero-filled
  Type *type = constant->getType();
  if (auto *data = dyn_cast<ConstantDataSequential>(constant)) {
    // Packed little-endian elements, as the host (x86-64) lays them out too.
    StringRef raw = data->getRawDataValues();
    uint64_t stride = layout().getTypeAllocSize(data->getElementType());
    uint64_t elementSize = data->getElementByteSize();
    for (uint64_t i = 0; i < data->getNumElements(); ++i)
      std::memcpy(dst + i * stride, raw.data() + i * elementSize, elementSize);
    return true;
  }
  if (auto *structType = dyn_cast<StructType>(type)) {
    const StructLayout *structLayout = layout().getStructLayout(structType);
    for (unsigned i = 0; i < structType->getNumElements(); ++i)
      if (!writeConstant(constant->getAggregateElement(i),
                         dst + structLayout->getElementOffset(i), error))
        return false;
    return true;
  }
  if (auto *arrayType = dyn_cast<ArrayType>(type)) {
    uint64_t stride = layout().getTypeAllocSize(arrayType->getElementType());
    for (uint64_t i = 0; i < arrayType->getNumElements(); ++i)
      if (!writeConstant(constant->getAggregateElement(unsigned(i)),
                         dst + i * stride, error))
        return false;
    return true;
  }
  if (auto *vectorType = dyn_cast<FixedVectorType>(type)) {
    uint64_t stride = layout().getTypeStoreSize(vectorType->getElementType());
    for (unsigned i = 0; i < vectorType->getNumElements(); ++i)
      if (!writeConstant(constant->getAggregateElement(i), dst + i * stride,
                         error))
        return false;
    return true;
  }
  uint64_t size = layout().getTypeStoreSize(type);
  if (type->isIntegerTy() && type->getIntegerBitWidth() > 64) {
    std::vector<Slot> words;
    if (!constantSlots(constant, words, error))
      return false;
    std::memcpy(dst, words.data(), std::min<uint64_t>(size, words.size() * 8));
    return true;
  }
  uint64_t value;
  if (!scalarValue(constant, value, error))
    return false;
  std::memcpy(dst, &value, std::min<uint64_t>(size, 8));
  return true;
}

} // namespace bpor
