// The compact executable form of a function (internal to interp/).
//
// Each LLVM function is decoded once into a flat array of fixed-size
// instructions over frame slots. A frame's slots are laid out
// [parameters][constants][values]: constants are materialised into the frame at
// entry from a per-function template, so every operand is a plain slot index
// and the hot loop never asks whether an operand is a constant. Phis become
// moves on edge stubs, GEPs become a base plus constant offset plus scaled
// indices, vector operations are expanded into one scalar operation per lane,
// and aggregates are flattened. The operations are the rows of interp/Opcodes.def.
#pragma once

#include "interp/ExternalCall.h"
#include "interp/Opcodes.h"

#include <cstdint>
#include <string>
#include <vector>

namespace bpor::interp {

inline constexpr uint32_t NoSlot = ~uint32_t(0);
/// The mask of an integer width (all ones for 64).
inline constexpr uint64_t maskOf(unsigned bits) {
  return bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
}

enum MathFunction : uint8_t {
  MathExp,
  MathExp2,
  MathLog,
  MathLog2,
  MathLog10,
  MathSin,
  MathCos,
  MathPow
};

/// Op::Trap's imm for llvm.trap and llvm.debugtrap (llvm.ubsantrap's is its check kind).
constexpr uint64_t NotAUbsanTrap = ~uint64_t(0);

/// The checks of clang's -fsanitize-trap= that llvm.ubsantrap names (clang's SanitizerHandler
/// numbering, as clang 19 emits it): the ones SV-COMP's no-overflow mode compiles in.
enum class UbsanCheck : uint64_t {
  AddOverflow = 0,
  DivremOverflow = 3,
  MulOverflow = 12,
  NegateOverflow = 13,
  ShiftOutOfBounds = 20,
  SubOverflow = 21,
};

struct Inst {
  Op op = Op::Nop;
  uint8_t bits = 0;
  uint8_t flag = 0;
  uint32_t dst = 0;
  uint32_t a = 0, b = 0, c = 0;
  uint64_t imm = 0;
};

/// A call instruction's static description.
struct CallSite {
  /// Direct callee: a function index (defined or declared); NoSlot for an
  /// indirect call.
  uint32_t callee = NoSlot;
  uint32_t calleeSlot =
      NoSlot;            // indirect: the slot holding the function pointer
  uint32_t dst = NoSlot; // first result slot, NoSlot if none
  std::vector<uint32_t> argSlots; // first slot of each argument
  std::vector<ValueType> argTypes;
  std::vector<uint32_t>
      argOffsets; // offsets of each argument in the flattened argument list
  std::vector<uint64_t>
      byvalSizes; // per argument: bytes copied for a byval pointer (0: none);
                  // empty if no argument is byval
  uint32_t numArgSlots = 0;
  ValueType resultType;
  /// The program never uses the result (the pass's metadata bpor.ignored, on calls of the
  /// runtime: passes/IgnoredResults.h).
  bool resultIgnored = false;
  /// The frame slots that may be read after the call returns (SSA liveness over the IR, plus
  /// the call's own argument slots), sorted: the others hold nothing the function can still
  /// use, so a description of the state (Model::stateKey) leaves them out. Constant slots are
  /// not listed (they never change).
  std::vector<uint32_t> liveSlots;
  /// An invoke: where an exception lands (the unwind edge's code position) and the landing
  /// pad's clauses (an index into Function::extra: cleanup flag, number of clauses, then per
  /// clause: kind (LandingClause), type id, type-info address). NoSlot for a plain call.
  uint32_t unwindTarget = NoSlot;
  uint32_t landingPad = NoSlot;
};

enum class LandingClause : uint8_t { Catch, Filter };

struct Function {
  std::string name;
  bool defined = false;
  bool varargs = false;
  /// Library code, not the program's own (isLibraryFunction): traces fold its steps into
  /// the program's call.
  bool library = false;
  uint32_t externalId = ExternalRegistry::UnknownExternal; // declared functions
  uint64_t address = 0; // its Function object
  std::vector<ValueType> paramTypes;
  ValueType returnType;
  uint32_t numParamSlots = 0;
  uint32_t numSlots = 0; // whole frame
  std::vector<uint64_t>
      constants; // template for slots [numParamSlots, +constants.size())
  std::vector<Inst> code;
  std::vector<uint32_t>
      debugLocs; // per instruction: index into Program's debug locations
  std::vector<uint64_t> extra; // switch tables
  std::vector<CallSite> calls;
};

} // namespace bpor::interp
