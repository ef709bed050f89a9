//===- SpinLoopPass.h - bpor-spin-yield / bpor-spin-assume ---------------===//
//
// A spin loop is a loop whose iterations only read shared memory: no stores,
// no calls other than the __bpor_load calls the instrumentation made and calls
// of functions that themselves only read (transitively), and no loop-carried
// local state (no header phi that changes). Such an iteration
// makes no progress, so under the dissertation's fairness assumption
// (ch. 2.7.5, "a thread always yields the processor if it is not making
// progress") it must yield: the pass puts __bpor_spin_yield(loc) on each back
// edge so that the fair bound breaks the cycle, and Peterson's lock without
// sched_yield is checkable with the default bounds. In Assume mode the back
// edge gets __bpor_assume(0) instead. Either way the iteration is marked:
// __bpor_spin_start(n) at the header, __bpor_spin_end(n) on each back edge
// (invisible calls; the weak-memory search reads from them which events the
// iteration made). Loops in __VERIFIER_atomic_* functions
// are left alone (no other thread runs there). Runs after bpor-instrument.
//
// An update loop is one whose only effects are atomic read-modify-writes
// (compare-and-swaps, exchanges, fetch-and-ops), with no loop-carried local
// state: a test-and-set lock of a compare-and-swap or of atomic_exchange or
// atomic_flag_test_and_set, a compare-and-swap retry loop that reloads the
// value it expects. An iteration whose updates all wrote the value they read
// (a failed compare-and-swap writes nothing, an exchange of 1 read 1) changed
// nothing; whether it did is known only when it has run, so the pass marks
// the loop and the search decides at each back edge. Its back edges get
// __bpor_update_loop_yield(loc), which is a spin yield only where the
// weak-memory search asks for one (Model::setWeakMemorySteps) and no
// operation otherwise, so the searches under sequential consistency see the
// loop as before.
//===----------------------------------------------------------------------===//
#ifndef BPOR_PASSES_SPINLOOPPASS_H
#define BPOR_PASSES_SPINLOOPPASS_H

#include "passes/InstrumentOptions.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/PassManager.h"

namespace bpor::passes {

using FunctionSet = llvm::SmallPtrSet<const llvm::Function *, 16>;

/// The functions of M whose calls only read memory: every instruction only
/// reads, and every call is a shared read or a call of such a function.
FunctionSet readOnlyFunctions(const llvm::Module &M);

/// The functions of M, not read-only, whose calls only read memory and make
/// atomic read-modify-writes: every instruction only reads, or is an update,
/// or calls such a function (libstdc++'s std::atomic<T>::exchange at -O0, a
/// member the loop calls rather than inlines). A loop's call of one counts as
/// an update.
FunctionSet updateOnlyFunctions(const llvm::Module &M, const FunctionSet &ReadOnly);

/// True if every iteration of L only reads memory (see the file comment).
/// Loops that already yield (sched_yield, a spin yield) are not spin loops.
bool isSpinLoop(const llvm::Loop &L, const FunctionSet &ReadOnly);


class SpinLoopPass : public llvm::PassInfoMixin<SpinLoopPass> {
public:
  explicit SpinLoopPass(SpinLoopHandling Handling = SpinLoopHandling::Yield)
      : Handling(Handling) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  SpinLoopHandling Handling;
};

} // namespace bpor::passes

#endif
