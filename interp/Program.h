// A Program is an instrumented llvm::Module decoded once into executable form
// (docs/design.md, "interp/"): every function decoded to bytecode
// (interp/Bytecode.h), every global laid out in an initial Memory with its
// initial image (pointer relocations included), every function given an
// Address, every declared function resolved through an ExternalRegistry. After
// build() the Program does not refer to the Module any more.
#pragma once

#include "core/SourceLocation.h"
#include "interp/Bytecode.h"
#include "interp/ExternalCall.h"
#include "memory/Memory.h"

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace llvm {
class Module;
}

namespace bpor {

class Program {
public:
  /// Decodes `module`. Returns nullptr and sets `error` only for what is
  /// certain to be fatal (e.g. a global initializer it cannot lay out); an
  /// unsupported instruction or an unknown external is reported when it is
  /// reached.
  static std::unique_ptr<Program> build(const llvm::Module &module,
                                        const ExternalRegistry &registry,
                                        std::string &error);

  /// The memory with every global and function object, sealed: copy it for an
  /// execution.
  const Memory &initialMemory() const { return memory_; }

  /// Address of a function (defined or declared) by name; 0 if there is none.
  Address findFunction(std::string_view name) const;
  /// Address of a global variable by name; 0 if there is none.
  Address findGlobal(std::string_view name) const;
  /// Whether `address` is the address of a function (offset 0 of a Function
  /// object).
  bool isFunction(Address address) const {
    return functionIndex(address) != NoFunction;
  }
  /// Name of the function at `address`, "" if none.
  std::string_view functionName(Address address) const;
  /// Whether the function at `address` has a body in the module.
  bool isDefined(Address address) const;

  /// Functions of @llvm.global_ctors in the order they must run (by priority,
  /// then position): the runtime runs them before main. Empty for almost every
  /// C program.
  const std::vector<Address> &constructors() const { return constructors_; }
  /// Functions of @llvm.global_dtors in the order they run at exit, after the atexit
  /// handlers: a larger priority first (the reverse of constructors), then the later entry.
  const std::vector<Address> &destructors() const { return destructors_; }

  /// Entry `id` of @__bpor_source_locations; unknown (empty) for 0 or an id out
  /// of range.
  SourceLocation location(uint32_t id) const;
  uint32_t numLocations() const { return uint32_t(sourceLocations_.size()); }

  // ---- For the interpreter. ----
  static constexpr uint32_t NoFunction = ~uint32_t(0);
  uint32_t functionIndex(Address address) const {
    uint32_t id = 0;
    uint64_t offset = 0;
    if (!memory_.locate(address, id, offset) || offset != 0 ||
        id < firstFunctionObject_ ||
        id - firstFunctionObject_ >= functions_.size())
      return NoFunction;
    return id - firstFunctionObject_;
  }
  /// Bytes of a pointer (8, or 4 for a 32-bit program): also the size of
  /// pthread_t, long and size_t on the targets bporcheck supports.
  uint32_t pointerBytes() const { return memory_.narrow() ? 4 : 8; }
  const interp::Function &function(uint32_t index) const {
    return functions_[index];
  }
  uint32_t numFunctions() const { return uint32_t(functions_.size()); }
  /// Debug location (from the instruction's DILocation) table used by
  /// Function::debugLocs.
  SourceLocation debugLocation(uint32_t index) const;
  /// Entries of that table, index 0 (unknown) included.
  uint32_t numDebugLocations() const { return uint32_t(debugLocations_.size()); }
  /// Messages for Op::Unsupported.
  const std::string &message(uint64_t index) const { return messages_[index]; }
  /// C++ exceptions: the type info of each type id (llvm.eh.typeid.for; ids start at 1), and
  /// the vtable addresses that tell a class type info's kind (0 if the program has none).
  Address typeInfo(uint32_t id) const { return id && id <= typeInfos_.size() ? typeInfos_[id - 1] : 0; }
  struct TypeInfoKinds {
    Address classType = 0, singleBase = 0, multipleBases = 0; // vtables' address points
  };
  const TypeInfoKinds &typeInfoKinds() const { return typeInfoKinds_; }

private:
  friend class ProgramBuilder;
  struct Loc {
    uint32_t file = 0; // index into files_
    uint32_t line = 0;
    uint32_t column = 0;
  };
  std::vector<std::string> files_; // files_[0] is ""
  std::vector<Loc> sourceLocations_;
  std::vector<Loc> debugLocations_; // [0] unknown
  std::vector<std::string> messages_;
  std::vector<Address> typeInfos_;
  TypeInfoKinds typeInfoKinds_;
  std::vector<interp::Function> functions_;
  std::unordered_map<std::string, uint32_t> functionsByName_;
  std::unordered_map<std::string, Address> globalsByName_;
  uint32_t firstFunctionObject_ = 0;
  std::vector<Address> constructors_;
  std::vector<Address> destructors_;
  Memory memory_;
};

} // namespace bpor
