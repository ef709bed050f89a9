//===- CallRouter.h - Calls with concurrency semantics go to the runtime -===//
//
// Direct calls of declared pthread_*, sem_*, sched_yield, SV-COMP and exit
// functions (and of reach_error, declared or defined) are renamed to their __bpor_* counterparts
// (runtime/bpor_abi.h),
// __VERIFIER_nondet_<type>() becomes __bpor_nondet plus a conversion, and
// calls of __VERIFIER_atomic_* functions are wrapped in
// __bpor_atomic_begin/end, and pthread_once becomes __bpor_once_begin/end
// around a call of its routine (OnceLowering.h). Calls through function
// pointers stay as they are.
//
//===----------------------------------------------------------------------===//
#ifndef BPOR_PASSES_CALLROUTER_H
#define BPOR_PASSES_CALLROUTER_H

#include "passes/InstrumentOptions.h"
#include "passes/RuntimeFunctions.h"
#include "passes/SourceLocations.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"

#include <cstdint>
#include <vector>

namespace bpor::passes {

/// The __bpor_* function a call of the declared function `Name` is renamed
/// to (the Routed rows and routed aliases of core/ModelledFunctions.def), or
/// an empty string if it is not renamed (nondet and atomic functions are
/// rewritten, not renamed).
llvm::StringRef routedName(llvm::StringRef Name);

/// reach_error and __VERIFIER_error (SV-COMP's error functions): their direct calls are
/// routed to __bpor_reach_error even where the program defines them.
bool isErrorFunctionName(llvm::StringRef Name);

class CallRouter {
public:
  /// Options.NondetClasses: a nondet result only compared with constants draws from its
  /// classes (NondetDomain.h), one whose assumption allows few values from those
  /// (AssumedValues.h; abort() ends silently with Options.AbortIsNoViolation).
  /// Options.RouteErrorFunctions: calls of the error functions become __bpor_reach_error.
  CallRouter(llvm::Module &M, RuntimeFunctions &Runtime, SourceLocationTable &Locations,
             const InstrumentOptions &Options);

  /// Routes F's direct calls; returns how many calls it changed.
  unsigned route(llvm::Function &F);

  /// Erases the declarations whose calls were all routed.
  void eraseUnusedDeclarations();

private:
  bool routeCall(llvm::CallBase &Call, llvm::Function &Callee);
  void rename(llvm::CallBase &Call, llvm::Function &Callee,
              llvm::StringRef NewName);
  bool rewriteNondet(llvm::CallBase &Call, llvm::StringRef Suffix);
  void replaceWithAtomicMarker(llvm::CallBase &Call, bool Begin);
  bool wrapAtomic(llvm::CallBase &Call);

  llvm::Module &M;
  RuntimeFunctions &Runtime;
  SourceLocationTable &Locations;
  bool RouteErrorFunctions;
  /// The values a nondet call draws instead of the runtime's domain: one of each class of
  /// values its uses cannot tell apart, or those its assumption allows.
  struct DrawnValues {
    std::vector<uint64_t> Values;
    bool Assumed; // AssumedValues.h, else NondetDomain.h
  };
  llvm::DenseMap<const llvm::CallBase *, DrawnValues> NondetDrawnValues;
  llvm::SetVector<llvm::Function *> Replaced;
};

} // namespace bpor::passes

#endif
