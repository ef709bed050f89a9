//===- CallRouter.cpp - Calls with concurrency semantics go to the runtime ===//
#include "passes/CallRouter.h"

#include "core/NondetKind.h"
#include "passes/AssumedValues.h"
#include "passes/IgnoredResults.h"
#include "passes/NondetDomain.h"
#include "passes/NondetTypes.h"
#include "passes/OnceLowering.h"
#include "passes/RuntimeFunctions.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Debug.h"

#include <vector>

using namespace llvm;

#define DEBUG_TYPE "bpor-instrument"

// Always tracked, so that opt -stats shows them with a release build of LLVM (passes/README.md).
ALWAYS_ENABLED_STATISTIC(NumRoutedCalls, "Calls routed to the runtime (renamed to __bpor_*)");
ALWAYS_ENABLED_STATISTIC(NumErrorCalls, "Calls of error functions routed to __bpor_reach_error");
ALWAYS_ENABLED_STATISTIC(NumPauseYields, "Spin-wait hints (_mm_pause) made yields");
ALWAYS_ENABLED_STATISTIC(NumNondetCalls, "Nondet inputs drawn from the whole domain");
ALWAYS_ENABLED_STATISTIC(NumNondetAmongCalls, "Nondet inputs drawn from one value per class");
ALWAYS_ENABLED_STATISTIC(NumNondetAssumedCalls,
                         "Nondet inputs drawn from the values their assumption allows");
ALWAYS_ENABLED_STATISTIC(NumNondetUnsupported, "Nondet inputs left as calls: unsupported type");
ALWAYS_ENABLED_STATISTIC(NumAtomicCalls, "Calls of __VERIFIER_atomic_* made atomic blocks");
ALWAYS_ENABLED_STATISTIC(NumAtomicMarkers, "__VERIFIER_atomic_begin/end calls replaced");
ALWAYS_ENABLED_STATISTIC(NumNestedAtomicCalls,
                         "Calls of __VERIFIER_atomic_* left alone: already atomic");
ALWAYS_ENABLED_STATISTIC(NumOnceCalls, "pthread_once calls lowered");
ALWAYS_ENABLED_STATISTIC(NumIndirectCalls, "Indirect calls left to the interpreter");

namespace bpor::passes {

namespace {
constexpr StringLiteral AtomicPrefix = "__VERIFIER_atomic_";

bool isInsideAtomicFunction(const CallBase &Call) {
  return Call.getFunction()->getName().starts_with(AtomicPrefix);
}

// The footprint table is filled in once every body is instrumented (AtomicFootprint.h).
std::vector<Value *> atomicBeginArguments(IRBuilder<> &B, ConstantInt *Location) {
  return {Location, ConstantPointerNull::get(B.getPtrTy()), B.getInt32(0)};
}
} // namespace

namespace {
// The rows of core/ModelledFunctions.def, for its aliases to name.
enum class ModelledRow : unsigned {
#define BPOR_MODELLED(Id, ...) Id,
#include "core/ModelledFunctions.def"
};

// The Routing column.
constexpr bool Routed = true;
constexpr bool AsNamed = false;

struct ModelledNames {
  const char *Names; // separated by spaces
  bool IsRouted;
};

constexpr ModelledNames RoutingRows[] = {
#define BPOR_MODELLED(Id, Names, Routing, ...) {Names, Routing},
#include "core/ModelledFunctions.def"
};

/// The row's __bpor_ names.
SmallVector<StringRef, 2> bporNames(const ModelledNames &Row) {
  SmallVector<StringRef, 4> Names;
  StringRef(Row.Names).split(Names, ' ', -1, /*KeepEmpty=*/false);
  SmallVector<StringRef, 2> Bpor;
  for (StringRef Name : Names)
    if (Name.starts_with(RuntimePrefix))
      Bpor.push_back(Name);
  return Bpor;
}

/// C name -> __bpor_ name: each routed row's C names, and the aliases.
StringMap<StringRef> buildRoutes() {
  StringMap<StringRef> Routes;
  for (const ModelledNames &Row : RoutingRows)
    if (Row.IsRouted)
      for (StringRef Name : bporNames(Row))
        Routes[Name.drop_front(RuntimePrefix.size())] = Name;
#define BPOR_ROUTED_ALIAS(CName, Id)                                                               \
  Routes[CName] = bporNames(RoutingRows[unsigned(ModelledRow::Id)]).front();
#include "core/ModelledFunctions.def"
  return Routes;
}
} // namespace

StringRef routedName(StringRef Name) {
  static const StringMap<StringRef> Routes = buildRoutes();
  auto It = Routes.find(Name);
  return It == Routes.end() ? StringRef() : It->second;
}

bool isErrorFunctionName(StringRef Name) {
  return Name == "reach_error" || Name == "__VERIFIER_error";
}

CallRouter::CallRouter(Module &M, RuntimeFunctions &Runtime, SourceLocationTable &Locations,
                       const InstrumentOptions &Options)
    : M(M), Runtime(Runtime), Locations(Locations),
      RouteErrorFunctions(Options.RouteErrorFunctions) {
  // Before any function is instrumented: the classes follow values through loads and stores,
  // and the assumptions' walks go through the program's calls, which instrumentation changes.
  if (!Options.NondetClasses)
    return;
  SilentEnds Ends{.Abort = Options.AbortIsNoViolation};
  for (Function &Callee : M)
    if (Callee.isDeclaration() && Callee.getName().starts_with(NondetPrefix))
      for (User *U : Callee.users())
        if (auto *Call = dyn_cast<CallBase>(U); Call && Call->getCalledOperand() == &Callee) {
          if (std::optional<std::vector<uint64_t>> Classes = observedValueClasses(*Call))
            NondetDrawnValues[Call] = {std::move(*Classes), /*Assumed=*/false};
          else if (std::optional<std::vector<uint64_t>> Allowed = assumedValues(*Call, Ends))
            NondetDrawnValues[Call] = {std::move(*Allowed), /*Assumed=*/true};
        }
}

unsigned CallRouter::route(Function &F) {
  std::vector<std::pair<CallBase *, Function *>> Calls;
  for (Instruction &I : instructions(F)) {
    auto *Call = dyn_cast<CallBase>(&I);
    if (!Call)
      continue;
    // Look through a mismatched prototype; a load of a function pointer
    // (an indirect call) is left to the interpreter.
    if (auto *Callee = dyn_cast<Function>(Call->getCalledOperand()->stripPointerCasts())) {
      Calls.emplace_back(Call, Callee);
    } else if (!Call->isInlineAsm()) {
      ++NumIndirectCalls;
      LLVM_DEBUG(dbgs() << "bpor-instrument: left alone, an indirect call:" << I << "\n");
    }
  }
  unsigned Routed = 0;
  for (auto [Call, Callee] : Calls)
    Routed += routeCall(*Call, *Callee);
  return Routed;
}

bool CallRouter::routeCall(CallBase &Call, Function &Callee) {
  StringRef Name = Callee.getName();
  // A spin-wait hint (_mm_pause) lets other threads run: a yield.
  if (Name == "llvm.x86.sse2.pause") {
    ++NumPauseYields;
    LLVM_DEBUG(dbgs() << "bpor-instrument: routed, a spin-wait hint:" << Call << "\n");
    rename(Call, Callee, "__bpor_sched_yield");
    return true;
  }
  if (isRuntimeFunctionName(Name) || Callee.isIntrinsic())
    return false;
  if (Name.starts_with(AtomicPrefix) && Callee.isDeclaration()) {
    if (Name == "__VERIFIER_atomic_begin" || Name == "__VERIFIER_atomic_end") {
      ++NumAtomicMarkers;
      LLVM_DEBUG(dbgs() << "bpor-instrument: replaced, an atomic block's bound:" << Call << "\n");
      replaceWithAtomicMarker(Call, Name == "__VERIFIER_atomic_begin");
      Replaced.insert(&Callee);
      return true;
    }
  }
  if (Name.starts_with(AtomicPrefix))
    return wrapAtomic(Call);
  // SV-COMP's error functions: the call itself is the violation of unreach-call, whatever
  // the program's own body of the function does (often nothing, or __assert_fail).
  if (RouteErrorFunctions && isErrorFunctionName(Name)) {
    ++NumErrorCalls;
    LLVM_DEBUG(dbgs() << "bpor-instrument: routed, an error function:" << Call << "\n");
    rename(Call, Callee, routedName(Name));
    Replaced.insert(&Callee);
    return true;
  }
  // Only declarations: a program's own definition of, say, exit is its own.
  if (!Callee.isDeclaration())
    return false;
  if (Name.starts_with(NondetPrefix)) {
    if (!rewriteNondet(Call, Name.drop_front(NondetPrefix.size())))
      return false;
    Replaced.insert(&Callee);
    return true;
  }
  if (Name == "pthread_once") {
    LLVM_DEBUG(dbgs() << "bpor-instrument: pthread_once:" << Call << "\n");
    if (!lowerPthreadOnce(Call, Runtime, Locations.idConstant(Call)))
      return false;
    ++NumOnceCalls;
    Replaced.insert(&Callee);
    return true;
  }
  StringRef NewName = routedName(Name);
  if (NewName.empty())
    return false;
  ++NumRoutedCalls;
  LLVM_DEBUG(dbgs() << "bpor-instrument: routed to " << NewName << ":" << Call << "\n");
  rename(Call, Callee, NewName);
  Replaced.insert(&Callee);
  return true;
}

void CallRouter::rename(CallBase &Call, Function &Callee, StringRef NewName) {
  // The call keeps its own type: the __bpor_ function has the C signature.
  FunctionType *FT = Call.getFunctionType();
  bool Existed = M.getFunction(NewName) != nullptr;
  FunctionCallee Target = M.getOrInsertFunction(NewName, FT);
  if (!Existed)
    if (auto *NewF = dyn_cast<Function>(Target.getCallee());
        NewF && NewF->getFunctionType() == Callee.getFunctionType())
      NewF->setAttributes(Callee.getAttributes()); // noreturn, nocapture, ...
  Call.setCalledFunction(FT, Target.getCallee());
  if (!Call.getType()->isVoidTy() && isResultIgnored(Call)) {
    markResultIgnored(Call);
    dropIgnoredResult(Call);
  }
}

bool CallRouter::rewriteNondet(CallBase &Call, StringRef Suffix) {
  std::optional<NondetType> Type = nondetTypeFor(Suffix);
  llvm::Type *ResultTy = Call.getType();
  // clang returns a 128-bit integer as { i64, i64 } (low, high) on x86-64.
  auto *Pair = dyn_cast<StructType>(ResultTy);
  bool IsWidePair = Pair && Pair->getNumElements() == 2 &&
                    Pair->getElementType(0)->isIntegerTy(64) &&
                    Pair->getElementType(1)->isIntegerTy(64);
  bool IsFloat = ResultTy->isFloatTy() || ResultTy->isDoubleTy();
  if (!Type || !(ResultTy->isIntegerTy() || ResultTy->isPointerTy() || IsFloat ||
                 ResultTy->isVoidTy() || IsWidePair)) {
    ++NumNondetUnsupported;
    LLVM_DEBUG(dbgs() << "bpor-instrument: left alone, a nondet input of a type not drawn:" << Call
                      << "\n");
    return false; // unsupported: the runtime reports the call by name
  }
  // The declared result type is the truth about the width (long in ILP32);
  // the runtime draws at most 64 bits, sign- or zero-extended beyond.
  uint32_t Bits = ResultTy->isIntegerTy() ? std::min(ResultTy->getIntegerBitWidth(), 64u)
                  : IsFloat               ? uint32_t(ResultTy->getPrimitiveSizeInBits())
                                          : std::min(Type->Bits, 64u);
  IRBuilder<> B(&Call);
  Value *Word = nullptr;
  // A result only compared with constants: one value of each class the comparisons cannot tell
  // apart is every behaviour (NondetDomain.h); one whose assumption allows few values: those
  // values are (AssumedValues.h).
  auto Drawn = NondetDrawnValues.find(&Call);
  if (Drawn != NondetDrawnValues.end() && Bits > 1 && !IsFloat &&
      (Bits == 64 || Drawn->second.Values.size() < (uint64_t(1) << Bits))) {
    const std::vector<uint64_t> &Among = Drawn->second.Values;
    Constant *Values = ConstantDataArray::get(M.getContext(), ArrayRef<uint64_t>(Among));
    auto *Table = new GlobalVariable(
        M, Values->getType(), /*isConstant=*/true, GlobalValue::PrivateLinkage, Values,
        Drawn->second.Assumed ? "bpor.nondet.assumed" : "bpor.nondet.classes");
    Table->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    ++(Drawn->second.Assumed ? NumNondetAssumedCalls : NumNondetAmongCalls);
    LLVM_DEBUG(dbgs() << "bpor-instrument: nondet, " << Among.size()
                      << (Drawn->second.Assumed ? " values its assumption allows:"
                                                : " classes of values:")
                      << Call << "\n");
    Word = B.CreateCall(Runtime.nondetAmong(),
                        {B.getInt32(Bits), B.getInt32(Type->IsSigned), Locations.idConstant(Call),
                         Table, B.getInt32(uint32_t(Among.size()))});
  } else {
    ++NumNondetCalls;
    LLVM_DEBUG(dbgs() << "bpor-instrument: nondet, the whole domain:" << Call << "\n");
    NondetKind Kind = IsFloat          ? NondetKind::FloatBits
                      : Type->IsSigned ? NondetKind::Signed
                                       : NondetKind::Unsigned;
    Word = B.CreateCall(Runtime.nondet(),
                        {B.getInt32(Bits), B.getInt32(uint32_t(Kind)), Locations.idConstant(Call)});
  }
  if (!ResultTy->isVoidTy()) {
    Value *Result;
    if (IsWidePair) {
      Value *High = Type->IsSigned ? B.CreateAShr(Word, 63) : B.getInt64(0);
      Result = B.CreateInsertValue(B.CreateInsertValue(PoisonValue::get(ResultTy), Word, {0}), High,
                                   {1});
    } else if (ResultTy->isPointerTy())
      Result = B.CreateIntToPtr(Word, ResultTy);
    else if (IsFloat) // the runtime gives its bits
      Result = B.CreateBitCast(B.CreateTrunc(Word, B.getIntNTy(Bits)), ResultTy);
    else if (ResultTy->getIntegerBitWidth() > 64)
      Result = Type->IsSigned ? B.CreateSExt(Word, ResultTy) : B.CreateZExt(Word, ResultTy);
    else
      Result = B.CreateZExtOrTrunc(Word, ResultTy);
    Result->takeName(&Call);
    Call.replaceAllUsesWith(Result);
  }
  Call.eraseFromParent();
  return true;
}

void CallRouter::replaceWithAtomicMarker(CallBase &Call, bool Begin) {
  IRBuilder<> B(&Call);
  if (Begin)
    B.CreateCall(Runtime.atomicBegin(), atomicBeginArguments(B, Locations.idConstant(Call)));
  else
    B.CreateCall(Runtime.atomicEnd(), {Locations.idConstant(Call)});
  if (!Call.use_empty()) // declared with a non-void type: give it a value
    Call.replaceAllUsesWith(PoisonValue::get(Call.getType()));
  Call.eraseFromParent();
}

bool CallRouter::wrapAtomic(CallBase &Call) {
  // Inside an atomic function the call is already atomic: no nesting.
  if (isInsideAtomicFunction(Call)) {
    ++NumNestedAtomicCalls;
    LLVM_DEBUG(dbgs() << "bpor-instrument: left alone, already atomic:" << Call << "\n");
    return false;
  }
  auto *CI = dyn_cast<CallInst>(&Call);
  if (!CI)
    return false; // an invoke: not produced from C
  ++NumAtomicCalls;
  LLVM_DEBUG(dbgs() << "bpor-instrument: made an atomic block:" << Call << "\n");
  ConstantInt *Loc = Locations.idConstant(Call);
  IRBuilder<> Before(CI);
  Before.CreateCall(Runtime.atomicBegin(), atomicBeginArguments(Before, Loc));
  IRBuilder<> After(CI->getNextNode());
  After.SetCurrentDebugLocation(CI->getDebugLoc());
  After.CreateCall(Runtime.atomicEnd(), {Loc});
  return true;
}

void CallRouter::eraseUnusedDeclarations() {
  for (Function *F : Replaced)
    if (F->isDeclaration() && F->use_empty())
      F->eraseFromParent();
  Replaced.clear();
}

} // namespace bpor::passes
