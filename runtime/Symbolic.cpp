// The Execution's side of symbolic mode (docs/design.md, "Symbolic data"; the mode's state and
// rules are runtime/symbolic/SymbolicData's): what the interpreter asks about external calls,
// and decisions as pending operations and steps.
#include "runtime/Execution.h"

#include <fmt/format.h>

#include <algorithm>

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

// A block whose footprint the pass named makes no visible access outside it and no other
// visible call (passes/AtomicFootprint.h), so a symbolic value can reach it only from the
// thread's own slots and stack objects or from the named ranges' objects. If one holds a
// symbolic value, the block may stop inside itself at a decision and keep every other thread
// out until it leaves: its pending operation must then conflict with everything, as its event
// will (AtomicBlockFootprint::finish), or the searches would reorder other threads' steps
// across a step that disables them. The thread's own part cannot change while the block is
// pending (no other thread reaches those objects without a visible access, which a named block
// has not), so it is looked at once; the named ranges after every step.
void Execution::pendNamedBlock(ProgramThread &thread) {
  thread.namedBlock = runtime::NamedBlock::Reached;
  if (!symbolic_.on())
    return;
  const ThreadState &state = thread.state;
  bool own = std::any_of(state.shadows.begin(), state.shadows.end(),
                         [](ExprId e) { return e != ConcreteValue; }) ||
             (memory_.hasShadows() &&
              std::any_of(state.allocas.begin(), state.allocas.end(),
                          [&](Address a) { return !memory_.shadowsOfObject(a, 0).empty(); }));
  if (own)
    thread.namedBlock = runtime::NamedBlock::ReachedByOwn;
  thread.pending.global = mayDecideInsideBlock(thread);
}

bool Execution::mayDecideInsideBlock(const ProgramThread &thread) const {
  if (thread.namedBlock == runtime::NamedBlock::ReachedByOwn)
    return true;
  if (!symbolic_.on() || !memory_.hasShadows())
    return false;
  const Operation &named = thread.pending;
  for (unsigned k = 0; k < named.numAccesses; ++k)
    if (!memory_.shadowsOfObject(named.accesses[k].address, 0).empty())
      return true;
  return false;
}

void Execution::reconsiderNamedBlocks() {
  if (!memory_.hasShadows())
    return;
  for (ThreadId t = 0; t < numThreads_; ++t) {
    const ProgramThread &thread = threads_[t];
    if (thread.namedBlock != runtime::NamedBlock::Reached ||
        thread.pending.kind != OpKind::AtomicBlock)
      continue;
    bool global = mayDecideInsideBlock(thread);
    if (global != thread.pending.global)
      threads_.modify(t).pending.global = global;
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
