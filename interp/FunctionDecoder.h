// Decodes one llvm::Function into bytecode (interp/Bytecode.h). Internal to
// interp/.
#pragma once

#include "interp/Bytecode.h"
#include "interp/ProgramBuilder.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>

#include <string>
#include <vector>

namespace bpor {

class FunctionDecoder {
public:
  FunctionDecoder(ProgramBuilder &builder, const llvm::Function &function,
                  interp::Function &out);
  void decode();

private:
  using Inst = interp::Inst;
  using Op = interp::Op;

  void assignSlots();
  /// Hands each kind of instruction to its decoder, one file per concern:
  void decodeInstruction(const llvm::Instruction &instruction);

  // Integer and floating-point arithmetic, compares, selects and casts (DecodeArithmetic.cpp).
  void decodeBinary(const llvm::BinaryOperator &instruction);
  void decodeIntCompare(const llvm::ICmpInst &compare);
  void decodeFloatCompare(const llvm::FCmpInst &compare);
  void decodeFNeg(const llvm::Instruction &instruction);
  void decodeSelect(const llvm::SelectInst &select);
  void decodeCast(const llvm::CastInst &instruction);
  void decodeReshape(const llvm::CastInst &instruction);

  // Memory: addresses, loads, stores, stack objects (DecodeMemory.cpp).
  void decodeGep(const llvm::GetElementPtrInst &instruction);
  void decodeLoad(const llvm::LoadInst &instruction);
  void decodeStore(const llvm::StoreInst &instruction);
  void decodeAlloca(const llvm::AllocaInst &alloca);

  // Aggregates and vectors, flattened into slots (DecodeVectors.cpp).
  void decodeExtractValue(const llvm::ExtractValueInst &extract);
  void decodeInsertValue(const llvm::InsertValueInst &insert);
  void decodeExtractElement(const llvm::ExtractElementInst &extract);
  void decodeInsertElement(const llvm::InsertElementInst &insert);
  void decodeShuffle(const llvm::ShuffleVectorInst &shuffle);

  // Calls and control flow (DecodeControl.cpp).
  void decodeCall(const llvm::CallBase &call);
  /// Writes a landing pad's clauses to out_.extra (CallSite::landingPad); returns the index.
  uint32_t landingPadClauses(const llvm::LandingPadInst &pad);
  void decodeTerminator(const llvm::Instruction &instruction);

  // Intrinsics (DecodeIntrinsics.cpp; the one-to-one ones are rows of DecodeTables.def).
  // False: not one the interpreter knows (or not at this type).
  bool decodeIntrinsic(const llvm::CallBase &call, llvm::Intrinsic::ID id);
  /// `op` over the call's lanes, reading its first numOperands arguments into a, b, c (c is
  /// `c` with fewer than three).
  void emitLanewise(const llvm::CallBase &call, Op op, unsigned numOperands, uint8_t bits,
                    uint32_t c, uint64_t imm);
  bool decodeLanewise(const llvm::CallBase &call, Op op, bool isFloat);
  void decodeMath(const llvm::CallBase &call, interp::MathFunction function);
  bool decodeOverflow(const llvm::CallBase &call, Op op);
  void decodeReduction(const llvm::CallBase &call, Op op, bool isFloat);
  void unsupported(const llvm::Instruction &instruction,
                   const std::string &what);

  uint32_t slot(const llvm::Value *value);
  uint32_t temp(uint32_t count);
  uint32_t emit(const Inst &inst);
  void emitMove(uint32_t dst, uint32_t src, uint32_t count);
  /// The label to branch to for the edge from -> to: the block itself, or a
  /// stub that first performs the phi moves of the edge.
  uint32_t edgeLabel(const llvm::BasicBlock *from, const llvm::BasicBlock *to);
  void fixup(uint32_t inst, char field, uint32_t label);
  void emitEdgeStub(uint32_t label, const llvm::BasicBlock *from,
                    const llvm::BasicBlock *to);

  ProgramBuilder &builder_;
  const llvm::Function &function_;
  interp::Function &out_;
  const llvm::DataLayout &layout_;
  llvm::DenseMap<const llvm::Value *, uint32_t> slots_;
  /// The IR call of each entry of out_.calls (for computeLiveSlots).
  std::vector<const llvm::CallBase *> callInstructions_;
  /// Fills CallSite::liveSlots of every call (after decoding; DecodeLiveness.cpp).
  void computeLiveSlots();
  llvm::DenseMap<const llvm::Instruction *, std::string> badInstructions_;
  uint32_t numSlots_ = 0;
  uint32_t currentDebugLoc_ = 0;

  llvm::DenseMap<const llvm::BasicBlock *, uint32_t> blockLabels_;
  std::vector<uint32_t> labelPositions_;
  struct Stub {
    uint32_t label;
    const llvm::BasicBlock *from, *to;
  };
  std::vector<Stub> stubs_;
  struct Fixup {
    uint32_t inst;
    char field; // 'a', 'b', 'c', 'x' (inst = index into extra) or 'u' (inst = call site:
                // its unwindTarget)
    uint32_t label;
  };
  std::vector<Fixup> fixups_;
};

} // namespace bpor
