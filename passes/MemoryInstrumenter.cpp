//===- MemoryInstrumenter.cpp - Shared accesses become runtime calls -----===//
#include "passes/MemoryInstrumenter.h"
#include "passes/IgnoredResults.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/Debug.h"

#include <vector>

using namespace llvm;

#define DEBUG_TYPE "bpor-instrument"

// Always tracked, so that opt -stats shows them with a release build of LLVM (passes/README.md).
ALWAYS_ENABLED_STATISTIC(NumLoads, "Loads instrumented");
ALWAYS_ENABLED_STATISTIC(NumStores, "Stores instrumented");
ALWAYS_ENABLED_STATISTIC(NumAtomicLoadsStores,
                         "Loads and stores instrumented for being atomic or volatile");
ALWAYS_ENABLED_STATISTIC(NumWideAccesses,
                         "Loads and stores wider than a word, through a private buffer");
ALWAYS_ENABLED_STATISTIC(NumRMWs, "Atomic read-modify-writes instrumented");
ALWAYS_ENABLED_STATISTIC(NumCmpXchgs, "Compare-exchanges instrumented");
ALWAYS_ENABLED_STATISTIC(NumFences, "Fences instrumented");
ALWAYS_ENABLED_STATISTIC(NumMemIntrinsics, "memcpy, memmove and memset instrumented");
ALWAYS_ENABLED_STATISTIC(NumLocalLoads, "Loads left plain: local objects that never escape");
ALWAYS_ENABLED_STATISTIC(NumConstantLoads, "Loads left plain: constant globals");
ALWAYS_ENABLED_STATISTIC(NumLocalStores, "Stores left plain: local objects that never escape");
ALWAYS_ENABLED_STATISTIC(NumLocalMemIntrinsics,
                         "memcpy, memmove and memset left plain: local objects only");
ALWAYS_ENABLED_STATISTIC(NumUnsupported, "Accesses that cannot be instrumented (errors)");

namespace bpor::passes {

namespace {
// The guard variable of a function-local static (_ZGV...): clang loads its first byte with
// acquire order before calling __cxa_guard_acquire, the C++ ABI's own protocol.
bool isStaticGuard(const Value *Ptr) {
  const auto *G = dyn_cast<GlobalVariable>(Ptr->stripPointerCasts());
  return G && G->getName().starts_with("_ZGV");
}
} // namespace

MemoryInstrumenter::MemoryInstrumenter(Module &M, RuntimeFunctions &Runtime,
                                       SourceLocationTable &Locations)
    : M(M), DL(M.getDataLayout()), Runtime(Runtime), Locations(Locations) {}

// The ABI's `order` is the llvm::AtomicOrdering value itself, with the protocol flag
// (bpor_abi.h) for an access the compiler made as part of the C++ ABI, and the caller's flag for
// one in a function of the atomics interface.
ConstantInt *MemoryInstrumenter::orderConstant(AtomicOrdering Order, bool Protocol) const {
  uint32_t Flags = Protocol                                           ? 0x100u
                   : OrdersFromCaller && Order != AtomicOrdering::NotAtomic ? 0x200u
                                                                            : 0u;
  return ConstantInt::get(Runtime.i32(), static_cast<uint32_t>(Order) | Flags);
}

unsigned MemoryInstrumenter::instrument(Function &F,
                                        const SharedMemory &Shared) {
  // std::atomic<bool>::load and the like are functions of their own at -O0: their orders are
  // the ones their callers chose.
  OrdersFromCaller = isAtomicInterface(F.getSubprogram());
  std::vector<Instruction *> Candidates;
  for (Instruction &I : instructions(F))
    if (isa<LoadInst, StoreInst, AtomicRMWInst, AtomicCmpXchgInst, FenceInst,
            MemIntrinsic>(&I))
      Candidates.push_back(&I);
  unsigned Rewritten = 0;
  for (Instruction *I : Candidates)
    Rewritten += rewrite(*I, Shared);
  return Rewritten;
}

bool MemoryInstrumenter::rewrite(Instruction &I, const SharedMemory &Shared) {
  if (auto *LI = dyn_cast<LoadInst>(&I)) {
    if (LI->isSimple() && !Shared.mayReadSharedMutable(LI->getPointerOperand())) {
      // Nothing another thread writes: a local object that never escapes, or immutable memory.
      bool Local = !Shared.mayBeShared(LI->getPointerOperand());
      if (Local)
        ++NumLocalLoads;
      else
        ++NumConstantLoads;
      LLVM_DEBUG(dbgs() << "bpor-instrument: plain, "
                        << (Local ? "local objects only" : "constant globals") << ":" << I << "\n");
      return false;
    }
    LLVM_DEBUG(dbgs() << "bpor-instrument: instrumented, "
                      << (LI->isSimple() ? "may read shared memory" : "atomic or volatile") << ":"
                      << I << "\n");
    rewriteLoad(*LI);
    return true;
  }
  if (auto *SI = dyn_cast<StoreInst>(&I)) {
    if (SI->isSimple() && !Shared.mayBeShared(SI->getPointerOperand())) {
      ++NumLocalStores;
      LLVM_DEBUG(dbgs() << "bpor-instrument: plain, local objects only:" << I << "\n");
      return false;
    }
    LLVM_DEBUG(dbgs() << "bpor-instrument: instrumented, "
                      << (SI->isSimple() ? "may write shared memory" : "atomic or volatile") << ":"
                      << I << "\n");
    rewriteStore(*SI);
    return true;
  }
  // Atomic read-modify-writes and fences are always visible.
  if (!isa<MemIntrinsic>(I))
    LLVM_DEBUG(dbgs() << "bpor-instrument: instrumented, always visible:" << I << "\n");
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I)) {
    rewriteRMW(*RMW);
    return true;
  }
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I)) {
    rewriteCmpXchg(*CX);
    return true;
  }
  if (auto *FI = dyn_cast<FenceInst>(&I)) {
    ++NumFences;
    rewriteFence(*FI);
    return true;
  }
  return rewriteMemIntrinsic(cast<MemIntrinsic>(I), Shared);
}

bool MemoryInstrumenter::fitsInWord(Type *T) const {
  TypeSize Bits = DL.getTypeSizeInBits(T);
  if (Bits.isScalable() || Bits.getFixedValue() > 64)
    return false;
  if (T->isIntegerTy() || T->isPointerTy() || T->isFloatingPointTy())
    return true;
  // Small vectors of non-pointers bit-cast to one integer.
  if (auto *VT = dyn_cast<FixedVectorType>(T))
    return !VT->getElementType()->isPointerTy() &&
           DL.getTypeStoreSizeInBits(T) == Bits;
  return false;
}

Value *MemoryInstrumenter::toWord(IRBuilder<> &B, Value *V) const {
  Type *T = V->getType();
  IntegerType *I64 = Runtime.i64();
  if (T->isPointerTy())
    return B.CreatePtrToInt(V, I64);
  if (!T->isIntegerTy())
    V = B.CreateBitCast(V,
                        B.getIntNTy(DL.getTypeSizeInBits(T).getFixedValue()));
  return B.CreateZExtOrTrunc(V, I64);
}

Value *MemoryInstrumenter::fromWord(IRBuilder<> &B, Value *W, Type *T) const {
  if (T->isPointerTy())
    return B.CreateIntToPtr(W, T);
  if (T->isIntegerTy())
    return B.CreateTrunc(W, T);
  Value *Bits =
      B.CreateTrunc(W, B.getIntNTy(DL.getTypeSizeInBits(T).getFixedValue()));
  return B.CreateBitCast(Bits, T);
}

Value *MemoryInstrumenter::address(IRBuilder<> &B, Value *Ptr) const {
  return B.CreatePointerBitCastOrAddrSpaceCast(Ptr, Runtime.ptr());
}

ConstantInt *MemoryInstrumenter::sizeOf(Type *T) const {
  return ConstantInt::get(Runtime.i64(),
                          DL.getTypeStoreSize(T).getFixedValue());
}

AllocaInst *MemoryInstrumenter::privateBuffer(Instruction &At, Type *T) const {
  Function *F = At.getFunction();
  AllocaInst *&Buffer = Buffers[{F, T}];
  if (Buffer)
    return Buffer;
  // In the entry block, so that a loop does not grow the stack.
  BasicBlock &Entry = F->getEntryBlock();
  IRBuilder<> B(&Entry, Entry.getFirstInsertionPt());
  B.SetCurrentDebugLocation(DebugLoc());
  Buffer = B.CreateAlloca(T, DL.getAllocaAddrSpace(), nullptr, "bpor.buf");
  Buffer->setAlignment(DL.getPrefTypeAlign(T));
  return Buffer;
}

void MemoryInstrumenter::unsupported(Instruction &I, const Twine &What) const {
  ++NumUnsupported;
  LLVM_DEBUG(dbgs() << "bpor-instrument: cannot instrument " << What << ":" << I << "\n");
  std::string Where =
      ("in function '" + I.getFunction()->getName() + "'").str();
  if (const DebugLoc &Loc = I.getDebugLoc())
    Where += (" at " + Loc->getFilename() + ":" + Twine(Loc.getLine())).str();
  M.getContext().emitError(&I,
                           "bporcheck cannot instrument " + What + " " + Where);
}

void MemoryInstrumenter::rewriteLoad(LoadInst &LI) {
  IRBuilder<> B(&LI);
  Type *T = LI.getType();
  Value *Ptr = address(B, LI.getPointerOperand());
  ConstantInt *Order =
      orderConstant(LI.getOrdering(), isStaticGuard(LI.getPointerOperand()));
  ConstantInt *Loc = Locations.idConstant(LI);
  if (DL.getTypeStoreSize(T).isScalable())
    return unsupported(LI, "a load of a scalable vector");
  ++NumLoads;
  NumAtomicLoadsStores += !LI.isSimple();
  Value *Result;
  if (fitsInWord(T)) {
    Value *Word = B.CreateCall(Runtime.load(), {Ptr, sizeOf(T), Order, Loc});
    Result = fromWord(B, Word, T);
  } else {
    ++NumWideAccesses;
    AllocaInst *Buffer = privateBuffer(LI, T);
    B.CreateCall(Runtime.loadBytes(), {Ptr, Buffer, sizeOf(T), Order, Loc});
    Result = B.CreateAlignedLoad(T, Buffer, Buffer->getAlign());
  }
  Result->takeName(&LI);
  LI.replaceAllUsesWith(Result);
  LI.eraseFromParent();
}

void MemoryInstrumenter::rewriteStore(StoreInst &SI) {
  IRBuilder<> B(&SI);
  Value *V = SI.getValueOperand();
  Type *T = V->getType();
  Value *Ptr = address(B, SI.getPointerOperand());
  ConstantInt *Order = orderConstant(SI.getOrdering());
  ConstantInt *Loc = Locations.idConstant(SI);
  if (DL.getTypeStoreSize(T).isScalable())
    return unsupported(SI, "a store of a scalable vector");
  ++NumStores;
  NumAtomicLoadsStores += !SI.isSimple();
  if (fitsInWord(T)) {
    B.CreateCall(Runtime.store(), {Ptr, toWord(B, V), sizeOf(T), Order, Loc});
  } else {
    ++NumWideAccesses;
    AllocaInst *Buffer = privateBuffer(SI, T);
    B.CreateAlignedStore(V, Buffer, Buffer->getAlign());
    B.CreateCall(Runtime.storeBytes(), {Ptr, Buffer, sizeOf(T), Order, Loc});
  }
  SI.eraseFromParent();
}

void MemoryInstrumenter::rewriteRMW(AtomicRMWInst &RMW) {
  Type *T = RMW.getValOperand()->getType();
  if (!fitsInWord(T))
    return unsupported(RMW, "an atomicrmw wider than 8 bytes");
  ++NumRMWs;
  IRBuilder<> B(&RMW);
  CallInst *Old =
      B.CreateCall(Runtime.rmw(),
                   {address(B, RMW.getPointerOperand()),
                    toWord(B, RMW.getValOperand()), sizeOf(T),
                    ConstantInt::get(Runtime.i32(),
                                     static_cast<uint32_t>(RMW.getOperation())),
                    orderConstant(RMW.getOrdering()),
                    Locations.idConstant(RMW)});
  if (isResultIgnored(RMW)) {
    markResultIgnored(*Old);
    dropIgnoredResult(RMW);
    RMW.eraseFromParent();
    return;
  }
  Value *Result = fromWord(B, Old, T);
  Result->takeName(&RMW);
  RMW.replaceAllUsesWith(Result);
  RMW.eraseFromParent();
}

void MemoryInstrumenter::rewriteCmpXchg(AtomicCmpXchgInst &CX) {
  Type *T = CX.getCompareOperand()->getType();
  if (!fitsInWord(T))
    return unsupported(CX, "a cmpxchg wider than 8 bytes");
  ++NumCmpXchgs;
  IRBuilder<> B(&CX);
  Value *Expected = CX.getCompareOperand();
  Value *OldWord =
      B.CreateCall(Runtime.cmpxchg(),
                   {address(B, CX.getPointerOperand()), toWord(B, Expected),
                    toWord(B, CX.getNewValOperand()), sizeOf(T),
                    orderConstant(CX.getSuccessOrdering()),
                    orderConstant(CX.getFailureOrdering()),
                    Locations.idConstant(CX)});
  // Rebuild { old, success }. Weak cmpxchg never fails spuriously here: the
  // checker explores sequentially consistent executions only.
  Value *Old = fromWord(B, OldWord, T);
  Value *Success = B.CreateICmpEQ(Old, Expected);
  Value *Result = PoisonValue::get(CX.getType());
  Result = B.CreateInsertValue(Result, Old, 0);
  Result = B.CreateInsertValue(Result, Success, 1);
  Result->takeName(&CX);
  CX.replaceAllUsesWith(Result);
  CX.eraseFromParent();
}

void MemoryInstrumenter::rewriteFence(FenceInst &FI) {
  IRBuilder<> B(&FI);
  B.CreateCall(Runtime.fence(), {orderConstant(FI.getOrdering()),
                                 Locations.idConstant(FI)});
  FI.eraseFromParent();
}

bool MemoryInstrumenter::rewriteMemIntrinsic(MemIntrinsic &MI,
                                             const SharedMemory &Shared) {
  bool DstShared = Shared.mayBeShared(MI.getDest());
  auto *MT = dyn_cast<MemTransferInst>(&MI);
  bool SrcShared = MT && Shared.mayBeShared(MT->getSource());
  if (!DstShared && !SrcShared) {
    ++NumLocalMemIntrinsics;
    LLVM_DEBUG(dbgs() << "bpor-instrument: plain, local objects only:" << MI << "\n");
    return false; // only local memory: nothing visible
  }
  ++NumMemIntrinsics;
  LLVM_DEBUG(dbgs() << "bpor-instrument: instrumented, "
                    << (DstShared && SrcShared ? "shared objects"
                        : DstShared            ? "into a shared object"
                                               : "from a shared object")
                    << ":" << MI << "\n");

  IRBuilder<> B(&MI);
  Value *Length = B.CreateZExtOrTrunc(MI.getLength(), Runtime.i64());
  ConstantInt *Loc = Locations.idConstant(MI);
  Value *Dst = address(B, MI.getDest());
  if (!MT) {
    auto &MS = cast<MemSetInst>(MI);
    B.CreateCall(Runtime.memset(), {Dst, MS.getValue(), Length, Loc});
  } else {
    Value *Src = address(B, MT->getSource());
    ConstantInt *NotAtomic =
        orderConstant(AtomicOrdering::NotAtomic);
    if (DstShared && SrcShared)
      B.CreateCall(isa<MemMoveInst>(MT) ? Runtime.memmove() : Runtime.memcpy(),
                   {Dst, Src, Length, Loc});
    else if (SrcShared) // into a local object: its memory is the buffer
      B.CreateCall(Runtime.loadBytes(), {Src, Dst, Length, NotAtomic, Loc});
    else
      B.CreateCall(Runtime.storeBytes(), {Dst, Src, Length, NotAtomic, Loc});
  }
  MI.eraseFromParent();
  return true;
}

} // namespace bpor::passes
