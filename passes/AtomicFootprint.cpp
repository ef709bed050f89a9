//===- AtomicFootprint.cpp - Atomic blocks' footprints, named in advance -===//
#include "passes/AtomicFootprint.h"

#include "passes/RuntimeFunctions.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/Debug.h"

#include <optional>
#include <vector>

using namespace llvm;

#define DEBUG_TYPE "bpor-instrument"

// Always tracked, so that opt -stats shows them with a release build of LLVM (passes/README.md).
ALWAYS_ENABLED_STATISTIC(NumNamedFootprints, "Atomic blocks whose footprint is named in advance");
ALWAYS_ENABLED_STATISTIC(NumUnnamedFootprints,
                         "Atomic blocks without a named footprint (global until run)");

namespace bpor::passes {

namespace {

// The bytes a runtime access call may touch: which argument holds the address, which the
// size, and whether it writes. An access call may touch a second range (a copy's source).
struct AccessShape {
  unsigned address, size;
  bool write;
  int secondAddress = -1; // read
};

std::optional<AccessShape> accessShape(StringRef Name) {
  return StringSwitch<std::optional<AccessShape>>(Name)
      .Case("__bpor_load", AccessShape{0, 1, false})
      .Case("__bpor_store", AccessShape{0, 2, true})
      .Case("__bpor_load_bytes", AccessShape{0, 2, false})
      .Case("__bpor_store_bytes", AccessShape{0, 2, true})
      .Case("__bpor_rmw", AccessShape{0, 2, true})
      .Case("__bpor_cmpxchg", AccessShape{0, 3, true})
      .Case("__bpor_memcpy", AccessShape{0, 2, true, 1})
      .Case("__bpor_memmove", AccessShape{0, 2, true, 1})
      .Case("__bpor_memset", AccessShape{0, 2, true})
      .Default(std::nullopt);
}

// Runtime calls that touch no memory another thread sees and never stop the block's step
// inside it (an error or abort ends the execution). A nondet draw does stop it: the block's
// step would then keep the other threads out without saying so, so a block with one gets no
// table (the runtime gathers its footprint, Execution::mayDecideInsideBlock).
bool touchesNoSharedMemory(StringRef Name) {
  return StringSwitch<bool>(Name)
      .Cases("__bpor_fence", "__bpor_assume", "__bpor_atomic_begin", true)
      .Cases("__bpor_reach_error", "__bpor_assert_fail", "__bpor_abort", true)
      .Default(false);
}

struct Range {
  Constant *address;
  uint64_t size;
  bool write;
};

class BlockFootprint {
public:
  explicit BlockFootprint(const DataLayout &DL) : DL(DL) {}

  // Walks the block that starts after `Begin` up to every __bpor_atomic_end that ends it.
  bool collect(CallBase &Begin) {
    std::vector<Instruction *> Work{Begin.getNextNode()};
    SmallPtrSet<Instruction *, 16> Seen;
    while (!Work.empty() && Known) {
      Instruction *I = Work.back();
      Work.pop_back();
      if (!I || !Seen.insert(I).second)
        continue;
      for (; I && Known; I = I->getNextNode()) {
        if (auto *Call = dyn_cast<CallBase>(I)) {
          if (isEnd(*Call))
            break;
          visitCall(*Call);
          // An invoke: the block goes on at its normal destination. Its unwind edge is left out
          // as a throwing call's is (the frame end of InstrumentPass makes such calls invokes).
          if (auto *Invoke = dyn_cast<InvokeInst>(Call)) {
            Work.push_back(&Invoke->getNormalDest()->front());
            break;
          }
        } else if (isa<ReturnInst>(I) || isa<ResumeInst>(I)) {
          Known = false; // the block goes on in the caller
        } else if (I->isTerminator()) {
          for (BasicBlock *Next : successors(I))
            Work.push_back(&Next->front());
          break;
        }
      }
    }
    return Known;
  }

  const std::vector<Range> &ranges() const { return Ranges; }

private:
  static bool isEnd(const CallBase &Call) {
    const Function *F = Call.getCalledFunction();
    return F && F->getName() == "__bpor_atomic_end";
  }

  void visitCall(CallBase &Call) {
    Function *F = Call.getCalledFunction();
    if (!F) {
      Known = false; // an indirect call: which function, which accesses?
      return;
    }
    if (isa<DbgInfoIntrinsic>(Call) || F->isIntrinsic())
      return; // intrinsics on shared memory were rewritten into runtime calls
    StringRef Name = F->getName();
    if (std::optional<AccessShape> Shape = accessShape(Name)) {
      addRange(Call, Shape->address, Shape->size, Shape->write);
      if (Shape->secondAddress >= 0)
        addRange(Call, unsigned(Shape->secondAddress), Shape->size, false);
      return;
    }
    if (isRuntimeFunctionName(Name)) {
      Known = Known && touchesNoSharedMemory(Name);
      return;
    }
    if (F->isDeclaration() || !Entered.insert(F).second || Entered.size() > 16) {
      Known = false; // a library function, recursion, or too deep to look at
      return;
    }
    // A callee runs entirely inside the block; a pointer argument given as a constant address
    // (`__VERIFIER_atomic_cas(&x, ...)`) is that address inside it.
    DenseMap<const Argument *, Constant *> Outer = Arguments;
    for (unsigned i = 0; i < F->arg_size(); ++i) {
      auto *Actual =
          i < Call.arg_size() ? dyn_cast<Constant>(resolve(Call.getArgOperand(i))) : nullptr;
      if (Actual)
        Arguments[F->getArg(i)] = Actual;
      else
        Arguments.erase(F->getArg(i));
    }
    for (Instruction &I : instructions(*F)) {
      if (!Known)
        break;
      if (auto *Inner = dyn_cast<CallBase>(&I)) {
        if (isEnd(*Inner))
          Known = false; // the block would end in the callee
        else
          visitCall(*Inner);
      }
    }
    Entered.erase(F);
    Arguments = std::move(Outer);
  }

  // A value with the constant arguments of the callees being walked substituted.
  Value *resolve(Value *V) const {
    V = V->stripPointerCasts();
    if (auto *A = dyn_cast<Argument>(V))
      if (auto It = Arguments.find(A); It != Arguments.end())
        return It->second;
    return V;
  }

  void addRange(CallBase &Call, unsigned AddressArg, unsigned SizeArg, bool Write) {
    auto *Address = dyn_cast<Constant>(resolve(Call.getArgOperand(AddressArg)));
    auto *Size = dyn_cast<ConstantInt>(Call.getArgOperand(SizeArg));
    if (!Address || !Size || !isConstantAddress(Address)) {
      Known = false;
      return;
    }
    for (Range &R : Ranges)
      if (R.address == Address && R.size == Size->getZExtValue()) {
        R.write = R.write || Write; // the same variable again: one range
        return;
      }
    Ranges.push_back(Range{Address, Size->getZExtValue(), Write});
  }

  // A global variable, or one plus a constant offset.
  bool isConstantAddress(Constant *C) const {
    if (isa<GlobalVariable>(C))
      return true;
    auto *GEP = dyn_cast<GEPOperator>(C);
    APInt Offset(DL.getIndexTypeSizeInBits(C->getType()), 0);
    return GEP && isa<GlobalVariable>(GEP->getPointerOperand()->stripPointerCasts()) &&
           GEP->accumulateConstantOffset(DL, Offset);
  }

  const DataLayout &DL;
  bool Known = true;
  std::vector<Range> Ranges;
  SmallPtrSet<Function *, 8> Entered;
  DenseMap<const Argument *, Constant *> Arguments;
};

// The table: (address, size, write) as three 64-bit words a range.
Constant *footprintTable(Module &M, const std::vector<Range> &Ranges) {
  LLVMContext &C = M.getContext();
  Type *I64 = Type::getInt64Ty(C);
  std::vector<Constant *> Words;
  for (const Range &R : Ranges) {
    Words.push_back(ConstantExpr::getPtrToInt(R.address, I64));
    Words.push_back(ConstantInt::get(I64, R.size));
    Words.push_back(ConstantInt::get(I64, R.write));
  }
  auto *Type = ArrayType::get(I64, Words.size());
  return new GlobalVariable(M, Type, /*isConstant=*/true, GlobalValue::PrivateLinkage,
                            ConstantArray::get(Type, Words), "__bpor_atomic_footprint");
}

} // namespace

unsigned describeAtomicFootprints(Module &M) {
  Function *Begin = M.getFunction("__bpor_atomic_begin");
  if (!Begin)
    return 0;
  unsigned Described = 0;
  for (User *U : Begin->users()) {
    auto *Call = dyn_cast<CallBase>(U);
    if (!Call || Call->getCalledFunction() != Begin || Call->arg_size() != 3)
      continue;
    BlockFootprint Footprint(M.getDataLayout());
    if (!Footprint.collect(*Call) || Footprint.ranges().empty()) {
      ++NumUnnamedFootprints;
      LLVM_DEBUG(dbgs() << "bpor-instrument: atomic block without a named footprint:" << *Call
                        << "\n");
      continue;
    }
    ++NumNamedFootprints;
    LLVM_DEBUG(dbgs() << "bpor-instrument: atomic block with " << Footprint.ranges().size()
                      << " named ranges:" << *Call << "\n");
    Call->setArgOperand(1, footprintTable(M, Footprint.ranges()));
    Call->setArgOperand(2, ConstantInt::get(Type::getInt32Ty(M.getContext()),
                                            Footprint.ranges().size()));
    ++Described;
  }
  return Described;
}

} // namespace bpor::passes
