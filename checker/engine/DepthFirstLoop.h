// The run loop both depth-first engines share (checker/Search.h, checker/optimal/OptimalSearch.h):
// the first execution from the initial state, then, until the stack is exhausted or the ledger
// says stop, back to the deepest state with a branch left and on from there.
#pragma once

#include "checker/engine/ExecutionEnds.h"
#include "checker/engine/SearchLedger.h"
#include "checker/engine/StateRestorer.h"

namespace bpor {

/// Runs `engine`, which provides (to this function, a friend):
///   captureState(bool running)  push the frame of the model's current state
///   initialize()                the new top state's first branches
///   runExecution()              from the top state until the execution ends
///   backtrackToNextBranch()     pop to the next branch, return there and take it (false when
///                               none is left); lastBranchEnded: that step ended its execution
///   hasUnexploredBranch()       whether a branch is left on the stack
///   reportError(), endExecution()
template <typename Engine>
SearchResult runDepthFirst(Engine &engine, Model &model, StateRestorer &restorer,
                           SearchLedger &ledger) {
  ledger.start();
  restorer.restart(/*measure=*/true);
  ExecStatus status = model.status();
  engine.captureState(status == ExecStatus::Running);
  if (status != ExecStatus::Running) {
    // The program ended (or failed) before its first visible operation.
    if (status == ExecStatus::Error)
      engine.reportError(model.error());
    engine.endExecution(executionEndOf(status));
  } else {
    engine.initialize();
    engine.runExecution();
  }
  while (!ledger.stopped()) {
    if (!engine.backtrackToNextBranch())
      break;
    if (!ledger.stopped() && !engine.lastBranchEnded)
      engine.runExecution();
  }
  return ledger.finish([&] { return engine.hasUnexploredBranch(); });
}

} // namespace bpor
