//===- LoopAbstraction.h - Loops without effects, over-approximated ------===//
//
// A loop whose iterations have no effect but on its own registers (they read only global
// variables, write no memory, synchronise with nothing, call only functions of the same kind
// and __VERIFIER_nondet_*) can still have a nondet number of iterations: `for (i = *ppos;
// count > 0 && i < len; ++i, --count)` over nondet `count` and `len` is one path per iteration
// count, up to 2^32 of them. This pass replaces such a loop by its last iteration:
//
//   n := a nondet 64-bit iteration count;
//   each header phi := its value after n iterations: start + step * n for an affine induction
//                      variable (ScalarEvolution), a nondet value for any other integer;
//   run the body once from there; where it would go round again, the execution is infeasible.
//
// Every execution of the program that leaves the loop after k iterations has one of the
// abstract program with n = k (the skipped iterations read and decide nothing anyone else
// sees), so a search that covers every value of n and of the other nondet values and finds no
// violation proves the program has none. The converse does not hold: the abstract program
// may reach a violation the program cannot (a havocked value the loop never takes, an
// iteration count its exit test forbids earlier). So its violations settle nothing.
//
// Loops that are not innermost, have no preheader, or whose header has a phi of another kind
// (a pointer that is not an affine induction variable, a float) are left alone, as are loops
// with a load that might fault: only loads within a global variable, at constant offsets, run.
//===----------------------------------------------------------------------===//
#ifndef BPOR_PASSES_LOOPABSTRACTION_H
#define BPOR_PASSES_LOOPABSTRACTION_H

#include "llvm/IR/PassManager.h"

namespace bpor::passes {

class LoopAbstractionPass : public llvm::PassInfoMixin<LoopAbstractionPass> {
public:
  /// `Abstracted`, if given, receives the number of loops replaced.
  explicit LoopAbstractionPass(unsigned *Abstracted = nullptr) : Abstracted(Abstracted) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);

private:
  unsigned *Abstracted;
};

} // namespace bpor::passes

#endif
