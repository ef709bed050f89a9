// The symbolic part's inputs, path and decisions (SymbolicData.h); its memory half is in
// SymbolicShadows.cpp.
#include "runtime/symbolic/SymbolicData.h"

#ifdef BPOR_WITH_Z3
#include "runtime/symbolic/SymbolicRun.h"
#endif

#include <algorithm>
#include <unordered_map>

namespace bpor::runtime {

void SymbolicData::reset() {
  state_ = SymbolicState{};
  state_.path = root_;
}

#ifdef BPOR_WITH_Z3

bool SymbolicData::supported() { return true; }

void SymbolicData::enable(Interpreter &interp, ConcretisationCounts &concretised) {
  store_ = std::make_shared<symbolic::ExprStore>();
  run_ = std::make_shared<SymbolicRun>(*store_, state_, concretised);
  interp_ = &interp;
  interp.setSymbolic(run_.get());
}

void SymbolicData::anchorModel() {
  if (store_)
    root_ = store_->rootWithModelOf(state_.path);
}

uint64_t SymbolicData::solverUnknowns() const {
  return store_ ? store_->statistics().unknown : 0;
}

std::vector<NondetValue> SymbolicData::nondetValues() const {
  std::vector<NondetValue> values;
  if (!run_)
    return values;
  for (const NondetInput &input : state_.inputs)
    values.push_back(NondetValue{input.thread, input.location, input.bits, input.kind,
                                 run_->value(input.symbol), input.afterStep});
  return values;
}

void SymbolicData::nondet(ProgramThread &thread, const ExternalCall &call, uint32_t location,
                          Slot *result) {
  unsigned bits = std::clamp<unsigned>(unsigned(call.arg(0)), 1, 64);
  ExprId symbol = store_->symbol(thread.state.threadId, thread.nondetCalls++, bits);
  state_.inputs.push_back(NondetInput{thread.state.threadId, location, uint8_t(bits),
                                      NondetKind(call.arg(1)), symbol, state_.steps});
  result[0] = run_->value(symbol);
  if (call.resultShadows)
    call.resultShadows[0] = symbol;
}

bool SymbolicData::assumeDecision(const ExternalCall &call, PendingDecision &decision) {
  ExprId holds = run_->binary(interp::Op::ICmpNe, 32, call.argShadow(0), run_->constant(0, 32));
  uint64_t constant = 0;
  if (run_->isConstant(holds, constant))
    return false;
  decision = PendingDecision{DecisionKind::Assume, holds, 1, false};
  return true;
}

bool SymbolicData::decide(const ThreadState &state, uint32_t choice, ThreadTable &threads,
                          ThreadId numThreads) {
  const PendingDecision &decision = state.decision;
  symbolic::ExprStore &store = *store_;
  ExprId outcome = ConcreteValue;
  switch (decision.kind) {
  case DecisionKind::Branch:
  case DecisionKind::Division:
  case DecisionKind::Address:
    outcome = choice == 1 ? decision.expr : store.negate(decision.expr);
    break;
  case DecisionKind::Value: {
    ExprId isLeast = run_->isLeastValue(decision.expr);
    outcome = choice == 1 ? isLeast : store.negate(isLeast);
    break;
  }
  case DecisionKind::Assume:
    outcome = decision.expr;
    break;
  case DecisionKind::Switch: {
    const Frame &frame = state.frames.back();
    const interp::Function &function = program_.function(frame.function);
    const uint64_t *table = function.extra.data() + function.code[frame.pc].imm;
    uint64_t numCases = table[0];
    if (choice < numCases) {
      outcome = store.equals(decision.expr, store.constant(table[2 + 2 * choice], 64));
    } else {
      outcome = store.constant(1, 1);
      for (uint64_t i = 0; i < numCases; ++i)
        outcome = store.binary(
            interp::Op::And, 1, outcome,
            store.negate(store.equals(decision.expr, store.constant(table[2 + 2 * i], 64))));
    }
    break;
  }
  case DecisionKind::None:
    return true;
  }
  bool modelChanged = false;
  if (!run_->assume(outcome, modelChanged))
    return false;
  if (modelChanged)
    refreshConcreteValues(threads, numThreads);
  if (decision.kind == DecisionKind::Value)
    dropFixedShadows(threads, numThreads);
  return true;
}

void SymbolicData::dropFixedShadows(ThreadTable &threads, ThreadId numThreads) {
  std::unordered_map<ExprId, bool> known;
  auto fixed = [&](ExprId e) {
    if (e == ConcreteValue)
      return false;
    auto [it, inserted] = known.try_emplace(e, false);
    if (inserted)
      it->second = store_->fixedUnder(state_.path, e);
    return it->second;
  };
  auto drop = [&](ExprId &e) {
    if (fixed(e))
      e = ConcreteValue;
  };
  for (ThreadId t = 0; t < numThreads; ++t) {
    ProgramThread &thread = threads.modify(t);
    for (ExprId &e : thread.state.shadows)
      drop(e);
    for (ExprId &e : thread.state.returnShadows)
      drop(e);
    drop(thread.exitShadow);
  }
  memory_.clearShadowsWhere(fixed);
}

void SymbolicData::refreshConcreteValues(ThreadTable &threads, ThreadId numThreads) {
  for (ThreadId t = 0; t < numThreads; ++t) {
    ProgramThread &thread = threads.modify(t);
    ThreadState &state = thread.state;
    for (size_t i = 0; i < state.shadows.size(); ++i)
      if (state.shadows[i] != ConcreteValue)
        state.slots[i] = run_->value(state.shadows[i]);
    for (size_t i = 0; i < state.returnShadows.size() && i < state.returnValue.size(); ++i)
      if (state.returnShadows[i] != ConcreteValue)
        state.returnValue[i] = run_->value(state.returnShadows[i]);
    if (thread.exitShadow != ConcreteValue)
      thread.exitValue = run_->value(thread.exitShadow);
    // The copy of a paused call's arguments: re-read from the frame.
    if (thread.stage == Stage::AtCall && state.status == RunResult::Paused &&
        thread.pending.kind != OpKind::Decision) {
      ExternalCall call = interp_->pendingCall(state);
      for (unsigned i = 0; i < std::min(call.numArgs(), Request::MaxArgs); ++i)
        if (call.argShadow(i) != ConcreteValue)
          thread.request.args[i] = call.arg(i);
    }
  }
  memory_.forEachShadow([&](uint8_t &byte, uint32_t expr) { byte = uint8_t(run_->value(expr)); });
}

#else // no Z3: the mode is never on, and nothing below is called but the queries

bool SymbolicData::supported() { return false; }
void SymbolicData::enable(Interpreter &, ConcretisationCounts &) {}
void SymbolicData::anchorModel() {}
uint64_t SymbolicData::solverUnknowns() const { return 0; }
std::vector<NondetValue> SymbolicData::nondetValues() const { return {}; }
void SymbolicData::nondet(ProgramThread &, const ExternalCall &, uint32_t, Slot *) {}
bool SymbolicData::assumeDecision(const ExternalCall &, PendingDecision &) { return false; }
bool SymbolicData::decide(const ThreadState &, uint32_t, ThreadTable &, ThreadId) {
  return true;
}
void SymbolicData::refreshConcreteValues(ThreadTable &, ThreadId) {}

#endif

} // namespace bpor::runtime
