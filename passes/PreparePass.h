//===- PreparePass.h - bpor-prepare --------------------------------------===//
//
// Promotes locals to registers (SROA, then mem2reg) so that fewer accesses
// need classifying, and nothing else: no GVN, LICM or inlining, which could
// merge or hoist loads of shared memory and so change the program's visible
// operations.
//
//===----------------------------------------------------------------------===//
#ifndef BPOR_PASSES_PREPAREPASS_H
#define BPOR_PASSES_PREPAREPASS_H

#include "llvm/IR/PassManager.h"

namespace bpor::passes {

class PreparePass : public llvm::PassInfoMixin<PreparePass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace bpor::passes

#endif
