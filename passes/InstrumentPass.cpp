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

/// A return frees the frame's stack objects, which another thread may still use once an
/// address of one was published: __bpor_frame_end before each return lets the runtime make that
/// release a visible operation (runtime FrameEnd), so that every explorer orders it against the
/// other threads' accesses like a free. Unwinding and longjmp release frames without it.
void insertFrameEnds(Function &F, RuntimeFunctions &Runtime, SourceLocationTable &Locations) {
  std::vector<ReturnInst *> Returns;
  for (Instruction &I : instructions(F))
    if (auto *RI = dyn_cast<ReturnInst>(&I))
      Returns.push_back(RI);
  for (ReturnInst *RI : Returns) {
    if (RI->getParent()->getTerminatingMustTailCall())
      continue; // nothing may come between a musttail call and its return
    auto *Call = CallInst::Create(Runtime.frameEnd(), {Locations.idConstant(*RI)}, "", RI);
    Call->setDebugLoc(RI->getDebugLoc());
  }
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
    bool SharedFrame = markSharedAllocas(*F, Shared);
    Memory.instrument(*F, Shared);
    if (SharedFrame)
      insertFrameEnds(*F, Runtime, Locations);
    Calls.route(*F);
  }
  Calls.eraseUnusedDeclarations();
  describeAtomicFootprints(M);
  Locations.finalize();
  return PreservedAnalyses::none();
}

} // namespace bpor::passes
