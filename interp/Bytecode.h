// The compact executable form of a function (internal to interp/).
//
// Each LLVM function is decoded once into a flat array of fixed-size
// instructions over frame slots. A frame's slots are laid out
// [parameters][constants][values]: constants are materialised into the frame at
// entry from a per-function template, so every operand is a plain slot index
// and the hot loop never asks whether an operand is a constant. Phis become
// moves on edge stubs, GEPs become a base plus constant offset plus scaled
// indices, vector operations are expanded into one scalar operation per lane,
// and aggregates are flattened.
#pragma once

#include "interp/ExternalCall.h"

#include <cstdint>
#include <string>
#include <vector>

namespace bpor::interp {

enum class Op : uint16_t {
  // Control
  Nop,
  Jump,   // pc = a
  BrCond, // pc = slot[a] & 1 ? b : c
  Switch, // value slot[a]; extra[imm..]: numCases, default, (value, target)*
  Ret,    // return slots [a, a + b)
  RetVoid,
  Unreachable,
  Unsupported, // fault: Unsupported, message program.messages[imm]
  Trap,        // llvm.trap, llvm.ubsantrap: fault; imm: the ubsantrap's check, or NotAUbsanTrap
  Call,        // call site imm (direct or indirect, defined or external)
  // C++ exceptions (interp/Unwind.cpp). An invoke is a Call whose site names its landing pad,
  // then a Jump to the normal successor.
  LandingPad, // slot[dst] = the landed exception object, slot[dst + 1] = its selector
  Resume,     // unwind on with the exception object in slot[a]
  // Moves
  Const,   // slot[dst] = imm
  Move,    // slot[dst] = slot[a]
  MoveN,   // slots [dst, dst+b) = slots [a, a+b) (through a temporary: may
           // overlap)
  Select,  // slot[dst] = slot[a] & 1 ? slot[b] : slot[c]
  SelectN, // slots: as Select over imm slots
  // Integer arithmetic (bits = width; imm = mask of the width)
  Add,
  Sub,
  Mul,
  UDiv,
  SDiv,
  URem,
  SRem,
  Shl,
  LShr,
  AShr,
  And,
  Or,
  Xor,
  AddImm, // slot[dst] = (slot[a] + imm) (64-bit, for GEP constant offsets)
  // Integer compares (bits = operand width)
  ICmpEq,
  ICmpNe,
  ICmpUlt,
  ICmpUle,
  ICmpUgt,
  ICmpUge,
  ICmpSlt,
  ICmpSle,
  ICmpSgt,
  ICmpSge,
  // Casts (bits = source width; imm = destination mask)
  Trunc, // slot[dst] = slot[a] & imm
  SExt,  // sign-extend from bits, mask to imm
  FPToSI,
  FPToUI,
  SIToFP,
  UIToFP, // c: 0 float, 1 double (fp side); bits: integer width
  FPTrunc,
  FPExt,
  // Floating point (c = 0 float, 1 double)
  FAdd,
  FSub,
  FMul,
  FDiv,
  FRem,
  FNeg,
  FCmp, // flag = predicate (llvm::CmpInst::Predicate)
  // Memory
  Load,   // slot[dst] = zext(mem[slot[a] + imm], flag bytes)
  Store,  // mem[slot[b] + imm] = slot[a] (flag bytes)
  Alloca, // slot[dst] = new stack object of imm * (a == NoSlot ? 1 : slot[a]); flag 1: its
          // bytes start never written (a local of the program's own code)
          // bytes
  Gep,    // slot[dst] = slot[a] + sext(slot[b], bits) * imm
  Memcpy, // (dst ptr slot[a], src slot[b], n slot[c]) ; Memmove the same
  Memmove,
  Memset,       // (ptr slot[a], byte slot[b], n slot[c])
  StackSave,    // slot[dst] = number of allocas of the thread
  StackRestore, // release allocas above slot[a]
  // Intrinsics (bits = width, imm = mask)
  Ctlz,
  Cttz,
  Ctpop,
  Bswap,
  Bitreverse,
  Fshl,
  Fshr,
  SMin,
  SMax,
  UMin,
  UMax,
  Abs,
  // with.overflow: slot[dst] result, slot[dst+1] overflow flag
  SAddO,
  UAddO,
  SSubO,
  USubO,
  SMulO,
  UMulO,
  // Saturating arithmetic
  SAddSat,
  UAddSat,
  SSubSat,
  USubSat,
  // Floating-point intrinsics (c = 0 float, 1 double); Fma: slot[dst] =
  // a*b+slot[imm]
  FAbs,
  Sqrt,
  Floor,
  Ceil,
  FTrunc,
  Round,
  RoundEven,
  FMin,
  FMax,
  Fma,
  CopySign,
  // libm-like intrinsics (c = 0 float, 1 double; flag = MathFunction)
  FMath,       // slot[dst] = f(slot[a]) or f(slot[a], slot[b]) for pow
  FToIntRound, // lround/llround (flag 0) and lrint/llrint (flag 1): bits =
               // result width
  // Dynamic vector element access: ExtractDyn slot[dst] = slot[a + slot[b]] (b
  // < imm lanes)
  ExtractDyn,
  InsertDyn, // slots [dst, dst+imm) = slots [a, ...), then slot[dst + slot[b]]
             // = slot[c]
  // Integers of 65..128 bits in two slots (low word first); bits = width, flag
  // = LLVM opcode or
  // predicate. WideBinary: slots [dst, dst+2) = [a, a+2) op [b, b+2).
  WideBinary,
  WideCompare, // slot[dst] = [a, a+2) predicate [b, b+2)
  WideExtend,  // slots [dst, dst+2) = extend slot[a] from `bits` (flag 1:
               // signed); the high
  // word is masked with imm (the destination width's high-word mask)
  WideTrunc, // slots [dst, dst+2) = [a, a+2), high word masked with imm
  // Bitcast between differently shaped types through their memory image;
  // extra[imm..]:
  // total bytes, numSourceLeaves, (slot, offset, size)*, numDestLeaves, (slot,
  // offset, size)*
  BitcastBytes,
  // Varargs of defined functions
  VaStart, // store the frame's va area address at slot[a]
  VaCopy,  // copy va_list slot[b] -> slot[a]
  NumOps
};

inline constexpr uint32_t NoSlot = ~uint32_t(0);

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
