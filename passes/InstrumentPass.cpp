//===- InstrumentPass.cpp - bpor-instrument ------------------------------===//
#include "passes/InstrumentPass.h"

#include "passes/AtomicFootprint.h"

#include "passes/CallRouter.h"
#include "passes/MemoryInstrumenter.h"
#include "passes/RuntimeFunctions.h"
#include "passes/SharedMemory.h"
#include "passes/SourceLocations.h"
#include "passes/ThreadLocals.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Metadata.h"

#include <vector>

using namespace llvm;

namespace bpor::passes {

namespace {
void markSharedAllocas(Function &F, const SharedMemory &Shared) {
  MDNode *Empty = MDNode::get(F.getContext(), {});
  for (Instruction &I : instructions(F))
    if (auto *AI = dyn_cast<AllocaInst>(&I); AI && !Shared.isLocal(*AI))
      AI->setMetadata(SharedAllocaMetadata, Empty);
}
} // namespace

PreservedAnalyses InstrumentPass::run(Module &M, ModuleAnalysisManager &) {
  RuntimeFunctions Runtime(M);
  SourceLocationTable Locations(M);
  MemoryInstrumenter Memory(M, Runtime, Locations);
  CallRouter Calls(M, Runtime, Locations, NondetClasses, RouteErrorFunctions);
  // First, so that accesses through the per-thread addresses are classified as shared.
  rewriteThreadLocals(M, Runtime);

  std::vector<Function *> Bodies;
  for (Function &F : M)
    if (!F.isDeclaration() && !isRuntimeFunctionName(F.getName()))
      Bodies.push_back(&F);

  for (Function *F : Bodies) {
    // Classify before rewriting: the new calls take addresses as arguments.
    SharedMemory Shared(*F);
    markSharedAllocas(*F, Shared);
    Memory.instrument(*F, Shared);
    Calls.route(*F);
  }
  Calls.eraseUnusedDeclarations();
  describeAtomicFootprints(M);
  Locations.finalize();
  return PreservedAnalyses::none();
}

} // namespace bpor::passes
