// The Execution's side of symbolic mode (docs/design.md, "Symbolic data"; the mode's state and
// rules are runtime/symbolic/SymbolicData's): what the interpreter asks about external calls,
// and decisions as pending operations and steps.
#include "runtime/Execution.h"

#include <fmt/format.h>

namespace bpor {

// The interpreter asks these for any external call, also of a function the runtime does not
// model (an id past the table): such a call keeps nothing symbolic. While reads take the
// values a weak-memory search gives (plain numbers), the calls that touch memory keep nothing
// symbolic either: their addresses and stored values are split or fixed before the call, and
// the bytes they reach before they are performed, so that shared memory holds plain values
// only and a given value is what the write it comes from wrote in every model.
bool Execution::keepsSymbolic(uint32_t id, unsigned arg) const {
  const runtime::ExternalOp *op = runtime::findExternalOp(id);
  return op && arg < 8 && (op->symbolicArgs >> arg & 1) != 0 &&
         !(options_.readsGivenValues && op->symbolicMemory);
}

bool Execution::touchesMemorySymbolically(uint32_t id) const {
  const runtime::ExternalOp *op = runtime::findExternalOp(id);
  return op && op->symbolicMemory && !options_.readsGivenValues;
}

bool Execution::keepsMemoryPlainForWeakSearch(uint32_t id) const {
  const runtime::ExternalOp *op = runtime::findExternalOp(id);
  return op && op->symbolicMemory && options_.readsGivenValues;
}

bool Execution::touchesPointee(uint32_t id, unsigned arg) const {
  const runtime::ExternalOp *op = runtime::findExternalOp(id);
  return !op || arg >= 8 || (op->untouchedPointees >> arg & 1) == 0;
}

bool Execution::onlyPrints(uint32_t id) const {
  const runtime::ExternalOp *op = runtime::findExternalOp(id);
  return op && op->onlyPrints;
}

bool Execution::readsPointees(uint32_t id) const {
  const runtime::ExternalOp *op = runtime::findExternalOp(id);
  return !op || op->readsPointees;
}

void Execution::drawUnwritten(ThreadState &state, Address first, uint64_t size) {
  if (symbolic_.on())
    symbolic_.drawUnwrittenRange(threads_.modify(state.threadId), first, size);
}

void Execution::setDecisionPending(ProgramThread &thread) {
  const PendingDecision &decision = thread.state.decision;
  context_.setPending(thread, OpKind::Decision, 0);
  thread.pending.numChoices = decision.numChoices;
  thread.pending.detail = uint8_t(decision.kind);
  // Decisions constrain one shared path condition. An assumption writes it: it has no other
  // outcome, so one thread's assumption can stop another's thread for good. A branch, switch
  // or division only reads it: every outcome is explored, the conjunction of two threads'
  // outcomes is the same in either order, and an outcome one order makes infeasible is taken
  // in the other order only together with outcomes that order covers as well
  // (docs/design.md, "Symbolic data").
  // A split (Value) writes it too: which value is the least one depends on the decisions
  // before it, so it does not commute with them.
  thread.pending.addAccess(PathConditionAddress, 1,
                           decision.kind == DecisionKind::Assume ||
                               decision.kind == DecisionKind::Value);
  if (thread.atomicDepth > 0) {
    // Inside an atomic block: the checker chooses, but no other thread may run meanwhile.
    thread.pending.global = true;
    atomicOwner_ = thread.state.threadId;
  }
}

Execution::Performed Execution::performDecision(ProgramThread &thread, uint32_t choice,
                                                Operation &event) {
  PendingDecision &decision = thread.state.decision;
  if (decision.kind == DecisionKind::None)
    return Performed::Complete;
  event.value = choice;
  if (!symbolic_.decide(thread.state, choice, threads_, numThreads_)) {
    if (decision.kind == DecisionKind::Assume && thread.atomicDepth == 0) {
      // A failed assumption stops its thread for good; the others go on (see
      // stopAtFailedAssume).
      decision = PendingDecision{};
      context_.setPending(thread, OpKind::FailedAssume, 0);
      thread.stage = runtime::Stage::FailedAssume;
      return Performed::Waiting;
    }
    // No input takes this outcome of a branch: the execution is cut here (not an error). The
    // other outcome, feasible, continues from the same state, so nothing the other threads could
    // still do is lost.
    status_ = ExecStatus::Infeasible;
    return Performed::Stopped;
  }
  if (decision.kind == DecisionKind::Address && choice == 0) {
    // Checked here, not by the access: outside its object the address may point into another
    // live object, where the access itself would not fault.
    decision = PendingDecision{};
    context_.fail(ErrorKind::MemoryError, thread, context_.currentLocation(thread),
                  fmt::format("{}: a load or store at an address computed from nondet inputs "
                              "can lie outside its object",
                              memoryFaultName(MemoryFault::OutOfBounds)));
    return Performed::Stopped;
  }
  if (decision.kind == DecisionKind::Assume) {
    decision = PendingDecision{};
    return Performed::Complete; // the __VERIFIER_assume call returns
  }
  // The instruction the thread stands at runs again, concretely, on refreshed operands.
  decision.decided = true;
  return Performed::Retry;
}

} // namespace bpor
