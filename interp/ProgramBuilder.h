// Builds a Program from a Module (internal to interp/): lays out globals and
// functions in the initial Memory, evaluates constants, reads the
// source-location table, and drives the FunctionDecoder over every defined
// function.
#pragma once

#include "interp/Program.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/DebugLoc.h>
#include <llvm/IR/Module.h>

#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace bpor {

using interp::maskOf;

/// One scalar piece of a flattened value: its slot (relative to the value's
/// first slot), its byte offset in the value's memory representation, and its
/// size in bytes.
struct Leaf {
  uint32_t slot = 0;
  uint64_t offset = 0;
  uint32_t size = 0;
};

/// The function attribute that marks the support libraries' functions in a linked program
/// (tools/bporcheck/SupportLibraries.h).
inline constexpr const char *SupportLibraryAttribute = "bpor-support-library";

/// Whether `function` is library code rather than the program's own: one of the support
/// libraries' (SupportLibraryAttribute), or one a system header defines (its debug
/// information's file is under /usr/include or /usr/lib).
bool isLibraryFunction(const llvm::Function &function);

/// Why a type cannot be interpreted ("" if it can).
std::string unsupportedTypeReason(llvm::Type *type);
/// Slots a value of `type` occupies (0 for void). The type must be supported.
uint32_t slotCount(llvm::Type *type);
/// The leaves of `type` in slot order.
void leavesOf(const llvm::DataLayout &layout, llvm::Type *type, uint64_t offset,
              std::vector<Leaf> &out);
/// How a value of `type` is passed to an external handler.
ValueType valueTypeOf(llvm::Type *type);
/// A short printed form of an IR value or type, for error messages.
std::string printed(const llvm::Value &value);
std::string printed(const llvm::Type &type);

class ProgramBuilder {
public:
  ProgramBuilder(const llvm::Module &module, const ExternalRegistry &registry,
                 Program &program);

  bool build(std::string &error);

  // ---- Used by FunctionDecoder. ----
  const llvm::DataLayout &layout() const { return module_.getDataLayout(); }
  /// The bits of a pointer value (a 32-bit program's addresses wrap at 2^32).
  unsigned pointerBits() const { return layout().getPointerSizeInBits(0); }
  uint64_t pointerMask() const { return maskOf(pointerBits()); }
  Program &program() { return program_; }
  /// Flattens a constant into slots (appended to `out`). False and `error` set
  /// if it cannot.
  bool constantSlots(const llvm::Constant *constant, std::vector<Slot> &out,
                     std::string &error);
  /// The Program index of a function (NoFunction for intrinsics).
  uint32_t functionIndex(const llvm::Function *function) const;
  /// Interned index of an instruction's debug location (0 if none).
  uint32_t debugLocation(const llvm::DebugLoc &loc);
  uint64_t addMessage(std::string message);
  /// The type id of a C++ type info (a global, or null for catch-all: 0), as
  /// llvm.eh.typeid.for returns it; interned program-wide.
  uint32_t typeId(const llvm::Value *typeInfo);
  /// The address of a global value (0 if it has none).
  Address addressOf(const llvm::GlobalValue *global) const {
    auto it = addresses_.find(global);
    return it == addresses_.end() ? 0 : it->second;
  }

private:
  bool scalarValue(const llvm::Constant *constant, uint64_t &value,
                   std::string &error);
  bool writeConstant(const llvm::Constant *constant, uint8_t *dst,
                     std::string &error);
  bool readSourceLocations(std::string &error);
  void readConstructors();
  void readTypeInfoKinds();
  void readStructors(llvm::StringRef tableName, std::vector<Address> &out);
  uint32_t internFile(llvm::StringRef file);

  const llvm::Module &module_;
  const ExternalRegistry &registry_;
  Program &program_;
  llvm::DenseMap<const llvm::GlobalValue *, Address> addresses_;
  llvm::DenseMap<const llvm::Function *, uint32_t> functionIndices_;
  std::map<std::string, uint32_t, std::less<>> files_;
  std::map<std::tuple<uint32_t, uint32_t, uint32_t>, uint32_t> debugLocations_;
};

} // namespace bpor
