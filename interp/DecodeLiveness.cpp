// SSA liveness after each call: the slots a description of the state must keep.
#include "interp/DecodeTypes.h"
#include "interp/FunctionDecoder.h"

#include <llvm/ADT/BitVector.h>
#include <llvm/IR/CFG.h>

using namespace llvm;

namespace bpor {

using namespace decode;
using interp::NoSlot;

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

} // namespace bpor
