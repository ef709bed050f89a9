//===- InstrumentPass.cpp - bpor-instrument ------------------------------===//
#include "passes/InstrumentPass.h"

#include "passes/AtomicFootprint.h"

#include "passes/CallRouter.h"
#include "passes/FrameEnds.h"
#include "passes/MemoryInstrumenter.h"
#include "passes/RuntimeFunctions.h"
#include "passes/SharedMemory.h"
#include "passes/SourceLocations.h"
#include "passes/ThreadLocals.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Metadata.h"
#include "llvm/Support/Debug.h"

#include <vector>

using namespace llvm;

#define DEBUG_TYPE "bpor-instrument"

// Always tracked, so that opt -stats shows them with a release build of LLVM (passes/README.md).
ALWAYS_ENABLED_STATISTIC(NumFunctionsInstrumented, "Functions instrumented");
ALWAYS_ENABLED_STATISTIC(NumSharedFrames, "Functions with a shared alloca (frame ends)");

namespace bpor::passes {

namespace {
/// Marks the allocas whose memory may be shared; returns whether there is one.
bool markSharedAllocas(Function &F, const SharedMemory &Shared) {
  MDNode *Empty = MDNode::get(F.getContext(), {});
  bool Any = false;
  for (Instruction &I : instructions(F))
    if (auto *AI = dyn_cast<AllocaInst>(&I); AI && !Shared.isLocal(*AI)) {
      AI->setMetadata(SharedAllocaMetadata, Empty);
      Any = true;
    }
  return Any;
}

} // namespace

PreservedAnalyses InstrumentPass::run(Module &M, ModuleAnalysisManager &) {
  RuntimeFunctions Runtime(M);
  SourceLocationTable Locations(M);
  MemoryInstrumenter Memory(M, Runtime, Locations);
  CallRouter Calls(M, Runtime, Locations, Options);
  // First, so that accesses through the per-thread addresses are classified as shared.
  rewriteThreadLocals(M, Runtime);

  std::vector<Function *> Bodies;
  for (Function &F : M)
    if (!F.isDeclaration() && !isRuntimeFunctionName(F.getName()))
      Bodies.push_back(&F);

  for (Function *F : Bodies) {
    LLVM_DEBUG(dbgs() << "bpor-instrument: function " << F->getName() << "\n");
    ++NumFunctionsInstrumented;
    // Classify before rewriting: the new calls take addresses as arguments.
    SharedMemory Shared(*F);
    bool SharedFrame = markSharedAllocas(*F, Shared);
    Memory.instrument(*F, Shared);
    Calls.route(*F);
    // After routing: a lowered pthread_once calls a routine that may throw (FrameEnds.h).
    if (SharedFrame) {
      ++NumSharedFrames;
      insertFrameEnds(*F, Runtime, Locations);
    }
  }
  Calls.eraseUnusedDeclarations();
  describeAtomicFootprints(M);
  Locations.finalize();
  return PreservedAnalyses::none();
}

} // namespace bpor::passes
